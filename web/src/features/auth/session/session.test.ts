import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EntityRole, EntityType, type EntityRoleId } from '../../../../../shared/enums';
import { permissionsForRole } from '../../../../../shared/permissions';
import { setGlobalErrorHandler } from '../../../lib/api-client';
import { storageKeys } from '../../../stores/browser-storage';
import { authStateAtom, currentEntityAtom, entitiesAtom, isLoginInProgressAtom, loginActionAtom, startSession, userAtom } from '../../../stores/session';
import { toastsAtom } from '../../../stores/toasts';
import { isWalkthroughOpenAtom } from '../../../stores/ui';
import { fails, fakeApi, ok, type FakeRequest, type FakeResponse } from '../../../testing/fake-api';
import { aSignedInUser } from '../../../testing/users';
import { finishLogin, restoreSession, switchEntity } from './session';

const profile = { ...aSignedInUser({ lastLoginDate: '2026-01-02T03:04:05.000Z' }), privacySettings: { email: 10, phone: 10, address: 10 } };
const { privacySettings: _privacy, ...signedInUser } = profile;

const entity = (id: number, entityTypeId: number, entityRoleId: EntityRoleId = EntityRole.Owner) => ({
  id,
  entityName: `Entity ${id}`,
  entityTypeId,
  canvasName: null,
  domain: null,
  vatNumber: null,
  email: null,
  phone: null,
  addresses: [],
  entityRoleId,
  entityRoleName: 'Owner',
  entityRolePermissions: permissionsForRole(entityRoleId),
  entityMemberId: `m${id}`,
  entityMemberCompanyPosition: null,
});
const family = entity(3, EntityType.Family);
const company = entity(8, EntityType.AdvisorCompany, EntityRole.Admin);

const setCurrent =
  (known: number[]) =>
  (request: FakeRequest): FakeResponse => {
    const id = (request.body as { id: number }).id;
    const found = [family, company].find((item) => item.id === id && known.includes(id));
    return found ? ok(found) : fails(404, 4);
  };

let restore: () => void = () => undefined;
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  restore();
  setGlobalErrorHandler(null);
});

function serve(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  restore = api.restore;
  return api;
}

describe('restoreSession (docs/product/sessions-and-sign-in.md#session)', () => {
  it('leaves a visitor without a stored user id logged out, asking nothing', async () => {
    const api = serve({});
    const store = createStore();
    expect(await restoreSession(store)).toBe('loggedOut');
    expect(api.calls).toHaveLength(0);
    expect(store.get(authStateAtom).isAuthenticated).toBe(false);
  });

  it('loads the profile and the entities, and makes the stored entity current on the server too', async () => {
    window.localStorage.setItem(storageKeys.userId, 'u1');
    window.localStorage.setItem(storageKeys.entityId, '8');
    const api = serve({ 'GET /user/profile': ok(profile), 'GET /entities': ok([family, company]), 'POST /auth/set-current-entity': setCurrent([3, 8]) });
    const store = createStore();
    expect(await restoreSession(store)).toBe('restored');
    expect(api.callsTo('POST /auth/set-current-entity')[0]?.body).toEqual({ id: 8 });
    expect(store.get(userAtom)).toMatchObject({ id: 'u1', firstName: 'Anna', lastLoginDate: profile.lastLoginDate });
    expect(store.get(entitiesAtom).map((item) => item.id)).toEqual([3, 8]);
    expect(store.get(currentEntityAtom)).toMatchObject({ id: 8, entityTypeId: EntityType.AdvisorCompany, entityRoleId: EntityRole.Admin });
    expect(store.get(authStateAtom)).toMatchObject({ isAuthenticated: true, isEmailConfirmed: true, hasEntities: true });
  });

  it('asks for the entities and the stored entity beside the profile for a user this browser knew as confirmed', async () => {
    window.localStorage.setItem(storageKeys.userId, 'u1');
    window.localStorage.setItem(storageKeys.isEmailConfirmed, 'true');
    window.localStorage.setItem(storageKeys.entityId, '3');
    // The profile answers only once the other two were asked: one round trip before the session stands, not three.
    let bothAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (bothAsked = resolve));
    const seen = new Set<string>();
    const note = (name: string, answer: (request: FakeRequest) => FakeResponse) => (request: FakeRequest) => {
      seen.add(name);
      if (seen.size === 2) bothAsked();
      return answer(request);
    };
    serve({
      'GET /user/profile': async () => {
        await asked;
        return ok(profile);
      },
      'GET /entities': note('list', () => ok([family, company])),
      'POST /auth/set-current-entity': note('current', setCurrent([3, 8])),
    });
    const store = createStore();
    expect(await restoreSession(store)).toBe('restored');
    expect(store.get(currentEntityAtom)?.id).toBe(3);
  });

  it('takes the first entity when the stored one is gone, and the next one when the server no longer knows it (4)', async () => {
    window.localStorage.setItem(storageKeys.userId, 'u1');
    window.localStorage.setItem(storageKeys.entityId, '99');
    serve({ 'GET /user/profile': ok(profile), 'GET /entities': ok([family, company]), 'POST /auth/set-current-entity': setCurrent([8]) });
    const store = createStore();
    await restoreSession(store);
    expect(store.get(currentEntityAtom)?.id).toBe(8);
    expect(store.get(entitiesAtom).map((item) => item.id)).toEqual([8]);
    expect(window.localStorage.getItem(storageKeys.entityId)).toBe('8');
  });

  it('goes on without entities when the list answers 404', async () => {
    window.localStorage.setItem(storageKeys.userId, 'u1');
    const api = serve({ 'GET /user/profile': ok(profile) });
    const store = createStore();
    expect(await restoreSession(store)).toBe('restored');
    expect(store.get(authStateAtom)).toMatchObject({ isAuthenticated: true, hasEntities: false, currentEntity: null });
    expect(api.callsTo('POST /auth/set-current-entity')).toHaveLength(0);
  });

  it('keeps an unconfirmed user as such, without loading entities', async () => {
    window.localStorage.setItem(storageKeys.userId, 'u1');
    const api = serve({ 'GET /user/profile': ok({ ...profile, isEmailConfirmed: false }) });
    const store = createStore();
    expect(await restoreSession(store)).toBe('unconfirmed');
    expect(store.get(authStateAtom)).toMatchObject({ isAuthenticated: true, isEmailConfirmed: false });
    expect(api.callsTo('GET /entities')).toHaveLength(0);
  });

  it.each([
    ['expired (7)', fails(401, 7)],
    ['gone (5)', fails(401, 5)],
  ])('quietly logs out when the session is %s', async (_case, answer) => {
    window.localStorage.setItem(storageKeys.userId, 'u1');
    window.localStorage.setItem(storageKeys.entityId, '3');
    serve({ 'GET /user/profile': answer });
    const globalHandler = vi.fn();
    setGlobalErrorHandler(globalHandler);
    const store = createStore();
    expect(await restoreSession(store)).toBe('loggedOut');
    expect(store.get(authStateAtom).isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(storageKeys.userId)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.entityId)).toBeNull();
    expect(globalHandler).not.toHaveBeenCalled();
  });

  it('stays logged out in this tab with a system error when the server fails', async () => {
    window.localStorage.setItem(storageKeys.userId, 'u1');
    serve({ 'GET /user/profile': fails(500, 1) });
    const store = createStore();
    expect(await restoreSession(store)).toBe('failed');
    expect(store.get(authStateAtom).isAuthenticated).toBe(false);
    expect(store.get(toastsAtom)[0]?.title).toBe('Something went wrong');
    expect(window.localStorage.getItem(storageKeys.userId)).toBe('u1');
  });
});

describe('finishLogin (docs/product/sessions-and-sign-in.md#session, #after-login)', () => {
  it('keeps the login in progress while the entities load, then starts the session', async () => {
    let answerEntities: (response: FakeResponse) => void = () => undefined;
    serve({ 'GET /entities': () => new Promise((resolve) => (answerEntities = resolve)), 'POST /auth/set-current-entity': setCurrent([3]) });
    const store = createStore();
    store.set(loginActionAtom, 'confirmed');
    const finishing = finishLogin(store, signedInUser);
    expect(store.get(isLoginInProgressAtom)).toBe(true);
    answerEntities(ok([family]));
    await finishing;
    expect(store.get(isLoginInProgressAtom)).toBe(false);
    expect(store.get(authStateAtom)).toMatchObject({ isAuthenticated: true, isEmailConfirmed: true });
    expect(store.get(currentEntityAtom)?.id).toBe(3);
    expect(window.localStorage.getItem(storageKeys.userId)).toBe('u1');
    expect(store.get(loginActionAtom)).toBeNull();
    expect(store.get(isWalkthroughOpenAtom)).toBe(false);
  });

  it('starts a family on its canvas tour on a first login, instead of the walkthrough (docs/product/canvas.md#canvas-tour)', async () => {
    serve({ 'GET /entities': ok([family]), 'POST /auth/set-current-entity': setCurrent([3]) });
    const store = createStore();
    await finishLogin(store, { ...signedInUser, lastLoginDate: null });
    expect(store.get(currentEntityAtom)?.id).toBe(3);
    expect(store.get(isWalkthroughOpenAtom)).toBe(false);
    expect(window.localStorage.getItem(storageKeys.canvasTourDue('u1'))).toBe('1');
  });

  it('opens the walkthrough on an advisor’s first login, with no canvas tour', async () => {
    serve({ 'GET /entities': ok([company]), 'POST /auth/set-current-entity': setCurrent([8]) });
    const store = createStore();
    await finishLogin(store, { ...signedInUser, lastLoginDate: null });
    expect(store.get(isWalkthroughOpenAtom)).toBe(true);
    expect(window.localStorage.getItem(storageKeys.canvasTourDue('u1'))).toBeNull();
  });

  it('opens the walkthrough on a first login (no lastLoginDate)', async () => {
    serve({ 'GET /entities': ok([]) });
    const store = createStore();
    await finishLogin(store, { ...signedInUser, lastLoginDate: null });
    expect(store.get(isWalkthroughOpenAtom)).toBe(true);
    expect(store.get(authStateAtom)).toMatchObject({ isAuthenticated: true, currentEntity: null });
  });

  it('undoes the login when the entities cannot be loaded', async () => {
    const api = serve({ 'GET /entities': fails(500, 3), 'POST /auth/signout': { status: 204 } });
    const store = createStore();
    await finishLogin(store, signedInUser);
    expect(store.get(authStateAtom)).toMatchObject({ isAuthenticated: false, isLoginInProgress: false });
    expect(api.callsTo('POST /auth/signout')).toHaveLength(1);
    expect(store.get(toastsAtom)[0]?.title).toBe('Something went wrong');
  });
});

describe('switchEntity (docs/product/organisations-and-members.md#switching-entity)', () => {
  it('tells the server, refreshes the role and stores the choice', async () => {
    const api = serve({
      'POST /auth/set-current-entity': () => ok({ ...company, entityRoleId: EntityRole.FullMember, entityRolePermissions: ['ReadCanvas'] }),
    });
    const store = createStore();
    startSession(store, {
      userId: 'u1',
      isEmailConfirmed: true,
      entities: [
        { id: 3, entityName: 'Entity 3', entityTypeId: EntityType.Family, entityRoleId: EntityRole.Owner, entityRolePermissions: [] },
        { id: 8, entityName: 'Entity 8', entityTypeId: EntityType.AdvisorCompany, entityRoleId: EntityRole.Admin, entityRolePermissions: [] },
      ],
      currentEntityId: 3,
    });
    const current = await switchEntity(store, 8);
    expect(api.calls[0]?.body).toEqual({ id: 8 });
    expect(current).toMatchObject({ id: 8, entityRoleId: EntityRole.FullMember, entityRolePermissions: ['ReadCanvas'] });
    expect(store.get(currentEntityAtom)?.id).toBe(8);
    expect(window.localStorage.getItem(storageKeys.entityId)).toBe('8');
  });
});
