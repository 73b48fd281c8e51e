import { observed } from '../../lib/observability';
import { suppressRecipients, type SesEvent } from '../../domain/notifications/suppress-recipients';

export type { SesEvent, SesEventDetail } from '../../domain/notifications/suppress-recipients';

/** SES bounce and complaint events → the mail suppression list (functions/domain/notifications/suppress-recipients.ts). */
export const handler = observed(async (event: SesEvent): Promise<{ suppressed: number }> => suppressRecipients(event));
