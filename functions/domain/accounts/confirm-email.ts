import type { ConfirmEmailResponse } from '../../../shared/contracts/auth';
import { consumeToken, getToken, isTokenExpired, transactTokenUse } from '../../records/tokens';
import { getUser, updateEmailConfirmed } from '../../records/users';
import { fail } from '../../lib/errors';

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
  // Another request used the token first: answer as that request's outcome would be seen now.
  await transactTokenUse([consumeToken('CONFIRM', token), updateEmailConfirmed(user.id)], async () =>
    fail((await getUser(user.id))?.isEmailConfirmed ? 'EMAIL_CONFIRMED' : 'INVALID_TOKEN'),
  );
  return { email: user.email };
}
