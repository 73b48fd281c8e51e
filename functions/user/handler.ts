import { SessionIdPath } from '../../shared/contracts/auth';
import { IdPath } from '../../shared/contracts/common';
import { UnsubscribeQuery, UpdateNotificationSettingsRequest } from '../../shared/contracts/notifications';
import { AddressRequest, countries, namePrefixes, PrivacySettingsRequest, privacyLevels, UpdateUserRequest, UserIdPath } from '../../shared/contracts/user';
import { createGroupHandler, defineRoute } from '../lib/http';
import { addAddress } from '../domain/accounts/add-address';
import { getProfile } from '../domain/accounts/get-profile';
import { listSessions } from '../domain/sessions/list-sessions';
import { revokeOtherSessions } from '../domain/sessions/revoke-other-sessions';
import { revokeSession } from '../domain/sessions/revoke-session';
import { checkUnsubscribe } from '../domain/notifications/check-unsubscribe';
import { getNotificationSettingsOf } from '../domain/notifications/get-notification-settings';
import { unsubscribe } from '../domain/notifications/unsubscribe';
import { updateNotificationSettings } from '../domain/notifications/update-notification-settings';
import { updateAddress } from '../domain/accounts/update-address';
import { updatePrivacySettings } from '../domain/accounts/update-privacy-settings';
import { updateUser } from '../domain/accounts/update-user';

export const handler = createGroupHandler('user', {
  getProfile: defineRoute({
    handler: async ({ session }) => ({ body: await getProfile(session.userId) }),
  }),
  updateUser: defineRoute({
    path: UserIdPath,
    body: UpdateUserRequest,
    handler: async ({ session, path, body }) => ({ body: await updateUser(session, path.userId, body) }),
  }),
  // Reference data, public: the signup and profile forms need it before and after sign-in alike.
  listPrefixes: defineRoute({ handler: async () => ({ body: namePrefixes }) }),
  listPrivacyLevels: defineRoute({ handler: async () => ({ body: privacyLevels }) }),
  listCountries: defineRoute({ handler: async () => ({ body: countries }) }),
  addAddress: defineRoute({
    body: AddressRequest,
    handler: async ({ session, body }) => ({ status: 201, body: await addAddress(session.userId, body) }),
  }),
  updateAddress: defineRoute({
    path: IdPath,
    body: AddressRequest,
    handler: async ({ session, path, body }) => ({ body: await updateAddress(session.userId, path.id, body) }),
  }),
  updatePrivacySettings: defineRoute({
    body: PrivacySettingsRequest,
    handler: async ({ session, body }) => ({ body: await updatePrivacySettings(session.userId, body) }),
  }),
  listSessions: defineRoute({
    handler: async ({ session }) => ({ body: await listSessions(session) }),
  }),
  revokeSession: defineRoute({
    path: SessionIdPath,
    handler: async ({ session, path }) => {
      await revokeSession(session, path.id);
      return { status: 204 };
    },
  }),
  revokeOtherSessions: defineRoute({
    handler: async ({ session }) => ({ body: await revokeOtherSessions(session) }),
  }),
  getNotificationSettings: defineRoute({
    handler: async ({ session }) => ({ body: await getNotificationSettingsOf(session.userId) }),
  }),
  updateNotificationSettings: defineRoute({
    body: UpdateNotificationSettingsRequest,
    handler: async ({ session, body }) => ({ body: await updateNotificationSettings(session.userId, body) }),
  }),
  getUnsubscribe: defineRoute({
    query: UnsubscribeQuery,
    handler: async ({ query }) => ({ body: await checkUnsubscribe(query.token) }),
  }),
  unsubscribe: defineRoute({
    query: UnsubscribeQuery,
    handler: async ({ query }) => ({ body: await unsubscribe(query.token) }),
  }),
});
