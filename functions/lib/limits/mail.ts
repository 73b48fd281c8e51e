import { businessMetrics } from '../../../shared/metrics';
import { fail } from '../errors';
import { countMetric } from '../observability';
import { consumeAllowance, type LimitRule } from './counter';

/**
 * How much mail one caller may make the product send (docs/security.md, notes). Each kind
 * of mail is limited per recipient (nobody's inbox can be flooded through us) and per
 * sender: the signed-in account that sends it, or for an anonymous route the client
 * address (one client cannot spread a flood over many recipients). Beyond a limit the
 * route answers TOO_MANY_REQUESTS (80) and sends nothing. Counters are kept for unknown
 * addresses too, so a 429 tells nothing about whether an account exists.
 */
export type MailKind =
  | 'reset'
  | 'confirmation'
  | 'member-invitation'
  | 'family-invitation'
  | 'advisor-invitation'
  | 'contact'
  | 'contact-acknowledgement'
  | 'new-device'
  | 'sign-in-method'
  | 'factor-recovery';

const hour = 3600;
const day = 24 * hour;

export const mailLimits = {
  /** The same kind of mail to one address. */
  perRecipient: { max: 5, windowSeconds: hour },
  /** Anonymous routes (reset, resend-confirmation, contact form) from one client address. */
  perClient: { max: 20, windowSeconds: hour },
  /** Invitation and confirmation mails one account sends, all kinds together. */
  perAccount: { max: 50, windowSeconds: hour },
  /** Contact messages one client may send (each mails the team). */
  contactPerClient: { max: 5, windowSeconds: hour },
  /**
   * Notices of a changed sign-in method to one address (functions/domain/accounts/notice.ts):
   * generous, since every change should be told; beyond it a change is logged, not mailed.
   */
  signInMethodNoticesPerRecipient: { max: 20, windowSeconds: hour },
  /** The contact form's fixed acknowledgement to one address. */
  acknowledgementPerRecipient: { max: 1, windowSeconds: day },
} as const satisfies Record<string, LimitRule>;

export type MailSender = { userId: string } | { clientAddress: string };

function senderKey(sender: MailSender): string {
  return 'userId' in sender ? `MAIL#ACCOUNT#${sender.userId}` : `MAIL#CLIENT#${sender.clientAddress}`;
}

/**
 * Takes one mail of `kind` to `recipient` from `sender`, or throws TOO_MANY_REQUESTS (80).
 * The sender's allowance is taken first: a client that floods many addresses stops there
 * without using up the recipients' allowances.
 */
export async function reserveMail(kind: MailKind, recipient: string, sender: MailSender, options: { senderRule?: LimitRule } = {}): Promise<void> {
  if (!(await reserveLinkMail(kind, recipient, sender, options))) {
    countMetric(businessMetrics.emailsRefusedByLimits);
    throw fail('TOO_MANY_REQUESTS');
  }
}

/**
 * For a mail whose link stays usable at least as long as the recipient's window (a reset
 * link lives an hour, a factor-recovery link 7 days): the sender's allowance as in
 * reserveMail (80 beyond it), but a recipient whose allowance is used up answers false, not
 * 80: the caller answers as if it sent and sends nothing. The address got
 * `perRecipient.max` such mails in this window, so its newest link still works; whoever
 * used the allowance up (strangers asking for the owner's address) cannot turn the owner's
 * own request away (docs/security.md, "Strangers cannot use up an address's mails").
 */
export async function reserveLinkMail(kind: MailKind, recipient: string, sender: MailSender, options: { senderRule?: LimitRule } = {}): Promise<boolean> {
  const senderRule = options.senderRule ?? ('userId' in sender ? mailLimits.perAccount : mailLimits.perClient);
  if (!(await consumeAllowance(senderKey(sender), senderRule))) {
    countMetric(businessMetrics.emailsRefusedByLimits);
    throw fail('TOO_MANY_REQUESTS');
  }
  if (await consumeAllowance(`MAIL#${kind}#${recipient.toLowerCase()}`, mailLimits.perRecipient)) return true;
  countMetric(businessMetrics.emailsRefusedByLimits);
  return false;
}

/** A mail that is a courtesy (the contact acknowledgement, a new-device notice): true when it may go, never an error. */
export async function mayCourtesyMail(kind: MailKind, recipient: string, rule: LimitRule = mailLimits.perRecipient): Promise<boolean> {
  const mayGo = await consumeAllowance(`MAIL#${kind}#${recipient.toLowerCase()}`, rule);
  if (!mayGo) countMetric(businessMetrics.emailsRefusedByLimits);
  return mayGo;
}
