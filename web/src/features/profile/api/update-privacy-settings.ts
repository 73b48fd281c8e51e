import { PrivacySettingsResponse, type PrivacySettingsRequest } from '../../../../../shared/contracts/user';
import { call } from '../../../lib/api-client';

/** POST /api/user/privacy (docs/product/accounts.md#calls): who sees the caller's e-mail, phone and address. */
export function updatePrivacySettings(input: PrivacySettingsRequest): Promise<PrivacySettingsResponse> {
  return call('updatePrivacySettings', { body: input });
}
