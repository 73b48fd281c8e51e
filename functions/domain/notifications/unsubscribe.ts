import type { UnsubscribeResponse } from '../../../shared/contracts/notifications';
import { now } from '../../lib/clock';
import { turnDigestOff } from '../../records/notification-settings';
import { requireUserOfUnsubscribeToken } from './unsubscribe-token';

/** POST /api/unsubscribe (RFC 8058 one-click): no session needed, at once, and the same again is harmless. */
export async function unsubscribe(token: string): Promise<UnsubscribeResponse> {
  return { digest: (await turnDigestOff(await requireUserOfUnsubscribeToken(token), now())).digest };
}
