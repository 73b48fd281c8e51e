import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../../../shared/contracts/auth';
import { ErrorCodes } from '../../../../../shared/errors';
import { permissionsForRole } from '../../../../../shared/permissions';
import { createStore } from 'jotai';
import { hashPassword } from '../../../lib/password-hash';
import { fails, fakeApi, ok, type FakeRequest, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ada, aSignedInUser } from '../../../testing/users';
import { currentEntityIdAtom, entitiesAtom } from '../../../stores/session';
import { ProfilePage } from './ProfilePage';

let restore = () => undefined as void;
afterEach(() => restore());

const fast = { stepMs: 1, successMs: 1 };

const profile: UserProfile = {
  ...aSignedInUser({
    ...ada,
    id: 'user-1',
    lastLoginDate: '2026-03-01T10:00:00.000Z',
    addresses: [{ id: 'addr-1', streetAddress: '12 Analytical Row', city: 'London', postalCode: 'N1 9GU', country: 'GB' }],
  }),
  privacySettings: { email: 10, phone: 10, address: 10 },
};

function setup(
  routes: Record<string, FakeResponse | ((request: FakeRequest) => FakeResponse)> = {},
  options: { withEntities?: boolean; tab?: 'general' | 'password' | 'security' | 'notifications' } = {},
) {
  const api = fakeApi({
    'GET /user/profile': ok(profile),
    'GET /user/prefixes': ok(['Mr', 'Mrs', 'Ms', 'Dr']),
    'GET /addresses/countries': ok([
      { code: 'DE', name: 'Germany' },
      { code: 'GB', name: 'United Kingdom' },
    ]),
    ...routes,
  });
  restore = api.restore;
  const store = createStore();
  if (options.withEntities) {
    store.set(entitiesAtom, [
      { id: 1, entityName: 'Lovelace Family', entityTypeId: 1, entityRoleId: 1, entityRolePermissions: permissionsForRole(1) },
      { id: 2, entityName: 'Babbage Advisors', entityTypeId: 2, entityRoleId: 3, entityRolePermissions: permissionsForRole(3) },
    ]);
    store.set(currentEntityIdAtom, 2);
  }
  const view = renderWithApp(
    <ProfilePage resetHref="/reset" selectedTab={options.tab} progressTiming={fast} canvasAccessTab={<p>Canvas access list</p>} signInMethods={null} />,
    { store },
  );
  return { ...view, api };
}

describe('the profile tabs (docs/product/accounts.md#screens)', () => {
  it('numbers the tabs and shows member rights and canvas access only with entities and an advisor company current', async () => {
    setup({}, { withEntities: true });
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      '1 General',
      '2 Password',
      '3 Member rights',
      '4 Canvas access',
      '5 Privacy settings',
      '6 Security',
      '7 Notifications',
    ]);
  });

  it('leaves out tabs 3 and 4 for a user without entities', async () => {
    setup();
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      '1 General',
      '2 Password',
      '5 Privacy settings',
      '6 Security',
      '7 Notifications',
    ]);
  });
});

describe('profile tab 1, General (docs/product/accounts.md#validation Profile)', () => {
  it('enables Save only when something changed, and sends only what changed', async () => {
    const { user, api } = setup({ 'PATCH /user/user-1': (request) => ok({ ...profile, ...(request.body as object) }) });
    const save = await screen.findByRole('button', { name: 'Save' });
    const firstName = screen.getByRole('textbox', { name: /First name/ });
    expect(save).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveAttribute('readonly');

    await user.type(firstName, 'x');
    expect(save).toBeEnabled();
    await user.type(firstName, '{Backspace}');
    expect(save).toBeDisabled();

    await user.clear(firstName);
    await user.type(firstName, ' Augusta ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Prefix' }), 'Dr');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PATCH /user/user-1').map((call) => call.body)).toEqual([{ firstName: 'Augusta', prefix: 'Dr' }]));
    expect(api.callsTo('PATCH /user/address/addr-1')).toEqual([]);
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
  });

  it('saves the digest setting only once it changed, and says so', async () => {
    const settings = { digest: 'weekly', timeZone: 'UTC', nextDigestDate: '2026-11-30T07:00:00.000Z' };
    const { user, api } = setup(
      { 'GET /user/notifications': ok(settings), 'PUT /user/notifications': (request) => ok({ ...(request.body as object), nextDigestDate: null }) },
      { tab: 'notifications' },
    );
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Digest' }), 'Daily (07:00)');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT /user/notifications').map((call) => call.body)).toEqual([{ digest: 'daily', timeZone: 'UTC' }]));
    expect(await screen.findByText('Your notification settings are saved.')).toBeInTheDocument();
  });

  it('keeps Save disabled while a changed field breaks a rule', async () => {
    const { user } = setup();
    const save = await screen.findByRole('button', { name: 'Save' });
    const lastName = screen.getByRole('textbox', { name: /Last name/ });
    await user.clear(lastName);
    await user.type(lastName, 'Lo');
    await user.tab();
    expect(lastName).toHaveAccessibleDescription('Please enter at least 3 characters.');
    expect(save).toBeDisabled();
  });

  it('adds a new address only when it is filled in, and then checks all of it', async () => {
    const { user, api } = setup({
      'POST /user/address': { status: 201, body: { id: 'addr-2', streetAddress: '1 Engine Lane', city: 'Berlin', postalCode: '10115', country: 'DE' } },
    });
    const newAddress = await screen.findByRole('group', { name: 'Add an address' });
    const save = screen.getByRole('button', { name: 'Save' });
    await user.type(within(newAddress).getByRole('textbox', { name: /City/ }), 'Berlin');
    expect(save).toBeDisabled();
    await user.type(within(newAddress).getByRole('textbox', { name: /Street address/ }), '1 Engine Lane');
    await user.type(within(newAddress).getByRole('textbox', { name: /Postal code/ }), '10115');
    await user.selectOptions(within(newAddress).getByRole('combobox', { name: /Country/ }), 'Germany');
    await user.click(save);
    await waitFor(() =>
      expect(api.callsTo('POST /user/address').map((call) => call.body)).toEqual([
        { streetAddress: '1 Engine Lane', city: 'Berlin', postalCode: '10115', country: 'DE' },
      ]),
    );
    expect(api.callsTo('PATCH /user/user-1')).toEqual([]);
  });
});

describe('profile tab 2, Password (docs/product/accounts.md#validation, #calls, docs/product/errors.md#accounts-errors)', () => {
  it('fetches the salt when the new password is left, and sends hashes only', async () => {
    const { user, api } = setup(
      { 'POST /auth/salt': ok({ salt: 'AAAAAAAAAAAAAAAAAAAAAA==' }), 'PATCH /password/change': { status: 204 } },
      { tab: 'password' },
    );
    await user.type(await screen.findByLabelText(/^Current password/), 'Old-Secret1');
    await user.type(screen.getByLabelText(/^New password/), 'New-Secret2');
    expect(api.callsTo('POST /auth/salt')).toEqual([]);
    await user.tab();
    await waitFor(() => expect(api.callsTo('POST /auth/salt').map((call) => call.body)).toEqual([{ email: 'ada@example.com' }]));
    await user.type(screen.getByLabelText(/^Repeat new password/), 'New-Secret2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(api.callsTo('PATCH /password/change')).toHaveLength(1));
    const body = api.callsTo('PATCH /password/change')[0]!.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['newPassword', 'password', 'salt']);
    expect(JSON.stringify(body)).not.toContain('Secret');
    // The current password with its stored salt; the new one with a new salt.
    expect(body.password).toBe(await hashPassword('Old-Secret1', 'AAAAAAAAAAAAAAAAAAAAAA=='));
    expect(body.salt).not.toBe('AAAAAAAAAAAAAAAAAAAAAA==');
    expect(body.newPassword).toBe(await hashPassword('New-Secret2', body.salt!));
    expect(await screen.findByText('Your password has been changed. Other devices were signed out.')).toBeInTheDocument();
  });

  it('marks a wrong current password (22) and offers the reset link', async () => {
    const { user } = setup(
      { 'POST /auth/salt': ok({ salt: 'AAAAAAAAAAAAAAAAAAAAAA==' }), 'PATCH /password/change': fails(400, ErrorCodes.WRONG_PASSWORD, { password: ['x'] }) },
      { tab: 'password' },
    );
    const current = await screen.findByLabelText(/^Current password/);
    await user.type(current, 'Not-It1!');
    await user.type(screen.getByLabelText(/^New password/), 'New-Secret2');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'New-Secret2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription('This is not your current password.'));
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/reset');
  });
});

describe('profile tab 6, Security: sessions', () => {
  const sessions = [
    { id: 'this-one', createdDate: '2026-03-02T09:00:00.000Z', lastSeenDate: '2026-03-02T09:30:00.000Z', device: 'Firefox on Windows', current: true },
    { id: 'phone', createdDate: '2026-03-01T08:00:00.000Z', lastSeenDate: '2026-03-01T08:10:00.000Z', device: 'Mobile Safari on iOS', current: false },
    { id: 'laptop', createdDate: '2026-02-28T08:00:00.000Z', lastSeenDate: '2026-02-28T08:10:00.000Z', device: 'Chrome on Mac OS', current: false },
  ];

  it('lists the sessions with this one marked, signs one out and then all others', async () => {
    let listed = sessions;
    const { user, api } = setup(
      {
        'GET /user/sessions': () => ok(listed),
        'DELETE /user/sessions/phone': () => {
          listed = listed.filter((session) => session.id !== 'phone');
          return { status: 204, body: undefined };
        },
        'POST /user/sessions/revoke-others': () => {
          listed = listed.filter((session) => session.current);
          return ok({ revoked: 1 });
        },
      },
      { tab: 'security' },
    );
    const list = await screen.findByTestId('sessions-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('This session')).toBeInTheDocument();
    // No sign-out button for the session in use.
    expect(within(list).getAllByRole('button', { name: /^Sign out the session on/ })).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: /Sign out the session on Mobile Safari on iOS/ }));
    await waitFor(() => expect(within(screen.getByTestId('sessions-list')).getAllByRole('listitem')).toHaveLength(2));
    expect(api.callsTo('DELETE /user/sessions/phone')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('You are signed in only here.')).toBeInTheDocument();
    expect(api.callsTo('POST /user/sessions/revoke-others')).toHaveLength(1);
  });
});
