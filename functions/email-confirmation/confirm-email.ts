import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ConfirmEmailResponse } from '../../shared/contracts/auth';
import { db } from '../lib/db/client';
import { consumeToken, getToken, isTokenExpired } from '../lib/db/tokens';
import { getUser, updateEmailConfirmed } from '../lib/db/users';
import { fail, transactionCancellationReasons } from '../lib/errors';

/**
 * Confirms the e-mail address a confirmation token was issued for, using the token up.
 * Unknown token → INVALID_TOKEN (20); the user is already confirmed (also when this very
 * token was used before) → EMAIL_CONFIRMED (13); a used token of an unconfirmed user →
 * 20; past its 14 days → TOKEN_EXPIRED (21).
 */
export async function confirmEmail(token: string): Promise<ConfirmEmailResponse> {
  const item = await getToken('CONFIRM', token);
  const user = item ? await getUser(item.userId) : undefined;
  if (!item || !user) throw fail('INVALID_TOKEN');
  if (user.isEmailConfirmed) throw fail('EMAIL_CONFIRMED');
  if (item.usedAt) throw fail('INVALID_TOKEN');
  if (isTokenExpired(item)) throw fail('TOKEN_EXPIRED');
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [consumeToken('CONFIRM', token), updateEmailConfirmed(user.id)] }));
  } catch (error) {
    if (!transactionCancellationReasons(error)) throw error;
    // Another request used the token first: answer as that request's outcome would be seen now.
    const latest = await getUser(user.id);
    throw fail(latest?.isEmailConfirmed ? 'EMAIL_CONFIRMED' : 'INVALID_TOKEN');
  }
  return { email: user.email };
}
