import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EntityRole, EntityType, type EntityRoleId, type EntityTypeId } from '../../../../shared/enums';
import { permissionsForRole } from '../../../../shared/permissions';
import { t } from '../../messages/en-US';
import { storageKeys } from '../../stores/browser-storage';
import { authStateAtom, currentEntityAtom, startSession, type SessionEntity } from '../../stores/session';
import { isMobileMenuOpenAtom, isWalkthroughOpenAtom } from '../../stores/ui';
import { fakeApi, ok } from '../../testing/fake-api';
import { renderWithApp } from '../../testing/render';
import { Header } from './Header';
import { navigationFor, type NavEntry } from './navigation';

const entity = (entityTypeId: EntityTypeId, entityRoleId: EntityRoleId, overrides: Partial<SessionEntity> = {}): SessionEntity => ({
  id: 1,
  entityName: entityTypeId === EntityType.Family ? 'The Bergs' : 'North Advisors',
  entityTypeId,
  entityRoleId,
  entityRolePermissions: permissionsForRole(entityRoleId),
  ...overrides,
});

function signedInStore(current: SessionEntity | null) {
  const store = createStore();
  startSession(store, {
    userId: 'u1',
    isEmailConfirmed: true,
    user: { id: 'u1', firstName: 'Anna', lastName: 'Berg', email: 'anna@berg.example', isEmailConfirmed: true, lastLoginDate: null },
    entities: current ? [current] : [],
  });
  return store;
}

/** Entries as readable text: "Canvas", "Advisors: Our advisors, Work invitations". */
const describeEntries = (entries: NavEntry[]) =>
  entries.map((entry) => (entry.kind === 'link' ? t(entry.label) : `${t(entry.label)}: ${entry.items.map((item) => t(item.label)).join(', ')}`));

describe('navigationFor (docs/product/shell.md#application-shell)', () => {
  const entriesFor = (current: SessionEntity | null) => {
    const store = signedInStore(current);
    return describeEntries(navigationFor(store.get(authStateAtom), current));
  };

  it('offers Login and About app when logged out', () => {
    expect(describeEntries(navigationFor(createStore().get(authStateAtom), null))).toEqual(['Login', 'About app']);
  });

  it('gives a family owner Canvas, Advisors with work invitations, My family with member invitations', () => {
    expect(entriesFor(entity(EntityType.Family, EntityRole.Owner))).toEqual([
      'Canvas',
      'My actions',
      'Advisors: Our advisors, Work invitations',
      'My family: Family profile, Member invitations',
    ]);
  });

  it('hides the invitation pages from a family member without those rights', () => {
    expect(entriesFor(entity(EntityType.Family, EntityRole.LimitedMember))).toEqual([
      'Canvas',
      'My actions',
      'Advisors: Our advisors',
      'My family: Family profile',
    ]);
  });

  it('hides an invitation page the guards would refuse, even with the permission (admin-only routes)', () => {
    const fullMemberWhoMayInvite = entity(EntityType.Family, EntityRole.FullMember, { entityRolePermissions: ['InviteMember', 'ReadCanvas'] });
    expect(entriesFor(fullMemberWhoMayInvite)).toEqual(['Canvas', 'My actions', 'Advisors: Our advisors', 'My family: Family profile']);
  });

  it('gives an advisor admin Dashboard, Families and My company with their invitation pages', () => {
    expect(entriesFor(entity(EntityType.AdvisorCompany, EntityRole.Admin))).toEqual([
      'Dashboard',
      'My actions',
      'Families: Our families, Work invitations',
      'My company: Company profile, Member invitations',
    ]);
  });

  it('gives a user without an entity About app only', () => {
    expect(entriesFor(null)).toEqual(['About app']);
  });
});

describe('Header', () => {
  it('shows Login and About app, the language selector and no account tools when logged out', () => {
    renderWithApp(<Header />);
    const nav = screen.getByTestId('desktop-nav');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'About app' })).toHaveAttribute('href', '/about-app');
    // Its name holds what it shows, "EN" (WCAG 2.5.3 label in name); so does its option's.
    const language = screen.getByRole('combobox', { name: 'Language (EN)' });
    expect(language).toHaveValue('en-US');
    expect(within(language).getByRole('option', { name: 'EN, English (US)' })).toHaveTextContent('EN');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Walkthrough' })).not.toBeInTheDocument();
  });

  it('shows the family navigation, the entity, the walkthrough toggle and the account menu when logged in', async () => {
    const store = signedInStore(entity(EntityType.Family, EntityRole.Owner));
    const { user } = renderWithApp(<Header />, { store });
    const nav = screen.getByTestId('desktop-nav');
    expect(within(nav).getByRole('link', { name: 'Canvas' })).toHaveAttribute('href', '/canvas');
    // The account tools load lazily (a logged-out visitor never needs them).
    expect(await screen.findByTestId('entity-switcher')).toHaveTextContent('The Bergs');

    await user.click(await within(nav).findByRole('button', { name: 'Advisors' }));
    expect(await screen.findByRole('menuitem', { name: 'Work invitations' })).toHaveAttribute('href', '/invite-company');
    await user.keyboard('{Escape}');

    const walkthrough = screen.getByRole('button', { name: 'Walkthrough' });
    expect(walkthrough).toHaveAttribute('aria-pressed', 'false');
    await user.click(walkthrough);
    expect(store.get(isWalkthroughOpenAtom)).toBe(true);
    expect(walkthrough).toHaveAttribute('aria-pressed', 'true');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('opens the small-screen menu with the same links, and closes it', async () => {
    const { user, store } = renderWithApp(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'About app' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    expect(store.get(isMobileMenuOpenAtom)).toBe(false);
  });
});

describe('Header entity switcher (docs/product/shell.md#application-shell, docs/product/organisations-and-members.md#switching-entity)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  function LocationProbe() {
    const location = useLocation();
    return <output data-testid="location">{location.pathname}</output>;
  }

  function storeWithEntities(entities: SessionEntity[], currentEntityId: number) {
    const store = createStore();
    startSession(store, {
      userId: 'u1',
      isEmailConfirmed: true,
      user: { id: 'u1', firstName: 'Anna', lastName: 'Berg', email: 'anna@berg.example', isEmailConfirmed: true, lastLoginDate: '2026-01-01T00:00:00.000Z' },
      entities,
      currentEntityId,
    });
    return store;
  }

  const bergs = entity(EntityType.Family, EntityRole.Owner, { id: 3, entityName: 'The Bergs' });
  const north = entity(EntityType.AdvisorCompany, EntityRole.Admin, { id: 8, entityName: 'North Advisors' });

  function serveSetCurrentEntity() {
    const api = fakeApi({
      'POST /auth/set-current-entity': (request) => {
        const id = (request.body as { id: number }).id;
        const chosen = [bergs, north].find((item) => item.id === id)!;
        return ok({
          ...chosen,
          canvasName: null,
          domain: null,
          vatNumber: null,
          email: null,
          phone: null,
          addresses: [],
          entityRoleName: 'Owner',
          entityMemberId: 'm1',
          entityMemberCompanyPosition: null,
        });
      },
      'POST /auth/signout': { status: 204 },
    });
    restore = api.restore;
    return api;
  }

  it('shows the only entity read-only', async () => {
    renderWithApp(<Header />, { store: storeWithEntities([bergs], 3) });
    const switcher = await screen.findByTestId('entity-switcher');
    expect(switcher).toHaveTextContent('The Bergs');
    expect(within(switcher).queryByRole('button')).not.toBeInTheDocument();
    // Create new stays on offer beside the read-only name.
    expect(screen.getByTestId('entity-create-new')).toHaveAttribute('href', '/create-entity');
    // The link's name starts with its visible text (WCAG 2.5.3).
    expect(screen.getByRole('link', { name: 'Create new family or advisor company' })).toHaveTextContent('Create new');
  });

  it('lists several entities plus Create new; choosing an advisor company tells the server and opens the dashboard', async () => {
    const api = serveSetCurrentEntity();
    const store = storeWithEntities([bergs, north], 3);
    const { user } = renderWithApp(
      <>
        <Header />
        <LocationProbe />
      </>,
      { store, path: '/canvas' },
    );
    await user.click(await screen.findByRole('button', { name: 'Organisation: The Bergs' }));
    expect(await screen.findByRole('menuitem', { name: 'The Bergs (current)' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Create new' })).toHaveAttribute('href', '/create-entity');
    await user.click(screen.getByRole('menuitem', { name: 'North Advisors' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(api.callsTo('POST /auth/set-current-entity')[0]?.body).toEqual({ id: 8 });
    expect(store.get(currentEntityAtom)?.id).toBe(8);
    expect(screen.getByRole('button', { name: 'Organisation: North Advisors' })).toBeInTheDocument();
    expect(within(screen.getByTestId('desktop-nav')).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('stays on the profile page when switching there, and sends a family to the canvas elsewhere', async () => {
    serveSetCurrentEntity();
    const store = storeWithEntities([bergs, north], 8);
    const { user } = renderWithApp(
      <>
        <Header />
        <LocationProbe />
      </>,
      { store, path: '/profile' },
    );
    await user.click(await screen.findByRole('button', { name: 'Organisation: North Advisors' }));
    await user.click(await screen.findByRole('menuitem', { name: 'The Bergs' }));
    await waitFor(() => expect(store.get(currentEntityAtom)?.id).toBe(3));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it('logs out from the account menu: the server session ends, the browser forgets the user, home opens', async () => {
    const api = serveSetCurrentEntity();
    const store = storeWithEntities([bergs], 3);
    const { user } = renderWithApp(
      <>
        <Header />
        <LocationProbe />
      </>,
      { store, path: '/canvas' },
    );
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.callsTo('POST /auth/signout')).toHaveLength(1);
    expect(store.get(authStateAtom).isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(storageKeys.userId)).toBeNull();
    expect(within(screen.getByTestId('desktop-nav')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
