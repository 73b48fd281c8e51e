import type { UserItem } from '../../records/users';
import { createToken } from '../../records/tokens';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';

/**
 * Issues a new confirmation token for a user and e-mails the link to the SPA's
 * confirmation page. Earlier links stay valid until they expire. A mail failure is
 * EMAIL_SEND_FAILED (15); the token is stored either way.
 */
export async function sendConfirmationLink(user: Pick<UserItem, 'id' | 'email'>): Promise<void> {
  const token = await createToken('CONFIRM', { userId: user.id, email: user.email });
  await sendEmail(user.email, emailTemplates.emailConfirmation({ link: appLink('/email-confirmation', { token }) }));
}
