import type { NotificationSettings } from '../../../shared/contracts/notifications';
import { defaultDigestFrequency, nextDigestHour } from '../../../shared/digest-schedule';
import { now } from '../../lib/clock';
import { getNotificationSettings, toNotificationSettings } from '../../records/notification-settings';

/** GET /api/user/notifications: an account from before the settings existed has the defaults (weekly, UTC). */
export async function getNotificationSettingsOf(userId: string): Promise<NotificationSettings> {
  const item = await getNotificationSettings(userId);
  if (item) return toNotificationSettings(item);
  return toNotificationSettings({
    digest: defaultDigestFrequency,
    timeZone: 'UTC',
    nextDigestAt: nextDigestHour(defaultDigestFrequency, 'UTC', now())?.toISOString(),
  });
}
