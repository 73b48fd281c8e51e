import { now } from '../../lib/clock';
import { createToken, type TokenItem } from '../../records/tokens';
import { getUser } from '../../records/users';
import { describeDevice } from './devices';
import { mailLimits, mayCourtesyMail } from '../../lib/limits/mail';
import { logger } from '../../lib/observability';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';

/**
 * Every change of an account's sign-in methods is announced by mail to the account, so
 * a change made with a stolen session (or a known password) does not go unnoticed: what
 * changed, when (UTC), from which device (the User-Agent summary of the sessions list)
 * and client address, and a "This was not me" link (single use, 3 days, only its hash
 * stored: functions/records/tokens.ts). The link's page (functions/domain/accounts/report-not-me.ts)
 * ends every session, holds a factor the change added and removes it after the mailbox
 * recovery's wait, and leads to a password reset.
 *
 * One function, called from every place that changes a method. It never fails the change
 * itself (the change is made; a mail failure is logged). At most
 * mailLimits.signInMethodNoticesPerRecipient such mails an hour go to one address.
 */
export type SignInMethodChange =
  | { kind: 'totp-enabled' }
  | { kind: 'totp-disabled' }
  | { kind: 'passkey-added'; passkeyId: string; label: string; recoveryCodesIssued: boolean }
  | { kind: 'passkey-removed'; label: string }
  | { kind: 'recovery-code-used' }
  | { kind: 'password-changed' }
  | { kind: 'password-reset' }
  | { kind: 'factors-recovered' }
  | { kind: 'reported-factor-removed' };

/** Where the change came from: the request's client address and User-Agent. */
export type ChangeClient = { clientAddress: string; userAgent: string };

/** The change in one sentence, as the mail names it. */
export function describeSignInMethodChange(change: SignInMethodChange): string {
  switch (change.kind) {
    case 'totp-enabled':
      return 'Two-step sign-in with an authenticator app was turned on for your account, and new recovery codes were shown';
    case 'totp-disabled':
      return 'Two-step sign-in with an authenticator app was turned off for your account';
    case 'passkey-added':
      return `A passkey named "${change.label}" was added to your account${change.recoveryCodesIssued ? ', and new recovery codes were shown' : ''}`;
    case 'passkey-removed':
      return `The passkey named "${change.label}" was removed from your account`;
    case 'recovery-code-used':
      return 'One of your recovery codes was used';
    case 'password-changed':
      return 'The password of your account was changed';
    case 'password-reset':
      return 'The password of your account was reset with an e-mail link';
    case 'factors-recovered':
      return 'The second factors of your account (authenticator app, passkeys, recovery codes) were removed by an e-mail recovery';
    case 'reported-factor-removed':
      return 'The second factor reported with "This was not me" was removed after its waiting period';
  }
}

/** What "This was not me" holds and removes after the wait: the factor the change added, if it added one. */
function undoOf(change: SignInMethodChange): TokenItem['undo'] {
  if (change.kind === 'passkey-added') return { passkeyId: change.passkeyId };
  if (change.kind === 'totp-enabled') return { totp: true };
  return undefined;
}

export async function announceSignInMethodChange(userId: string, change: SignInMethodChange, client: ChangeClient): Promise<void> {
  try {
    const user = await getUser(userId);
    if (!user) return;
    if (!(await mayCourtesyMail('sign-in-method', user.email, mailLimits.signInMethodNoticesPerRecipient))) {
      logger.warn('sign-in method notice over its limit', { userId, change: change.kind });
      return;
    }
    const undo = undoOf(change);
    const token = await createToken('NOTME', { userId, email: user.email }, undo ? { undo } : {});
    await sendEmail(
      user.email,
      emailTemplates.signInMethodChanged({
        firstName: user.firstName,
        what: describeSignInMethodChange(change),
        at: now().toISOString().slice(0, 16).replace('T', ' '),
        device: client.userAgent ? describeDevice(client.userAgent) : 'Unknown device',
        clientAddress: client.clientAddress,
        link: appLink('/not-me', { token }),
      }),
    );
  } catch (error) {
    logger.error('sign-in method notice failed', { userId, change: change.kind, error });
  }
}
