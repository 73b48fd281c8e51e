import type { NotificationSettings, UpdateNotificationSettingsRequest } from '../../../shared/contracts/notifications';
import { now } from '../../lib/clock';
import { saveNotificationSettings, toNotificationSettings } from '../../records/notification-settings';

/** PUT /api/user/notifications: takes effect at once (the dispatch index moves in the same write). */
export async function updateNotificationSettings(userId: string, input: UpdateNotificationSettingsRequest): Promise<NotificationSettings> {
  return toNotificationSettings(await saveNotificationSettings(userId, input.digest, input.timeZone, now()));
}
