import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { sendWrite } from '../lib/db/table';

/**
 * The mail suppression list (SUPPRESS#address / SUPPRESS): recipients whose mail bounced
 * permanently or who marked a mail as spam. Written by the SES events job
 * (./suppress-recipients.ts), read by the mailer before every send. Sending to them again
 * would only raise the account's bounce and complaint rates, which SES watches.
 */
export type SuppressionReason = 'bounce' | 'complaint';

export type SuppressionItem = {
  type: 'Suppression';
  email: string;
  reason: SuppressionReason;
  /** The SES detail (bounce type and subtype, or complaint feedback type), for whoever lifts it. */
  detail: string;
  /** ISO time of the SES event. */
  at: string;
};

/** Puts (or refreshes) an address on the list. */
export async function suppressRecipient(email: string, reason: SuppressionReason, detail: string, at: string): Promise<void> {
  const item: SuppressionItem = { type: 'Suppression', email: email.toLowerCase(), reason, detail, at };
  await sendWrite({ put: { ...keys.suppression(email), ...item } });
}

/** Whether an address is on the list: one GetItem. */
export async function isSuppressed(email: string): Promise<boolean> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.suppression(email), ProjectionExpression: 'PK' }));
  return result.Item !== undefined;
}
