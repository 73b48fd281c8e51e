import type { LinkSentResponse, SendResetRequest } from '../../../shared/contracts/auth';
import { createToken } from '../../records/tokens';
import { getLogin, getUser, markNewestResetToken } from '../../records/users';
import { reserveLinkMail } from '../../lib/limits/mail';
import { steadyAnswer } from '../../lib/limits/steady-answer';
import { sendEmail } from '../mail/mailer';
import { hashToken } from '../../lib/secret-tokens';
import { newestResetLinkWorks } from './check-reset-link';
import { appLink, emailTemplates } from '../mail/templates';

/**
 * E-mails a password reset link (valid 1 hour) to a known address. An unknown address
 * gets the same answer, in the same time (steadyAnswer), and no e-mail, so accounts cannot
 * be enumerated. Limited per client whether or not the account exists (functions/lib/limits/mail.ts):
 * beyond it TOO_MANY_REQUESTS (80), nothing sent. Beyond the address's own limit the answer is
 * the same as ever and nothing is sent while the newest of the links the address got still works.
 *
 * Only the newest link works: sending one kills the links sent before it. A request
 * refused by the limits creates no link, so whoever uses up an address's allowance
 * cannot kill the newest link its owner holds (docs/security.md, notes).
 */
export async function sendReset(input: SendResetRequest, clientAddress: string): Promise<LinkSentResponse> {
  const mayMail = await reserveLinkMail('reset', input.email, { clientAddress });
  await steadyAnswer(async () => {
    const login = await getLogin(input.email);
    const user = login ? await getUser(login.userId) : undefined;
    if (!login || !user) return;
    // Beyond the address's limit a mail goes only when no link of it works any more (used, or
    // killed by a password change or "This was not me"): a stranger can kill none, so cannot flood.
    if (!mayMail && (await newestResetLinkWorks(login))) return;
    const token = await createToken('RESET', { userId: user.id, email: user.email });
    // Before the mail goes: the link the owner reads is never older than the newest token.
    await markNewestResetToken(login, hashToken(token));
    await sendEmail(
      user.email,
      emailTemplates.passwordReset({
        firstName: user.isEmailConfirmed ? user.firstName : null,
        link: appLink('/reset-password', { email: user.email, token }),
      }),
    );
  });
  return { email: input.email };
}
