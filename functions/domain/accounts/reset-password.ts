import type { ResetPasswordRequest, ResetPasswordResponse } from '../../../shared/contracts/auth';
import { now } from '../../lib/clock';
import { consumeToken, transactTokenUse } from '../../records/tokens';
import { updateEmailConfirmed, updatePassword } from '../../records/users';
import { fail } from '../../lib/errors';
import { hashPassword } from '../../records/passwords';
import { liveSessionsEnded } from '../sockets/revocation';
import { announceSignInMethodChange, type ChangeClient } from './notice';
import { endSessionsOfUser } from '../sessions/session';
import { requireUsableResetToken } from './check-reset-link';
import { newDeviceCookie } from '../sessions/signin-cookies';

/**
 * Sets a new password with a reset token issued for this e-mail: unknown, used or
 * another address's token → INVALID_TOKEN (20), past its hour → TOKEN_EXPIRED (21).
 * A token issued before the password last changed (another reset, or a change while signed
 * in) is INVALID_TOKEN too: a successful reset or change kills every reset link sent
 * before it. Uses the token up, marks the e-mail confirmed (the link proved the user reads
 * it) and ends every session of the user.
 *
 * The answer sets a device cookie of the account (functions/domain/sessions/signin-cookies.ts):
 * the mailbox proved the owner at this browser, so its sign-ins count on its own throttle key
 * and a wait that strangers' guesses keep up for unknown browsers never holds it
 * (functions/records/signin-throttle.ts). A device cookie opens nothing by itself.
 */
export async function resetPassword(
  input: ResetPasswordRequest,
  client: ChangeClient = { clientAddress: 'unknown', userAgent: '' },
): Promise<{ response: ResetPasswordResponse; cookies: string[] }> {
  const { item, login } = await requireUsableResetToken(input);
  const password = await hashPassword(input.password, input.salt);
  // The token used (or expired) between the read and the write, or the password changed meanwhile: 20.
  await transactTokenUse(
    [
      consumeToken('RESET', input.token),
      // Conditional on the hash read: a concurrent reset or change wins, this token dies.
      updatePassword({ email: item.email, userId: item.userId }, password, now().toISOString(), login.passwordHash),
      updateEmailConfirmed(item.userId),
    ],
    () => fail('INVALID_TOKEN'),
  );
  await endSessionsOfUser(item.userId);
  await liveSessionsEnded(item.userId, {});
  await announceSignInMethodChange(item.userId, { kind: 'password-reset' }, client);
  return { response: { email: item.email }, cookies: [await newDeviceCookie(item.userId)] };
}
