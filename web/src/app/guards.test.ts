import { createStore } from 'jotai';
import { createMemoryRouter, matchPath } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EntityRole, EntityType, type EntityRoleId, type EntityTypeId } from '../../../shared/enums';
import { permissionsForRole } from '../../../shared/permissions';
import { storageKeys } from '../stores/browser-storage';
import { isLoginInProgressAtom, loginActionAtom, startSession, type AuthState, type SessionEntity } from '../stores/session';
import { isMobileMenuOpenAtom, isPageLoadingAtom } from '../stores/ui';
import {
  applyNavigationEffects,
  canOpen,
  decideNavigation,
  destinationAfterLogin,
  scrollPolicyFor,
  watchSessionInOtherTabs,
  type GuardDependencies,
} from './guards';
import { routeDefinition, routeNames, routeTable, type RouteName } from './paths';
import { createRoutes } from './router';

const membership = (entityTypeId: EntityTypeId, entityRoleId: EntityRoleId) => ({
  entityTypeId,
  entityRoleId,
  entityRolePermissions: permissionsForRole(entityRoleId),
});

const loggedOut: AuthState = { isAuthenticated: false, isEmailConfirmed: false, isLoginInProgress: false, hasEntities: false, currentEntity: null };
const signedIn = (overrides: Partial<AuthState> = {}): AuthState => ({
  isAuthenticated: true,
  isEmailConfirmed: true,
  isLoginInProgress: false,
  hasEntities: true,
  currentEntity: membership(EntityType.Family, EntityRole.FullMember),
  ...overrides,
});
const familyMember = signedIn();
const familyAdmin = signedIn({ currentEntity: membership(EntityType.Family, EntityRole.Admin) });
const familyOwner = signedIn({ currentEntity: membership(EntityType.Family, EntityRole.Owner) });
const advisorMember = signedIn({ currentEntity: membership(EntityType.AdvisorCompany, EntityRole.FullMember) });
const advisorAdmin = signedIn({ currentEntity: membership(EntityType.AdvisorCompany, EntityRole.Admin) });
const withoutEntity = signedIn({ hasEntities: false, currentEntity: null });
const unconfirmed = signedIn({ isEmailConfirmed: false });

/** Decides a navigation to a URL, the way guardLoader does (params from the route pattern). */
function decide(name: RouteName, url: string, auth: AuthState) {
  const parsed = new URL(url, 'http://localhost');
  const match = matchPath(routeTable[name].path, parsed.pathname);
  return decideNavigation({
    name,
    route: routeDefinition(name),
    target: { pathname: parsed.pathname, params: match?.params ?? {}, searchParams: parsed.searchParams, fullPath: `${parsed.pathname}${parsed.search}` },
    auth,
  });
}

/** A URL that opens the route when the guards allow it. */
const sampleUrls: Record<RouteName, string> = {
  home: '/',
  start: '/start',
  loading: '/loading',
  login: '/login',
  signup: '/signup',
  confirmEmail: '/email-confirmation?token=abc',
  resendEmailConfirmation: '/resend-email-confirmation',
  reset: '/reset',
  resetPassword: '/reset-password?email=a%40b.cd&token=abc',
  aboutUs: '/aboutus',
  aboutApp: '/about-app',
  contact: '/contact',
  termsOfUse: '/terms',
  privacy: '/privacy',
  canvas: '/canvas/12',
  canvasCategory: '/canvas-category/7',
  memberInvitation: '/member-invitation?token=abc',
  familyInvitation: '/family-invitation?token=abc',
  advisorInvitation: '/advisor-invitation?token=abc',
  dashboard: '/dashboard',
  myActions: '/my-actions',
  unsubscribe: '/unsubscribe?token=abc',
  notMe: '/not-me?token=abc',
  recoverAccess: '/recover-access?email=a%40b.cd&token=abc',
  recoverAccessCancel: '/recover-access/cancel?token=abc',
  about: '/about',
  noEntity: '/no-entity',
  createEntity: '/create-entity',
  navMyFamily: '/my-entity-family',
  myFamily: '/my-family',
  familyMemberInvitations: '/family-member-invitations',
  navMyCompany: '/my-entity-company',
  myCompany: '/my-company',
  companyMemberInvitations: '/company-member-invitations',
  workRelationsFamilies: '/work-relation-families',
  families: '/families',
  familyInvitationsPage: '/invite-family',
  family: '/family/5',
  workRelationsCompanies: '/work-relation-companies',
  companies: '/companies',
  companyInvitationsPage: '/invite-company/1,2',
  company: '/company/5/9',
  selectFamilyPage: '/select-family',
  selectAdvisorCompanyPage: '/select-advisor-company',
  profile: '/profile',
  sessionExpired: '/session-expired',
  notFound: '/no/such/page',
};

const publicRoutes: RouteName[] = [
  'home',
  'start',
  'loading',
  'login',
  'signup',
  'reset',
  'resetPassword',
  'aboutUs',
  'aboutApp',
  'contact',
  'termsOfUse',
  'privacy',
  'about',
  'sessionExpired',
  'notFound',
  'unsubscribe',
  'notMe',
  'recoverAccess',
  'recoverAccessCancel',
];
const invitationRoutes: RouteName[] = ['confirmEmail', 'memberInvitation', 'familyInvitation', 'advisorInvitation'];
const loginRoutes = routeNames.filter((name) => !publicRoutes.includes(name) && !invitationRoutes.includes(name));
const entityRoutes = routeNames.filter((name) => routeDefinition(name).needsEntity);
const adminRoutes: RouteName[] = ['familyMemberInvitations', 'companyMemberInvitations', 'familyInvitationsPage', 'companyInvitationsPage'];
const familyRoutes: RouteName[] = ['navMyFamily', 'myFamily', 'familyMemberInvitations', 'companies', 'companyInvitationsPage'];
const advisorRoutes: RouteName[] = ['navMyCompany', 'myCompany', 'companyMemberInvitations', 'families', 'familyInvitationsPage'];

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the route table', () => {
  it('has every route of docs/product/shell.md#routes and docs/product/shell.md#screens with its path', () => {
    expect(Object.fromEntries(routeNames.map((name) => [name, routeTable[name].path]))).toMatchInlineSnapshot(`
      {
        "about": "/about",
        "aboutApp": "/about-app",
        "aboutUs": "/aboutus",
        "advisorInvitation": "/advisor-invitation",
        "canvas": "/canvas/:familyId?",
        "canvasCategory": "/canvas-category/:categoryId",
        "companies": "/companies",
        "company": "/company/:entityId/:familyId?",
        "companyInvitationsPage": "/invite-company/:sectionIds?",
        "companyMemberInvitations": "/company-member-invitations",
        "confirmEmail": "/email-confirmation",
        "contact": "/contact",
        "createEntity": "/create-entity",
        "dashboard": "/dashboard",
        "families": "/families",
        "family": "/family/:entityId",
        "familyInvitation": "/family-invitation",
        "familyInvitationsPage": "/invite-family",
        "familyMemberInvitations": "/family-member-invitations",
        "home": "/",
        "loading": "/loading",
        "login": "/login",
        "memberInvitation": "/member-invitation",
        "myActions": "/my-actions",
        "myCompany": "/my-company",
        "myFamily": "/my-family",
        "navMyCompany": "/my-entity-company",
        "navMyFamily": "/my-entity-family",
        "noEntity": "/no-entity",
        "notFound": "*",
        "notMe": "/not-me",
        "privacy": "/privacy",
        "profile": "/profile",
        "recoverAccess": "/recover-access",
        "recoverAccessCancel": "/recover-access/cancel",
        "resendEmailConfirmation": "/resend-email-confirmation",
        "reset": "/reset",
        "resetPassword": "/reset-password",
        "selectAdvisorCompanyPage": "/select-advisor-company",
        "selectFamilyPage": "/select-family",
        "sessionExpired": "/session-expired",
        "signup": "/signup",
        "start": "/start",
        "termsOfUse": "/terms",
        "unsubscribe": "/unsubscribe",
        "workRelationsCompanies": "/work-relation-companies",
        "workRelationsFamilies": "/work-relation-families",
      }
    `);
  });

  it('lets every route open for a user who meets its requirements', () => {
    for (const name of routeNames) {
      const auth = advisorRoutes.includes(name) ? advisorAdmin : familyAdmin;
      expect(decide(name, sampleUrls[name], auth).redirectTo, name).toBeNull();
    }
  });
});

describe('rule 1: every navigation resets the loading flag and the menu, and remembers the path', () => {
  it('asks for the reset on every decision, redirect or not', () => {
    for (const name of routeNames) {
      const decision = decide(name, sampleUrls[name], loggedOut);
      expect(decision.effects.resetPageLoading).toBe(true);
      expect(decision.effects.closeMobileMenu).toBe(true);
    }
  });

  it('remembers the full path with its query, except for loading and login', () => {
    expect(decide('contact', '/contact?from=footer', loggedOut).effects.rememberLastPath).toBe('/contact?from=footer');
    expect(decide('dashboard', '/dashboard', familyMember).effects.rememberLastPath).toBe('/dashboard');
    expect(decide('loading', '/loading', loggedOut).effects.rememberLastPath).toBeNull();
    expect(decide('login', '/login', loggedOut).effects.rememberLastPath).toBeNull();
  });

  it('turns the loading flag off, closes the menu and stores the path when applied', async () => {
    const store = createStore();
    store.set(isPageLoadingAtom, true);
    store.set(isMobileMenuOpenAtom, true);
    const logout = vi.fn(async () => undefined);
    await applyNavigationEffects(decide('contact', '/contact', loggedOut).effects, deps(store, logout));
    expect(store.get(isPageLoadingAtom)).toBe(false);
    expect(store.get(isMobileMenuOpenAtom)).toBe(false);
    expect(window.sessionStorage.getItem(storageKeys.lastPath)).toBe('/contact');
    expect(logout).not.toHaveBeenCalled();
  });
});

describe('rule 2: invitation routes and e-mail confirmation log the user out first', () => {
  it.each(invitationRoutes)('%s starts the invitation flow and proceeds', (name) => {
    const decision = decide(name, sampleUrls[name], familyAdmin);
    expect(decision.effects.startInvitationFlow).toBe(true);
    expect(decision.redirectTo).toBeNull();
  });

  it('clears a login attempt instead of sending the user to loading', () => {
    expect(decide('memberInvitation', '/member-invitation?token=x', signedIn({ isLoginInProgress: true })).redirectTo).toBeNull();
  });

  it('no other route starts it', () => {
    for (const name of routeNames.filter((n) => !invitationRoutes.includes(n))) {
      expect(decide(name, sampleUrls[name], familyAdmin).effects.startInvitationFlow, name).toBe(false);
    }
  });

  it('shows loading while logging out, then clears the login attempt and the loading flag', async () => {
    const store = createStore();
    startSession(store, { userId: 'u1', isEmailConfirmed: true, entities: [] });
    store.set(isLoginInProgressAtom, true);
    store.set(loginActionAtom, 'confirmed');
    let loadingDuringLogout: boolean | undefined;
    const logout = vi.fn(async () => {
      loadingDuringLogout = store.get(isPageLoadingAtom);
    });
    await applyNavigationEffects(decide('familyInvitation', '/family-invitation?token=x', familyAdmin).effects, deps(store, logout));
    expect(logout).toHaveBeenCalledOnce();
    expect(loadingDuringLogout).toBe(true);
    expect(store.get(isPageLoadingAtom)).toBe(false);
    expect(store.get(isLoginInProgressAtom)).toBe(false);
    expect(store.get(loginActionAtom)).toBeNull();
  });

  it('does not call logout for a visitor who is not logged in', async () => {
    const store = createStore();
    const logout = vi.fn(async () => undefined);
    await applyNavigationEffects(decide('confirmEmail', '/email-confirmation?token=x', loggedOut).effects, deps(store, logout));
    expect(logout).not.toHaveBeenCalled();
  });
});

describe('rule 3: a login attempt in progress sends every route but loading to loading', () => {
  const attempting = { ...loggedOut, isLoginInProgress: true };
  it.each(routeNames.filter((name) => name !== 'loading' && !invitationRoutes.includes(name)))('%s → /loading', (name) => {
    const decision = decide(name, sampleUrls[name], attempting);
    expect(decision.redirectTo).toBe('/loading');
    expect(decision.rule).toBe(3);
  });

  it('loading itself proceeds', () => {
    expect(decide('loading', '/loading', attempting).redirectTo).toBeNull();
  });
});

describe('rule 4: routes that need login send a visitor to login', () => {
  it.each(loginRoutes)('%s → /login', (name) => {
    const decision = decide(name, sampleUrls[name], loggedOut);
    expect(decision.redirectTo).toBe('/login');
    expect(decision.rule).toBe(4);
  });

  it('remembers the target with its query for after login', () => {
    expect(decide('canvasCategory', '/canvas-category/7?tab=goals', loggedOut).effects.rememberRedirectAfterLogin).toBe('/canvas-category/7?tab=goals');
  });

  it('does not remember selectFamilyPage', () => {
    const decision = decide('selectFamilyPage', '/select-family', loggedOut);
    expect(decision.redirectTo).toBe('/login');
    expect(decision.effects.rememberRedirectAfterLogin).toBeNull();
  });

  it('stores the remembered target when applied', async () => {
    const store = createStore();
    await applyNavigationEffects(decide('dashboard', '/dashboard', loggedOut).effects, deps(store));
    expect(window.sessionStorage.getItem(storageKeys.redirectAfterLogin)).toBe('/dashboard');
  });

  it.each(publicRoutes)('%s is open to visitors', (name) => {
    expect(decide(name, sampleUrls[name], loggedOut).redirectTo).toBeNull();
  });
});

describe('rule 5: an unconfirmed e-mail sends the user to resendEmailConfirmation', () => {
  it.each(loginRoutes.filter((name) => name !== 'resendEmailConfirmation'))('%s → /resend-email-confirmation', (name) => {
    const decision = decide(name, sampleUrls[name], unconfirmed);
    expect(decision.redirectTo).toBe('/resend-email-confirmation');
    expect(decision.rule).toBe(5);
    expect(decision.effects.rememberRedirectAfterLogin).toBe(new URL(sampleUrls[name], 'http://x').pathname + new URL(sampleUrls[name], 'http://x').search);
  });

  it('resendEmailConfirmation needs a user id but not a confirmed e-mail', () => {
    expect(decide('resendEmailConfirmation', '/resend-email-confirmation', unconfirmed).redirectTo).toBeNull();
    expect(decide('resendEmailConfirmation', '/resend-email-confirmation', loggedOut).redirectTo).toBe('/login');
  });

  it('public pages stay open with an unconfirmed e-mail', () => {
    expect(decide('contact', '/contact', unconfirmed).redirectTo).toBeNull();
  });
});

describe('rule 6: routes that need an entity send a user without one to noEntity', () => {
  it.each(entityRoutes)('%s → /no-entity', (name) => {
    const decision = decide(name, sampleUrls[name], withoutEntity);
    expect(decision.redirectTo).toBe('/no-entity');
    expect(decision.rule).toBe(6);
  });

  it('noEntity, createEntity, profile and the select pages need login only', () => {
    for (const name of ['noEntity', 'createEntity', 'profile', 'selectFamilyPage', 'selectAdvisorCompanyPage'] as const) {
      expect(decide(name, sampleUrls[name], withoutEntity).redirectTo, name).toBeNull();
    }
  });
});

describe('rule 7: admin routes refuse other members with notFound "error"', () => {
  it.each(adminRoutes)('%s refuses a full member', (name) => {
    const auth = advisorRoutes.includes(name) ? advisorMember : familyMember;
    const decision = decide(name, sampleUrls[name], auth);
    expect(decision.redirectTo).toBe('/not-found?notFound=error');
    expect(decision.rule).toBe(7);
  });

  it.each(adminRoutes)('%s admits owners and admins', (name) => {
    const isAdvisorRoute = advisorRoutes.includes(name);
    const admin = isAdvisorRoute ? advisorAdmin : familyAdmin;
    const owner = isAdvisorRoute ? signedIn({ currentEntity: membership(EntityType.AdvisorCompany, EntityRole.Owner) }) : familyOwner;
    expect(decide(name, sampleUrls[name], admin).redirectTo).toBeNull();
    expect(decide(name, sampleUrls[name], owner).redirectTo).toBeNull();
  });

  it('refuses a limited member too', () => {
    const limited = signedIn({ currentEntity: membership(EntityType.Family, EntityRole.LimitedMember) });
    expect(decide('familyMemberInvitations', '/family-member-invitations', limited).rule).toBe(7);
  });
});

describe('rule 8: family and advisor routes refuse the other entity type with notFound "error"', () => {
  it.each(familyRoutes)('%s refuses an advisor company', (name) => {
    const decision = decide(name, sampleUrls[name], advisorAdmin);
    expect(decision.redirectTo).toBe('/not-found?notFound=error');
    expect(decision.rule).toBe(8);
  });

  it.each(advisorRoutes)('%s refuses a family', (name) => {
    const decision = decide(name, sampleUrls[name], familyAdmin);
    expect(decision.redirectTo).toBe('/not-found?notFound=error');
    expect(decision.rule).toBe(8);
  });

  it('routes for any entity admit both types', () => {
    for (const name of ['dashboard', 'canvasCategory', 'family', 'company', 'workRelationsFamilies', 'workRelationsCompanies'] as const) {
      expect(decide(name, sampleUrls[name], familyMember).redirectTo, name).toBeNull();
      expect(decide(name, sampleUrls[name], advisorMember).redirectTo, name).toBeNull();
    }
  });
});

describe('URLs missing what the page needs go to notFound', () => {
  it('reset-password needs e-mail and token', () => {
    expect(decide('resetPassword', '/reset-password?email=a%40b.cd', loggedOut).redirectTo).toBe('/not-found');
    expect(decide('resetPassword', '/reset-password?token=abc', loggedOut).redirectTo).toBe('/not-found');
    expect(decide('resetPassword', '/reset-password?email=a%40b.cd&token=abc', loggedOut).redirectTo).toBeNull();
  });

  it('canvas-category needs a numeric category id', () => {
    expect(decide('canvasCategory', '/canvas-category/abc', familyMember).redirectTo).toBe('/not-found');
    expect(decide('canvasCategory', '/canvas-category/0', familyMember).redirectTo).toBe('/not-found');
  });

  it('the canvas needs a family id when the current entity is an advisor', () => {
    expect(decide('canvas', '/canvas', advisorMember).redirectTo).toBe('/not-found');
    expect(decide('canvas', '/canvas/12', advisorMember).redirectTo).toBeNull();
    expect(decide('canvas', '/canvas', familyMember).redirectTo).toBeNull();
  });

  it('invite-company takes an optional comma-separated list of section ids', () => {
    expect(decide('companyInvitationsPage', '/invite-company', familyAdmin).redirectTo).toBeNull();
    expect(decide('companyInvitationsPage', '/invite-company/3,5,8', familyAdmin).redirectTo).toBeNull();
    expect(decide('companyInvitationsPage', '/invite-company/3,x', familyAdmin).redirectTo).toBe('/not-found');
  });

  it('checks access before the URL, so a visitor learns nothing from a malformed one', () => {
    expect(decide('canvasCategory', '/canvas-category/abc', loggedOut).redirectTo).toBe('/login');
  });
});

describe('rule 9: scrolling', () => {
  it('restores the position on the canvas and starts at the top elsewhere', () => {
    expect(scrollPolicyFor('canvas')).toBe('restore');
    for (const name of routeNames.filter((n) => n !== 'canvas')) expect(scrollPolicyFor(name)).toBe('top');
  });
});

describe('rule 10: a change of the stored user or entity in another tab reloads', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  const fire = (init: StorageEventInit) => window.dispatchEvent(new StorageEvent('storage', { storageArea: window.localStorage, ...init }));

  it('reacts to the stored user id and entity id', () => {
    const reload = vi.fn();
    stop = watchSessionInOtherTabs(reload);
    fire({ key: storageKeys.userId, oldValue: null, newValue: 'u2' });
    fire({ key: storageKeys.entityId, oldValue: '1', newValue: '2' });
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reacts when another tab clears the storage', () => {
    const reload = vi.fn();
    stop = watchSessionInOtherTabs(reload);
    fire({ key: null });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('ignores other keys, unchanged values and sessionStorage', () => {
    const reload = vi.fn();
    stop = watchSessionInOtherTabs(reload);
    fire({ key: storageKeys.lastPath, oldValue: '/a', newValue: '/b' });
    fire({ key: storageKeys.userId, oldValue: 'u1', newValue: 'u1' });
    window.dispatchEvent(new StorageEvent('storage', { storageArea: window.sessionStorage, key: storageKeys.userId, oldValue: 'a', newValue: 'b' }));
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops listening when unsubscribed', () => {
    const reload = vi.fn();
    watchSessionInOtherTabs(reload)();
    fire({ key: storageKeys.userId, oldValue: 'u1', newValue: 'u2' });
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('after login (docs/product/sessions-and-sign-in.md#after-login)', () => {
  const none = { redirectAfterLogin: null, lastPath: null };
  it('goes to the remembered URL first', () => {
    expect(destinationAfterLogin(familyMember, { redirectAfterLogin: '/my-family', lastPath: '/x' })).toBe('/my-family');
  });
  it('otherwise by entity: advisor dashboard, family canvas, none noEntity', () => {
    expect(destinationAfterLogin(advisorMember, none)).toBe('/dashboard');
    expect(destinationAfterLogin(familyMember, none)).toBe('/canvas');
    expect(destinationAfterLogin(withoutEntity, none)).toBe('/no-entity');
  });
  it('a pending family or advisor invitation leads to its select page, whatever the entities', () => {
    const invitation = { redirectAfterLogin: '/my-family', lastPath: null, workInvitationPath: '/select-advisor-company' };
    expect(destinationAfterLogin(withoutEntity, invitation)).toBe('/select-advisor-company');
    expect(destinationAfterLogin(familyMember, invitation)).toBe('/select-advisor-company');
    expect(destinationAfterLogin(advisorMember, { ...invitation, workInvitationPath: '/select-family' })).toBe('/select-family');
  });
  it('never follows a remembered URL off the site', () => {
    expect(destinationAfterLogin(familyMember, { redirectAfterLogin: '//evil.example/x', lastPath: null })).toBe('/canvas');
  });
  it('sends someone not logged in back where they were, or home', () => {
    expect(destinationAfterLogin(loggedOut, { redirectAfterLogin: null, lastPath: '/contact' })).toBe('/contact');
    expect(destinationAfterLogin(loggedOut, none)).toBe('/');
  });
});

describe('canOpen (hides links the guards would refuse)', () => {
  it('follows the same rules', () => {
    expect(canOpen('familyMemberInvitations', familyAdmin)).toBe(true);
    expect(canOpen('familyMemberInvitations', familyMember)).toBe(false);
    expect(canOpen('dashboard', loggedOut)).toBe(false);
    expect(canOpen('canvas', advisorMember)).toBe(true);
  });
});

describe('guardLoader in the router', () => {
  const entity = (id: number, entityTypeId: EntityTypeId, entityRoleId: EntityRoleId): SessionEntity => ({
    id,
    entityName: `Entity ${id}`,
    entityTypeId,
    entityRoleId,
    entityRolePermissions: permissionsForRole(entityRoleId),
  });

  function routerAt(path: string, store = createStore()) {
    return createMemoryRouter(createRoutes(deps(store)), { initialEntries: [path] });
  }

  async function settle(router: ReturnType<typeof routerAt>) {
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'), { timeout: 10_000 });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
  }

  it('sends a visitor from a login route to /login and remembers the target', async () => {
    const router = routerAt('/dashboard');
    await settle(router);
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem(storageKeys.redirectAfterLogin)).toBe('/dashboard');
    router.dispose();
  });

  it('follows a parent route to its first child through both guards', async () => {
    const store = createStore();
    startSession(store, { userId: 'u1', isEmailConfirmed: true, entities: [entity(3, EntityType.Family, EntityRole.Owner)] });
    const router = routerAt('/my-entity-family', store);
    await settle(router);
    expect(router.state.location.pathname).toBe('/my-family');
    router.dispose();
  });

  it('refuses an advisor route to a family with notFound "error"', async () => {
    const store = createStore();
    startSession(store, { userId: 'u1', isEmailConfirmed: true, entities: [entity(3, EntityType.Family, EntityRole.Owner)] });
    const router = routerAt('/families', store);
    await settle(router);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/not-found?notFound=error');
    router.dispose();
  });

  it('keeps a menu opened meanwhile open when the page on screen revalidates, and closes it on a navigation', async () => {
    const store = createStore();
    // The browser's address is the page's, as when web/src/main.tsx revalidates a hydrated page.
    window.history.replaceState(null, '', '/contact');
    const router = routerAt('/contact', store);
    await settle(router);
    store.set(isMobileMenuOpenAtom, true);
    await router.revalidate();
    expect(store.get(isMobileMenuOpenAtom)).toBe(true);
    await router.navigate('/privacy');
    await settle(router);
    expect(store.get(isMobileMenuOpenAtom)).toBe(false);
    router.dispose();
  });

  it('waits for the session to be restored before deciding', async () => {
    const store = createStore();
    let finishRestore: () => void = () => undefined;
    const restored = new Promise<void>((resolve) => (finishRestore = resolve));
    const router = createMemoryRouter(createRoutes({ store, logout: async () => undefined, sessionReady: () => restored }), { initialEntries: ['/dashboard'] });
    startSession(store, { userId: 'u1', isEmailConfirmed: true, entities: [entity(8, EntityType.AdvisorCompany, EntityRole.FullMember)] });
    finishRestore();
    await settle(router);
    expect(router.state.location.pathname).toBe('/dashboard');
    router.dispose();
  });
});

function deps(store = createStore(), logout: GuardDependencies['logout'] = async () => undefined): GuardDependencies {
  return { store, logout, sessionReady: async () => undefined };
}
