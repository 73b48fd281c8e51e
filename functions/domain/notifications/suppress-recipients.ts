import type { EventBridgeEvent } from 'aws-lambda';
import { suppressRecipient, type SuppressionReason } from '../../records/suppressions';
import { logger } from '../../lib/observability';

/**
 * The SES events job: bounce and complaint events (EventBridge, from the configuration set of
 * infra/stacks/mail-stack.ts) → the suppression list the mailer checks before every send.
 *
 * - A permanent bounce (the address does not exist, or the domain refuses it for good)
 *   suppresses the address. A transient bounce (mailbox full, a server down) does not: SES
 *   has retried already and the next mail may well arrive.
 * - A complaint (the recipient marked the mail as spam) suppresses the address, whatever
 *   its feedback type, unless the feedback says "not-spam".
 * A failure throws: Lambda retries the event twice, then it lands in the job's dead-letter
 * queue (and its alarm fires). Putting an item twice is harmless.
 */

type Recipient = { emailAddress: string };

export type SesEventDetail = {
  eventType: 'Bounce' | 'Complaint' | string;
  mail?: { timestamp?: string; messageId?: string };
  bounce?: { bounceType: 'Permanent' | 'Transient' | 'Undetermined' | string; bounceSubType?: string; bouncedRecipients: Recipient[]; timestamp?: string };
  complaint?: { complainedRecipients: Recipient[]; complaintFeedbackType?: string; timestamp?: string };
};

export type SesEvent = EventBridgeEvent<string, SesEventDetail>;

/** The addresses an event suppresses, with the reason and the SES detail to keep with them. */
export function suppressionsOf(detail: SesEventDetail): Array<{ email: string; reason: SuppressionReason; detail: string; at: string | undefined }> {
  if (detail.eventType === 'Bounce' && detail.bounce?.bounceType === 'Permanent') {
    const { bounce } = detail;
    return bounce.bouncedRecipients.map((recipient) => ({
      email: recipient.emailAddress,
      reason: 'bounce',
      detail: `${bounce.bounceType}/${bounce.bounceSubType ?? 'General'}`,
      at: bounce.timestamp,
    }));
  }
  if (detail.eventType === 'Complaint' && detail.complaint && detail.complaint.complaintFeedbackType !== 'not-spam') {
    const { complaint } = detail;
    return complaint.complainedRecipients.map((recipient) => ({
      email: recipient.emailAddress,
      reason: 'complaint',
      detail: complaint.complaintFeedbackType ?? 'complaint',
      at: complaint.timestamp,
    }));
  }
  return [];
}

/** Puts the addresses an SES event suppresses on the list (functions/jobs/ses-events/handler.ts binds it). */
export async function suppressRecipients(event: SesEvent): Promise<{ suppressed: number }> {
  const suppressions = suppressionsOf(event.detail);
  await Promise.all(suppressions.map((s) => suppressRecipient(s.email, s.reason, s.detail, s.at ?? event.time)));
  logger.info('ses event handled', {
    eventType: event.detail.eventType,
    bounceType: event.detail.bounce?.bounceType,
    suppressed: suppressions.length,
    messageId: event.detail.mail?.messageId,
  });
  return { suppressed: suppressions.length };
}
