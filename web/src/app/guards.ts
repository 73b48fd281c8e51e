import { useEffect } from 'react';
import { redirect, type LoaderFunction } from 'react-router';
import { EntityType } from '../../../shared/enums';
import { isAdmin } from '../../../shared/permissions';
import type { AppStore } from '../stores/app-store';
import { local, storageKeys } from '../stores/browser-storage';
import { authStateAtom, isLoginInProgressAtom, loginActionAtom, rememberLastPath, rememberRedirectAfterLogin, type AuthState } from '../stores/session';
import { isMobileMenuOpenAtom, isPageLoadingAtom } from '../stores/ui';
import { paths, routeDefinition, type GuardTarget, type RouteName, type RouteRequirements } from './paths';

/**
 * The navigation guards of docs/product/shell.md#navigation-guards, in one place. `decideNavigation` is the pure
 * rule book (rules 1–8); `guardLoader` applies it before every route loads; rule 9 is
 * `scrollPolicyFor`, rule 10 `watchSessionInOtherTabs`. docs/product/sessions-and-sign-in.md#after-login's post-login destination
 * is here too, because it is the other half of rules 4 and 5.
 */

export type NavigationEffects = {
  /** Rule 1: the page-loading flag and the small-screen menu are reset. */
  resetPageLoading: true;
  closeMobileMenu: true;
  /** Rule 1: the full path to return to after a page reload (not for loading and login). */
  rememberLastPath: string | null;
  /** Rule 2: show loading, clear any login attempt and log out before proceeding. */
  startInvitationFlow: boolean;
  /** Rules 4 and 5: where to go once logged in and confirmed. */
  rememberRedirectAfterLogin: string | null;
};

export type GuardDecision = {
  effects: NavigationEffects;
  /** Where to go instead, or null to proceed. */
  redirectTo: string | null;
  /** The rule that redirected (for tests and debugging); 0 = the URL lacks what the page needs. */
  rule: 0 | 3 | 4 | 5 | 6 | 7 | 8 | null;
};

export type NavigationRequest = {
  name: RouteName;
  route: RouteRequirements;
  target: GuardTarget & { fullPath: string };
  auth: AuthState;
};

const loggedOut: AuthState = { isAuthenticated: false, isEmailConfirmed: false, isLoginInProgress: false, hasEntities: false, currentEntity: null };

/** Rules 1–8 of docs/product/shell.md#navigation-guards (and the URL checks of docs/product/shell.md#routes): what to do before a page opens. */
export function decideNavigation({ name, route, target, auth: authBefore }: NavigationRequest): GuardDecision {
  const effects: NavigationEffects = {
    resetPageLoading: true,
    closeMobileMenu: true,
    rememberLastPath: name === 'loading' || name === 'login' ? null : target.fullPath,
    startInvitationFlow: false,
    rememberRedirectAfterLogin: null,
  };
  const go = (redirectTo: string, rule: NonNullable<GuardDecision['rule']>): GuardDecision => ({ effects, redirectTo, rule });

  // Rule 2: the invitation and confirmation pages proceed as a logged-out visitor.
  let auth = authBefore;
  if (route.isInvitationStyle) {
    effects.startInvitationFlow = true;
    auth = loggedOut;
  }

  // Rule 3
  if (auth.isLoginInProgress && name !== 'loading') return go(paths.loading(), 3);

  // Rule 4
  if (route.needsLogin && !auth.isAuthenticated) {
    if (route.remembersTarget !== false) effects.rememberRedirectAfterLogin = target.fullPath;
    return go(paths.login(), 4);
  }

  // Rule 5
  if (route.needsLogin && !route.allowsUnconfirmedEmail && !auth.isEmailConfirmed) {
    effects.rememberRedirectAfterLogin = target.fullPath;
    return go(paths.resendEmailConfirmation(), 5);
  }

  // Rule 6
  if (route.needsEntity && !auth.currentEntity) return go(paths.noEntity(), 6);

  // Rule 7
  if (route.needsAdmin && !isAdmin(auth.currentEntity)) return go(paths.notFound({ notFound: 'error' }), 7);

  // Rule 8
  if (route.needsEntityType !== undefined && auth.currentEntity?.entityTypeId !== route.needsEntityType) {
    return go(paths.notFound({ notFound: 'error' }), 8);
  }

  // The URL must carry what the page needs (reset-password's e-mail and token, numeric ids).
  if (route.isValidTarget && !route.isValidTarget(target, auth)) return go(paths.notFound(), 0);

  return { effects, redirectTo: null, rule: null };
}

/** Whether the guards would let the user open a route: used to hide links that lead nowhere. */
export function canOpen(name: RouteName, auth: AuthState, params: Record<string, string> = {}): boolean {
  const decision = decideNavigation({
    name,
    route: routeDefinition(name),
    target: { pathname: '', params, searchParams: new URLSearchParams(), fullPath: '' },
    auth,
  });
  return decision.redirectTo === null || decision.rule === 0;
}

export type GuardDependencies = {
  store: AppStore;
  /** Ends the session on the server and in the browser (rule 2). */
  logout: () => Promise<void>;
  /** Resolves once the session of a previous visit is restored (docs/product/sessions-and-sign-in.md#session). */
  sessionReady: () => Promise<void>;
};

/**
 * Carries out a decision's side effects against the app's store and browser storage. `staysOnPage` is a revalidation
 * of the page on screen (web/src/main.tsx runs one once a prerendered page hydrated): no navigation to the visitor,
 * so a menu they opened meanwhile stays open.
 */
export async function applyNavigationEffects(effects: NavigationEffects, deps: GuardDependencies, { staysOnPage = false } = {}): Promise<void> {
  const { store } = deps;
  store.set(isPageLoadingAtom, false);
  if (!staysOnPage) store.set(isMobileMenuOpenAtom, false);
  if (effects.rememberLastPath !== null) rememberLastPath(effects.rememberLastPath);
  if (effects.rememberRedirectAfterLogin !== null) rememberRedirectAfterLogin(effects.rememberRedirectAfterLogin);
  if (effects.startInvitationFlow) {
    store.set(isPageLoadingAtom, true);
    store.set(isLoginInProgressAtom, false);
    store.set(loginActionAtom, null);
    try {
      if (store.get(authStateAtom).isAuthenticated) await deps.logout();
    } finally {
      store.set(isPageLoadingAtom, false);
    }
  }
}

/** The loader every route runs first: decides, applies, and redirects when a rule says so. */
export function guardLoader(name: RouteName, deps: GuardDependencies): LoaderFunction {
  return async ({ request, params }) => {
    await deps.sessionReady();
    const url = new URL(request.url);
    const decision = decideNavigation({
      name,
      route: routeDefinition(name),
      target: { pathname: url.pathname, params, searchParams: url.searchParams, fullPath: `${url.pathname}${url.search}${url.hash}` },
      auth: deps.store.get(authStateAtom),
    });
    // The router calls a loader before it moves the address, so only a revalidation finds it already here.
    await applyNavigationEffects(decision.effects, deps, {
      staysOnPage: `${url.pathname}${url.search}` === `${window.location.pathname}${window.location.search}`,
    });
    if (decision.redirectTo !== null) return redirect(decision.redirectTo);
    return null;
  };
}

/** Rule 9: the canvas restores its saved scroll position; every other page starts at the top. */
export function scrollPolicyFor(name: RouteName | undefined): 'restore' | 'top' {
  return name === 'canvas' ? 'restore' : 'top';
}

/** Rule 10: the stored keys whose change in another tab reloads this one. */
export const watchedStorageKeys: readonly string[] = [storageKeys.userId, storageKeys.entityId];

/**
 * Rule 10: calls `onChange` when another tab changes the stored user id or entity id
 * (or clears storage). The `storage` event only fires in the other tabs of the browser.
 */
export function watchSessionInOtherTabs(onChange: () => void, target: Window = window): () => void {
  const listener = (event: StorageEvent) => {
    if (event.storageArea !== null && event.storageArea !== target.localStorage) return;
    // A null key means the other tab cleared the whole storage.
    if (event.key === null) onChange();
    else if (watchedStorageKeys.includes(event.key) && event.oldValue !== event.newValue) onChange();
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}

/**
 * Another tab logged out (the stored user id is gone): this tab is logged out too and,
 * as an auto-logout, starts again at the root (docs/product/sessions-and-sign-in.md#session). Any other change reloads.
 */
const reloadPage = () => {
  if (local.get(storageKeys.userId) === null) window.location.assign(paths.home());
  else window.location.reload();
};

/** Rule 10 in the app: another tab logged in, out or switched entity, so this tab starts afresh. */
export function useReloadWhenSessionChangesInOtherTabs(reload: () => void = reloadPage): void {
  useEffect(() => watchSessionInOtherTabs(reload), [reload]);
}

/**
 * docs/product/sessions-and-sign-in.md#after-login: after login, the select page of a pending family or advisor invitation
 * (whatever the user's entities: a user without one must not end on noEntity); else the
 * remembered URL if any; otherwise an advisor goes to the dashboard, a family to the
 * canvas, and a user without an entity to noEntity. Someone who is not logged in goes back
 * where they were (rule 1's remembered path) or home.
 */
export function destinationAfterLogin(
  auth: AuthState,
  remembered: { redirectAfterLogin: string | null; lastPath: string | null; workInvitationPath?: string | null },
): string {
  const isSafe = (path: string | null | undefined): path is string => Boolean(path && path.startsWith('/') && !path.startsWith('//'));
  if (!auth.isAuthenticated) return isSafe(remembered.lastPath) && remembered.lastPath !== paths.loading() ? remembered.lastPath : paths.home();
  if (auth.isEmailConfirmed && isSafe(remembered.workInvitationPath)) return remembered.workInvitationPath;
  if (isSafe(remembered.redirectAfterLogin)) return remembered.redirectAfterLogin;
  if (!auth.currentEntity) return paths.noEntity();
  return auth.currentEntity.entityTypeId === EntityType.AdvisorCompany ? paths.dashboard() : paths.canvas();
}
