import { useQuery } from '@tanstack/react-query';
import { NotificationSettings, type UpdateNotificationSettingsRequest } from '../../../../../shared/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /api/user/notifications: the e-mail digest and the time zone it follows. */
export function useNotificationSettings() {
  return useQuery({ queryKey: profileKeys.notifications, queryFn: () => apiClient.get('/user/notifications', { schema: NotificationSettings }) });
}

/** PUT /api/user/notifications: takes effect at once. */
export function updateNotificationSettings(input: UpdateNotificationSettingsRequest): Promise<NotificationSettings> {
  return apiClient.put('/user/notifications', input, { schema: NotificationSettings });
}
