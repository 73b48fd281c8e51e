import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import type { CurrentEntity, SigninResponse, UserProfile } from '../../../../../shared/contracts/auth';
import { EntityType, entityRoleIds, entityTypeIds, type EntityRoleId, type EntityTypeId } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import type { AppStore } from '../../../stores/app-store';
import { local, storageKeys } from '../../../stores/browser-storage';
import {
  clearSession,
  currentEntityAtom,
  entitiesAtom,
  isLoginInProgressAtom,
  loginActionAtom,
  setCurrentEntity,
  startSession,
  storedUserId,
  type SessionEntity,
  type SessionUser,
} from '../../../stores/session';
import { showSystemErrorToast } from '../../../stores/toasts';
import { isWalkthroughOpenAtom } from '../../../stores/ui';
import { getProfile } from '../api/get-profile';
import { listEntities } from '../api/list-entities';
import { setCurrentEntityOnServer } from '../api/set-current-entity';
import { signOut } from '../api/sign-out';

/**
 * The session's life in the browser (docs/product/sessions-and-sign-in.md#session, docs/product/organisations-and-members.md#switching-entity, docs/product/sessions-and-sign-in.md#after-login): restoring it on start, finishing
 * a login, and switching the current entity. The server holds the session (an HttpOnly
 * cookie); the browser keeps who the user is and which entity is current (stores/session).
 */

const isEntityTypeId = (value: number): value is EntityTypeId => (entityTypeIds as readonly number[]).includes(value);
const isEntityRoleId = (value: number): value is EntityRoleId => (entityRoleIds as readonly number[]).includes(value);

/** The server's view of an entity → the session's; an entity of an unknown type or role is left out. */
export function toSessionEntity(entity: CurrentEntity): SessionEntity | null {
  if (!isEntityTypeId(entity.entityTypeId) || !isEntityRoleId(entity.entityRoleId)) return null;
  return {
    id: entity.id,
    entityName: entity.entityName,
    entityTypeId: entity.entityTypeId,
    entityRoleId: entity.entityRoleId,
    entityRolePermissions: entity.entityRolePermissions,
  };
}

function toSessionUser(user: SigninResponse | UserProfile): SessionUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    isEmailConfirmed: user.isEmailConfirmed,
    lastLoginDate: user.lastLoginDate,
  };
}

/** Calls made while (re)building a session answer 7 to this code, not to the global handler. */
const quiet = { handleLocally: [ErrorCodes.SESSION_EXPIRED, ErrorCodes.EMAIL_NOT_CONFIRMED] };

/**
 * The user's entities, and the one that becomes current: the stored entity id if the user
 * still belongs to it, else the first (docs/product/sessions-and-sign-in.md#session). The server is told; an entity it no
 * longer knows for the user (4) is dropped and the next one tried, and with none left the
 * user goes on without a current entity (docs/product/errors.md#sessions-errors Login: 4 lets the user proceed).
 * The stored entity is offered to the server alongside the list, not after it: on most visits it is the one that
 * becomes current, and the server checks the membership itself (4 otherwise), so a page that waits for the session
 * (the canvas) waits one round trip, not two (docs/architecture-decisions.md, "The canvas's first load").
 */
export async function loadEntities(
  options: { handleLocally?: readonly number[] } = {},
): Promise<{ entities: SessionEntity[]; currentEntityId: number | null }> {
  const storedId = Number(local.get(storageKeys.entityId) ?? Number.NaN);
  const storedChoice = Number.isInteger(storedId) ? setCurrentEntityOnServer(storedId, options) : undefined;
  // Read below only when the stored entity is the candidate: a list that fails first leaves it unread, which is no error.
  storedChoice?.catch(() => undefined);
  let entities = (await listEntities(options)).map(toSessionEntity).filter((entity): entity is SessionEntity => entity !== null);
  for (let attempt = 0; attempt < 2 && entities.length > 0; attempt++) {
    const candidate = entities.find((entity) => entity.id === storedId) ?? entities[0]!;
    try {
      const fresh = await (candidate.id === storedId && storedChoice ? storedChoice : setCurrentEntityOnServer(candidate.id, options));
      const current = fresh ? toSessionEntity(fresh) : null;
      if (current) entities = entities.map((entity) => (entity.id === current.id ? current : entity));
      return { entities, currentEntityId: current?.id ?? null };
    } catch (error) {
      if (!(isApiError(error) && error.errorCode === ErrorCodes.ITEM_NOT_FOUND)) throw error;
      entities = entities.filter((entity) => entity.id !== candidate.id);
    }
  }
  return { entities, currentEntityId: null };
}

export type RestoreOutcome = 'loggedOut' | 'restored' | 'unconfirmed' | 'failed';

/**
 * docs/product/sessions-and-sign-in.md#session on start: without a stored user id the visitor stays logged out. With
 * one, the profile is loaded (a session that ended — 5 or 7 — quietly logs out); an
 * unconfirmed user is kept as such (the app sends them to resendEmailConfirmation);
 * otherwise the entities are loaded and the stored (or first) one becomes current.
 */
export async function restoreSession(store: AppStore): Promise<RestoreOutcome> {
  if (!storedUserId()) return 'loggedOut';
  // A user this browser knew as confirmed (nearly every visit) has the entities asked for beside the profile, not
  // after it; an unconfirmed one asks for none. A profile that now says unconfirmed leaves their answers unread.
  const entitiesLoading = local.get(storageKeys.isEmailConfirmed) === 'true' ? loadEntities(quiet) : undefined;
  entitiesLoading?.catch(() => undefined);
  try {
    const profile = await getProfile(quiet);
    const user = toSessionUser(profile);
    if (!profile.isEmailConfirmed) {
      startSession(store, { userId: profile.id, isEmailConfirmed: false, user });
      return 'unconfirmed';
    }
    const { entities, currentEntityId } = await (entitiesLoading ?? loadEntities(quiet));
    startSession(store, { userId: profile.id, isEmailConfirmed: true, user, entities, currentEntityId });
    return 'restored';
  } catch (error) {
    if (isApiError(error) && (error.errorCode === ErrorCodes.UNAUTHORIZED || error.errorCode === ErrorCodes.SESSION_EXPIRED)) {
      clearSession(store);
      return 'loggedOut';
    }
    // The server could not answer: this tab starts logged out, the stored ids stay for a reload.
    showSystemErrorToast(store);
    return 'failed';
  }
}

/**
 * docs/product/sessions-and-sign-in.md#session, #after-login after a successful sign-in: records the user, loads the entities
 * and makes one current, opens the walkthrough on a first login (lastLoginDate empty) unless
 * the current entity is a family (its canvas tour introduces the product there).
 * The login-in-progress flag is on meanwhile (guards rule 3), so the loading page waits
 * and then sends the user on. If the entities cannot be loaded the login is undone.
 */
export async function finishLogin(store: AppStore, user: SigninResponse): Promise<void> {
  store.set(isLoginInProgressAtom, true);
  try {
    if (!user.isEmailConfirmed) {
      startSession(store, { userId: user.id, isEmailConfirmed: false, user: toSessionUser(user) });
      return;
    }
    const { entities, currentEntityId } = await loadEntities();
    startSession(store, { userId: user.id, isEmailConfirmed: true, user: toSessionUser(user), entities, currentEntityId });
    store.set(loginActionAtom, null);
    // A family's first screen is its canvas with its own short tour (docs/product/canvas.md#canvas-tour): no carousel on top.
    const current = entities.find((entity) => entity.id === currentEntityId);
    if (!user.lastLoginDate && current?.entityTypeId === EntityType.Family) local.set(storageKeys.canvasTourDue(user.id), '1');
    else if (!user.lastLoginDate) store.set(isWalkthroughOpenAtom, true);
  } catch (error) {
    await signOut().catch(() => undefined);
    clearSession(store);
    if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) showSystemErrorToast(store);
  } finally {
    store.set(isLoginInProgressAtom, false);
  }
}

/**
 * docs/product/accounts.md#signup: a signup with an invitation has started a session (the cookie). It is
 * finished like a login (entities, current entity, walkthrough on the first visit) from
 * the user's profile.
 */
export async function finishInvitedSignup(store: AppStore): Promise<void> {
  store.set(isLoginInProgressAtom, true);
  let profile: UserProfile;
  try {
    profile = await getProfile();
  } catch (error) {
    store.set(isLoginInProgressAtom, false);
    if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) showSystemErrorToast(store);
    return;
  }
  await finishLogin(store, profile);
}

/**
 * docs/product/organisations-and-members.md#switching-entity: makes another of the user's entities current. The server is told first;
 * its answer refreshes the user's role there, the id is stored, and server data of the
 * previous entity is dropped from the cache. Returns the new current entity.
 */
export async function switchEntity(store: AppStore, entityId: number): Promise<SessionEntity | null> {
  const fresh = await setCurrentEntityOnServer(entityId);
  const current = fresh ? toSessionEntity(fresh) : null;
  if (current) store.set(entitiesAtom, (entities) => entities.map((entity) => (entity.id === current.id ? current : entity)));
  setCurrentEntity(store, current?.id ?? null);
  return store.get(currentEntityAtom);
}

/** switchEntity for components: also drops the previous entity's server data (canvas, members). */
export function useSwitchEntity() {
  const store = useStore();
  const queryClient = useQueryClient();
  return useCallback(
    async (entityId: number) => {
      const entity = await switchEntity(store, entityId);
      queryClient.removeQueries();
      return entity;
    },
    [store, queryClient],
  );
}
