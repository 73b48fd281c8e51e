import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EntityRole, EntityType } from '../../../../shared/enums';
import { permissionsForRole } from '../../../../shared/permissions';
import { storageKeys } from '../../stores/browser-storage';
import { authStateAtom, loginActionAtom } from '../../stores/session';
import { fails, fakeApi, ok, type FakeRequest } from '../../testing/fake-api';
import { aSignedInUser } from '../../testing/users';
import { createRoutes } from '../router';

/**
 * The account pages inside the real router and guards, against a fake server: where
 * a login, a confirmation and a reset lead (docs/product/sessions-and-sign-in.md#after-login, docs/product/accounts.md#e-mail-confirmation-and-password-reset).
 */

const user = aSignedInUser({ lastLoginDate: '2026-01-02T03:04:05.000Z' });
const entity = (id: number, entityTypeId: number) => ({
  id,
  entityName: entityTypeId === EntityType.Family ? 'The Bergs' : 'North Advisors',
  entityTypeId,
  canvasName: null,
  domain: null,
  vatNumber: null,
  email: null,
  phone: null,
  addresses: [],
  entityRoleId: EntityRole.Owner,
  entityRoleName: 'Owner',
  entityRolePermissions: permissionsForRole(EntityRole.Owner),
  entityMemberId: `m${id}`,
  entityMemberCompanyPosition: null,
});

let restore: () => void = () => undefined;
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => restore());

function openApp(path: string, entities: ReturnType<typeof entity>[] = [], extraRoutes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'POST /auth/salt': ok({ salt: 'AAECAwQFBgcICQoLDA0ODw==' }),
    'POST /auth/signin': ok(user),
    'GET /entities': ok(entities),
    'POST /auth/set-current-entity': (request: FakeRequest) => ok(entities.find((item) => item.id === (request.body as { id: number }).id) ?? null),
    ...extraRoutes,
  });
  restore = api.restore;
  const store = createStore();
  const router = createMemoryRouter(createRoutes({ store, logout: async () => undefined, sessionReady: async () => undefined }), { initialEntries: [path] });
  render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
  return { api, store, router, user: userEvent.setup() };
}

async function logIn(app: ReturnType<typeof openApp>) {
  const email = await screen.findByRole('textbox', { name: 'E-mail' });
  await app.user.type(email, 'anna@berg.example');
  await app.user.type(screen.getByLabelText(/^Password/), 'Sunny-Day42');
  await app.user.click(screen.getByRole('button', { name: 'Login' }));
}

const at = (app: ReturnType<typeof openApp>) => `${app.router.state.location.pathname}${app.router.state.location.search}`;

describe('after login (docs/product/sessions-and-sign-in.md#after-login)', () => {
  it.each([
    ['a family', [entity(3, EntityType.Family)], '/canvas'],
    ['an advisor company', [entity(8, EntityType.AdvisorCompany)], '/dashboard'],
    ['no entity', [], '/no-entity'],
  ])('sends a user of %s on through the loading page', async (_who, entities, destination) => {
    const app = openApp('/login', entities);
    await logIn(app);
    await waitFor(() => expect(at(app)).toBe(destination));
    expect(app.store.get(authStateAtom)).toMatchObject({ isAuthenticated: true, isLoginInProgress: false });
    expect(window.localStorage.getItem(storageKeys.userId)).toBe('u1');
  });

  it('returns to the page remembered when the guard asked for a login', async () => {
    const app = openApp('/my-family', [entity(3, EntityType.Family)]);
    await waitFor(() => expect(at(app)).toBe('/login'));
    await logIn(app);
    await waitFor(() => expect(at(app)).toBe('/my-family'));
    expect(window.sessionStorage.getItem(storageKeys.redirectAfterLogin)).toBeNull();
  });

  it('stays on login with the message for wrong credentials', async () => {
    const app = openApp('/login', [], { 'POST /auth/signin': fails(401, 12) });
    await logIn(app);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your email or password are incorrect.')).toBeInTheDocument();
    expect(at(app)).toBe('/login');
  });
});

describe('the links of the e-mails (docs/product/accounts.md#e-mail-confirmation-and-password-reset)', () => {
  it('confirms the e-mail and opens login saying so, with the address filled in', async () => {
    const app = openApp('/email-confirmation?token=abc', [], { 'GET /email-confirmation': ok({ email: 'anna@berg.example' }) });
    await waitFor(() => expect(at(app)).toBe('/login'));
    expect(app.store.get(loginActionAtom)).toBe('confirmed');
    expect(await screen.findByTestId('login-notice')).toHaveTextContent('Your e-mail address is confirmed.');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('anna@berg.example');
  });

  it('sends a confirmation link without a token to not found', async () => {
    const app = openApp('/email-confirmation');
    await waitFor(() => expect(at(app)).toBe('/not-found'));
  });

  it('resets the password and opens login saying so', async () => {
    const app = openApp('/reset-password?email=anna%40berg.example&token=t0k3n', [], {
      'POST /password/check-reset': { status: 204 },
      'POST /password/reset': ok({ email: 'anna@berg.example' }),
    });
    expect(await screen.findByText('Choose a new password for anna@berg.example.')).toBeInTheDocument();
    await app.user.type(await screen.findByLabelText(/^New password/), 'Brand-New7?');
    await app.user.type(screen.getByLabelText(/^Repeat new password/), 'Brand-New7?');
    await app.user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(at(app)).toBe('/login'));
    expect(app.store.get(loginActionAtom)).toBe('reset');
    expect(await screen.findByTestId('login-notice')).toHaveTextContent('Your password has been changed.');
  });
  it('says an expired reset link is expired as soon as the page opens, with the way to a new one (defect 7)', async () => {
    const app = openApp('/reset-password?email=anna%40berg.example&token=old', [], { 'POST /password/check-reset': fails(410, 21) });
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(at(app)).toBe('/reset'));
  });
});

describe('the start page (docs/product/shell.md#screens)', () => {
  it('offers Start registration and Sign in', async () => {
    openApp('/start');
    expect(await screen.findByRole('link', { name: 'Start registration' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('invitation-text')).not.toBeInTheDocument();
  });
});
