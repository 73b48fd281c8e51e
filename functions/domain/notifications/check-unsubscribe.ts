import type { UnsubscribeResponse } from '../../../shared/contracts/notifications';
import { getNotificationSettingsOf } from './get-notification-settings';
import { requireUserOfUnsubscribeToken } from './unsubscribe-token';

/** GET /api/unsubscribe: whether the link is valid and what is on; changes nothing (link scanners open links). */
export async function checkUnsubscribe(token: string): Promise<UnsubscribeResponse> {
  return { digest: (await getNotificationSettingsOf(await requireUserOfUnsubscribeToken(token))).digest };
}
