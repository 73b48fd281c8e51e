import { useQuery } from '@tanstack/react-query';
import { NotificationSettings, type UpdateNotificationSettingsRequest } from '../../../../../shared/contracts/notifications';
import { call } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /api/user/notifications: the e-mail digest and the time zone it follows. */
export function useNotificationSettings() {
  return useQuery({ queryKey: profileKeys.notifications, queryFn: () => call('getNotificationSettings') });
}

/** PUT /api/user/notifications: takes effect at once. */
export function updateNotificationSettings(input: UpdateNotificationSettingsRequest): Promise<NotificationSettings> {
  return call('updateNotificationSettings', { body: input });
}
