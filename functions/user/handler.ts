import { namePrefixes, privacyLevels } from '../../shared/contract-limits';
import { countries } from '../../shared/countries';
import { createGroupHandler } from '../http/idempotency';
import { userRoutes } from '../../shared/routes/user';
import { addAddress } from '../domain/accounts/add-address';
import { getProfile } from '../domain/accounts/get-profile';
import { listSessions } from '../domain/signin/list-sessions';
import { revokeOtherSessions } from '../domain/signin/revoke-other-sessions';
import { revokeSession } from '../domain/signin/revoke-session';
import { checkUnsubscribe } from '../domain/notifications/check-unsubscribe';
import { getNotificationSettingsOf } from '../domain/notifications/get-notification-settings';
import { unsubscribe } from '../domain/notifications/unsubscribe';
import { updateNotificationSettings } from '../domain/notifications/update-notification-settings';
import { updateAddress } from '../domain/accounts/update-address';
import { updatePrivacySettings } from '../domain/accounts/update-privacy-settings';
import { updateUser } from '../domain/accounts/update-user';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/user').then((module) => module.userContract);

export const handler = createGroupHandler('user', userRoutes, contract, {
  getProfile: async ({ session }) => ({ body: await getProfile(session.userId) }),
  updateUser: async ({ session, path, body }) => ({ body: await updateUser(session, path.userId, body) }),
  // Reference data, public: the signup and profile forms need it before and after sign-in alike.
  listPrefixes: async () => ({ body: namePrefixes }),
  listPrivacyLevels: async () => ({ body: privacyLevels }),
  listCountries: async () => ({ body: countries() }),
  addAddress: async ({ session, body }) => ({ status: 201, body: await addAddress(session.userId, body) }),
  updateAddress: async ({ session, path, body }) => ({ body: await updateAddress(session.userId, path.id, body) }),
  updatePrivacySettings: async ({ session, body }) => ({ body: await updatePrivacySettings(session.userId, body) }),
  listSessions: async ({ session }) => ({ body: await listSessions(session) }),
  revokeSession: async ({ session, path }) => {
    await revokeSession(session, path.id);
    return { status: 204 };
  },
  revokeOtherSessions: async ({ session }) => ({ body: await revokeOtherSessions(session) }),
  getNotificationSettings: async ({ session }) => ({ body: await getNotificationSettingsOf(session.userId) }),
  updateNotificationSettings: async ({ session, body }) => ({ body: await updateNotificationSettings(session.userId, body) }),
  getUnsubscribe: async ({ query }) => ({ body: await checkUnsubscribe(query.token) }),
  unsubscribe: async ({ query }) => ({ body: await unsubscribe(query.token) }),
});
