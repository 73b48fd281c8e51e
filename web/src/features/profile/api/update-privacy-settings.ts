import { PrivacySettingsResponse, type PrivacySettingsRequest } from '../../../../../shared/contracts/user';
import { apiClient } from '../../../lib/api-client';

/** POST /api/user/privacy (spec 01 §7 User): who sees the caller's e-mail, phone and address. */
export function updatePrivacySettings(input: PrivacySettingsRequest): Promise<PrivacySettingsResponse> {
  return apiClient.post('/user/privacy', input, { schema: PrivacySettingsResponse });
}
