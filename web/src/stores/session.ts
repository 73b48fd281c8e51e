import { atom } from 'jotai';
import type { EntityRoleId, EntityTypeId, MemberPermission } from '../../../shared/enums';
import type { AppStore } from './app-store';
import { local, storageKeys, tab } from './browser-storage';

/**
 * Who is signed in and for which entity (docs/product/sessions-and-sign-in.md#session, docs/product/organisations-and-members.md#switching-entity, docs/product/sessions-and-sign-in.md#after-login). Starts logged out; the
 * accounts feature fills it from the server (startSession) and empties it (clearSession).
 * Server data beyond this (profile details, members, canvas) lives in the query cache.
 */

export type SessionUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isEmailConfirmed: boolean;
  lastLoginDate: string | null;
};

/** An entity as the current user sees it: with their role and its permissions (docs/product/accounts.md#fields). */
export type SessionEntity = {
  id: number;
  entityName: string;
  entityTypeId: EntityTypeId;
  entityRoleId: EntityRoleId;
  entityRolePermissions: readonly MemberPermission[];
};

/** Why the user is on their way to login (docs/product/sessions-and-sign-in.md#screens, #after-login, docs/product/accounts.md#e-mail-confirmation-and-password-reset). */
export type LoginAction = 'memberInvitation' | 'familyInvitation' | 'advisorInvitation' | 'confirmed' | 'reset';

export const userIdAtom = atom<string | null>(null);
export const userAtom = atom<SessionUser | null>(null);
export const isEmailConfirmedAtom = atom(false);
export const entitiesAtom = atom<readonly SessionEntity[]>([]);
export const currentEntityIdAtom = atom<number | null>(null);
/** True from the moment a login request starts until its follow-up has loaded (guards rule 3). */
export const isLoginInProgressAtom = atom(false);
export const loginActionAtom = atom<LoginAction | null>(null);

export const isAuthenticatedAtom = atom((get) => get(userIdAtom) !== null);

/** The current entity: the chosen one if the user still belongs to it, else none. */
export const currentEntityAtom = atom((get) => {
  const id = get(currentEntityIdAtom);
  return get(entitiesAtom).find((entity) => entity.id === id) ?? null;
});

/** What the navigation guards need to know, in one read. */
export type AuthState = {
  isAuthenticated: boolean;
  isEmailConfirmed: boolean;
  isLoginInProgress: boolean;
  hasEntities: boolean;
  currentEntity: Pick<SessionEntity, 'entityTypeId' | 'entityRoleId' | 'entityRolePermissions'> | null;
};

export const authStateAtom = atom<AuthState>((get) => ({
  isAuthenticated: get(isAuthenticatedAtom),
  isEmailConfirmed: get(isEmailConfirmedAtom),
  isLoginInProgress: get(isLoginInProgressAtom),
  hasEntities: get(entitiesAtom).length > 0,
  currentEntity: get(currentEntityAtom),
}));

/**
 * Records a signed-in user (after login, signup with an invitation, or restore). The
 * stored entity id wins if the user still belongs to it, else the first entity.
 */
export function startSession(
  store: AppStore,
  session: { userId: string; isEmailConfirmed: boolean; user?: SessionUser | null; entities?: readonly SessionEntity[]; currentEntityId?: number | null },
): void {
  const entities = session.entities ?? [];
  const storedEntityId = Number(local.get(storageKeys.entityId));
  const preferred = session.currentEntityId ?? (Number.isInteger(storedEntityId) ? storedEntityId : null);
  const current = entities.find((entity) => entity.id === preferred) ?? entities[0] ?? null;
  store.set(userIdAtom, session.userId);
  store.set(userAtom, session.user ?? null);
  store.set(isEmailConfirmedAtom, session.isEmailConfirmed);
  store.set(entitiesAtom, entities);
  store.set(currentEntityIdAtom, current?.id ?? null);
  local.set(storageKeys.userId, session.userId);
  local.set(storageKeys.isEmailConfirmed, String(session.isEmailConfirmed));
  if (current) local.set(storageKeys.entityId, String(current.id));
  else local.remove(storageKeys.entityId);
}

/** Makes another of the user's entities current (or none), and stores the choice. */
export function setCurrentEntity(store: AppStore, entityId: number | null): void {
  const entity = entityId === null ? null : (store.get(entitiesAtom).find((e) => e.id === entityId) ?? null);
  store.set(currentEntityIdAtom, entity?.id ?? null);
  if (entity) local.set(storageKeys.entityId, String(entity.id));
  else local.remove(storageKeys.entityId);
}

/** Forgets the user in this tab and in the browser's storage (logout, session expired). */
export function clearSession(store: AppStore): void {
  store.set(userIdAtom, null);
  store.set(userAtom, null);
  store.set(isEmailConfirmedAtom, false);
  store.set(entitiesAtom, []);
  store.set(currentEntityIdAtom, null);
  store.set(isLoginInProgressAtom, false);
  store.set(loginActionAtom, null);
  local.remove(storageKeys.userId);
  local.remove(storageKeys.isEmailConfirmed);
  local.remove(storageKeys.entityId);
  tab.remove(storageKeys.redirectAfterLogin);
}

/** The user id a previous visit stored, for restoring the login on start (docs/product/sessions-and-sign-in.md#session). */
export function storedUserId(): string | null {
  return local.get(storageKeys.userId);
}

/** Remembers where to go once the user has logged in (or confirmed the e-mail). */
export function rememberRedirectAfterLogin(path: string): void {
  tab.set(storageKeys.redirectAfterLogin, path);
}

/** The remembered post-login target, if any. */
export function redirectAfterLogin(): string | null {
  return tab.get(storageKeys.redirectAfterLogin);
}

/** Forgets the post-login target once it has been used. */
export function clearRedirectAfterLogin(): void {
  tab.remove(storageKeys.redirectAfterLogin);
}

export function rememberLastPath(path: string): void {
  tab.set(storageKeys.lastPath, path);
}

export function lastPath(): string | null {
  return tab.get(storageKeys.lastPath);
}
