import type { PrivacySettingsRequest, PrivacySettingsResponse } from '../../../shared/contracts/user';
import { updatePrivacySettings as storePrivacySettings } from '../../records/users';

/**
 * Stores who sees the caller's e-mail, phone and address (1 only me, 5 direct contacts,
 * 10 everyone). Read by the member lists through visibleContactFields().
 */
export async function updatePrivacySettings(userId: string, input: PrivacySettingsRequest): Promise<PrivacySettingsResponse> {
  return storePrivacySettings(userId, input);
}
