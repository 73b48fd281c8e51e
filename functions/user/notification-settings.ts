import type { NotificationSettings, UnsubscribeResponse, UpdateNotificationSettingsRequest } from '../../shared/contracts/notifications';
import { defaultDigestFrequency, nextDigestHour } from '../../shared/digest-schedule';
import { now } from '../lib/clock';
import { getNotificationSettings, saveNotificationSettings, turnDigestOff, type NotificationSettingsItem } from '../lib/db/notifications';
import { userOfUnsubscribeToken } from '../lib/digest/unsubscribe-token';
import { fail } from '../lib/errors';

function toSettings(item: Pick<NotificationSettingsItem, 'digest' | 'timeZone' | 'nextDigestAt'>): NotificationSettings {
  return { digest: item.digest, timeZone: item.timeZone, nextDigestDate: item.nextDigestAt ?? null };
}

/** GET /api/user/notifications: an account from before the settings existed has the defaults (weekly, UTC). */
export async function getNotificationSettingsOf(userId: string): Promise<NotificationSettings> {
  const item = await getNotificationSettings(userId);
  if (item) return toSettings(item);
  return toSettings({ digest: defaultDigestFrequency, timeZone: 'UTC', nextDigestAt: nextDigestHour(defaultDigestFrequency, 'UTC', now())?.toISOString() });
}

/** PUT /api/user/notifications: takes effect at once (the dispatch index moves in the same write). */
export async function updateNotificationSettings(userId: string, input: UpdateNotificationSettingsRequest): Promise<NotificationSettings> {
  return toSettings(await saveNotificationSettings(userId, input.digest, input.timeZone, now()));
}

function userOfToken(token: string): string {
  const userId = userOfUnsubscribeToken(token);
  if (!userId) throw fail('ITEM_NOT_FOUND', { message: 'This unsubscribe link is not valid.' });
  return userId;
}

/** GET /api/unsubscribe: whether the link is valid and what is on; changes nothing (link scanners open links). */
export async function checkUnsubscribe(token: string): Promise<UnsubscribeResponse> {
  return { digest: (await getNotificationSettingsOf(userOfToken(token))).digest };
}

/** POST /api/unsubscribe (RFC 8058 one-click): no session needed, at once, and the same again is harmless. */
export async function unsubscribe(token: string): Promise<UnsubscribeResponse> {
  return { digest: (await turnDigestOff(userOfToken(token), now())).digest };
}
