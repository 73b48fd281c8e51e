/** The contract entries of the user group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { RevokeOtherSessionsResponse, SessionIdPath, UserProfile, UserSessionsResponse } from '../contracts/auth';
import { IdPath } from '../contracts/common';
import { NotificationSettings, UnsubscribeQuery, UnsubscribeResponse, UpdateNotificationSettingsRequest } from '../contracts/notifications';
import {
  AddressRequest,
  AddressResponse,
  CountriesResponse,
  PrefixesResponse,
  PrivacyLevelsResponse,
  PrivacySettingsRequest,
  PrivacySettingsResponse,
  UpdateUserRequest,
  UpdateUserResponse,
  UserIdPath,
} from '../contracts/user';
import { UnreadBody, type GroupContract } from './endpoint';

export const userContract = {
  getProfile: { response: UserProfile },
  updateUser: { path: UserIdPath, body: UpdateUserRequest, response: UpdateUserResponse },
  listPrefixes: { response: PrefixesResponse },
  addAddress: { body: AddressRequest, response: AddressResponse },
  updateAddress: { path: IdPath, body: AddressRequest, response: AddressResponse },
  updatePrivacySettings: { body: PrivacySettingsRequest, response: PrivacySettingsResponse },
  listSessions: { response: UserSessionsResponse },
  revokeSession: { path: SessionIdPath },
  revokeOtherSessions: { response: RevokeOtherSessionsResponse },
  getNotificationSettings: { response: NotificationSettings },
  updateNotificationSettings: { body: UpdateNotificationSettingsRequest, response: NotificationSettings },
  getUnsubscribe: { query: UnsubscribeQuery, response: UnsubscribeResponse },
  unsubscribe: { query: UnsubscribeQuery, body: UnreadBody, response: UnsubscribeResponse },
  listPrivacyLevels: { response: PrivacyLevelsResponse },
  listCountries: { response: CountriesResponse },
} as const satisfies GroupContract<'user'>;
