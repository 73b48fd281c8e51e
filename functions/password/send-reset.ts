import type { LinkSentResponse, SendResetRequest } from '../../shared/contracts/auth';
import { createToken } from '../lib/db/tokens';
import { getLogin, getUser } from '../lib/db/users';
import { sendEmail } from '../lib/mail/mailer';
import { appLink, emailTemplates } from '../lib/mail/templates';

/**
 * E-mails a password reset link (valid 1 hour) to a known address. An unknown address
 * gets the same answer and no e-mail, so accounts cannot be enumerated.
 */
export async function sendReset(input: SendResetRequest): Promise<LinkSentResponse> {
  const login = await getLogin(input.email);
  const user = login ? await getUser(login.userId) : undefined;
  if (!user) return { email: input.email };
  const token = await createToken('RESET', { userId: user.id, email: user.email });
  await sendEmail(user.email, emailTemplates.passwordReset({ firstName: user.firstName, link: appLink('/reset-password', { email: user.email, token }) }));
  return { email: input.email };
}
