import * as z from 'zod';
import { isTimeZone } from '../dates';
import { digestFrequencies } from '../digest-schedule';
import { messageKeys } from '../validation';

/** An IANA time zone name (Europe/Berlin, UTC) that the server knows. */
export const timeZoneField = () =>
  z.string({ error: messageKeys.invalidInput }).max(64, { error: messageKeys.tooLong }).refine(isTimeZone, { error: messageKeys.invalidInput });

/** GET /api/user/notifications, and the answer of PUT: the e-mail digest and the time zone it follows. */
export const NotificationSettings = z.object({
  digest: z.enum(digestFrequencies),
  timeZone: z.string(),
  /** When the next digest is due (ISO instant), null when off. */
  nextDigestDate: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

// PUT /api/user/notifications: both fields each time (the form as it stands).
export const UpdateNotificationSettingsRequest = z.strictObject({
  digest: z.enum(digestFrequencies, { error: messageKeys.invalidInput }),
  timeZone: timeZoneField(),
});
export type UpdateNotificationSettingsRequest = z.infer<typeof UpdateNotificationSettingsRequest>;

/** The unsubscribe link's token (`<userId>.<signature>`), in the query of /api/unsubscribe. */
export const UnsubscribeQuery = z.strictObject({
  token: z.string({ error: messageKeys.required }).regex(/^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43}$/, { error: messageKeys.invalidInput }),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;

/** GET and POST /api/unsubscribe: GET only looks (a link scanner changes nothing), POST turns the digest off. */
export const UnsubscribeResponse = z.object({ digest: z.enum(digestFrequencies) });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;
