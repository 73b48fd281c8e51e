import type { LinkSentResponse, ResendConfirmationRequest } from '../../../shared/contracts/auth';
import { getLogin, getUser } from '../../records/users';
import { fail } from '../../lib/errors';
import { reserveMail } from '../../lib/limits/mail';
import { steadyAnswer } from '../../lib/limits/steady-answer';
import type { Session } from '../sessions/session';
import { sendConfirmationLink } from './send-confirmation-link';

/**
 * Sends a new confirmation link. The route is public because an unconfirmed user cannot
 * sign in (14): the page reached after that answer sends the e-mail address, and gets the
 * same answer, in the same time, whether or not an unconfirmed account exists, so accounts
 * cannot be enumerated. Without an address it serves the signed-in user (no session:
 * UNAUTHORIZED), and there an already confirmed e-mail answers EMAIL_CONFIRMED (13).
 * Limited per address and per client or account (functions/lib/limits/mail.ts): beyond
 * it TOO_MANY_REQUESTS (80), nothing sent.
 */
export async function resendConfirmationLink(input: ResendConfirmationRequest, session: Session | null, clientAddress: string): Promise<LinkSentResponse> {
  if (input.email !== undefined) {
    const email = input.email;
    await reserveMail('confirmation', email, { clientAddress });
    await steadyAnswer(async () => {
      const login = await getLogin(email);
      const user = login ? await getUser(login.userId) : undefined;
      if (user && !user.isEmailConfirmed) await sendConfirmationLink(user);
    });
    return { email };
  }
  if (!session) throw fail('UNAUTHORIZED');
  const user = await getUser(session.userId);
  if (!user) throw fail('UNAUTHORIZED');
  if (user.isEmailConfirmed) throw fail('EMAIL_CONFIRMED');
  await reserveMail('confirmation', user.email, { userId: user.id });
  await sendConfirmationLink(user);
  return { email: user.email };
}
