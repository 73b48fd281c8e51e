import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckResetRequest, ResetPasswordRequest, ResetPasswordResponse } from '../../shared/contracts/auth';
import { now } from '../lib/clock';
import { db } from '../lib/db/client';
import { consumeToken, getToken, isTokenExpired, type TokenItem } from '../lib/db/tokens';
import { getLogin, updateEmailConfirmed, updatePassword } from '../lib/db/users';
import { fail, transactionCancellationReasons } from '../lib/errors';
import { hashPassword } from '../lib/passwords';
import { liveSessionsEnded } from '../domain/live/revocation';
import { announceSignInMethodChange, type ChangeClient } from '../lib/mfa/notice';
import { endSessionsOfUser, hashToken } from '../domain/sessions/session';

/**
 * The reset token of `email`, if the link can still be used: unknown, used, superseded by
 * a newer link or another address's token → INVALID_TOKEN (20), past its hour →
 * TOKEN_EXPIRED (21). An unknown
 * e-mail is told apart from nothing: it has no tokens, so it answers 20 like a forged one.
 */
async function requireUsableResetToken(input: CheckResetRequest): Promise<{ item: TokenItem; login: NonNullable<Awaited<ReturnType<typeof getLogin>>> }> {
  const [item, login] = await Promise.all([getToken('RESET', input.token), getLogin(input.email)]);
  if (!item || item.email !== input.email || item.usedAt || !login || login.userId !== item.userId) throw fail('INVALID_TOKEN');
  // Issued before the password last changed (a reset, or a change while signed in): dead.
  if (item.createdAt < login.passwordChangedAt) throw fail('INVALID_TOKEN');
  // A newer link was sent since: only the newest one works.
  if (login.resetTokenHash !== undefined && login.resetTokenHash !== hashToken(input.token)) throw fail('INVALID_TOKEN');
  if (isTokenExpired(item)) throw fail('TOKEN_EXPIRED');
  return { item, login };
}

/**
 * Whether a reset link can still be used, so the page says so before the user types a
 * new password: the same answers as the reset itself, and nothing is written (the token
 * stays unused).
 */
export async function checkResetLink(input: CheckResetRequest): Promise<void> {
  await requireUsableResetToken(input);
}

/**
 * Sets a new password with a reset token issued for this e-mail: unknown, used or
 * another address's token → INVALID_TOKEN (20), past its hour → TOKEN_EXPIRED (21).
 * A token issued before the password last changed (another reset, or a change while signed
 * in) is INVALID_TOKEN too: a successful reset or change kills every reset link sent
 * before it. Uses the token up, marks the e-mail confirmed (the link proved the user reads
 * it) and ends every session of the user.
 */
export async function resetPassword(input: ResetPasswordRequest, client: ChangeClient = { clientAddress: 'unknown', userAgent: '' }): Promise<ResetPasswordResponse> {
  const { item, login } = await requireUsableResetToken(input);
  const password = await hashPassword(input.password, input.salt);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          consumeToken('RESET', input.token),
          // Conditional on the hash read: a concurrent reset or change wins, this token dies.
          updatePassword({ email: item.email, userId: item.userId }, password, now().toISOString(), login.passwordHash),
          updateEmailConfirmed(item.userId),
        ],
      }),
    );
  } catch (error) {
    // The token was used (or expired) between the read and the write.
    if (transactionCancellationReasons(error)) throw fail('INVALID_TOKEN');
    throw error;
  }
  await endSessionsOfUser(item.userId);
  await liveSessionsEnded(item.userId, {});
  await announceSignInMethodChange(item.userId, { kind: 'password-reset' }, client);
  return { email: item.email };
}
