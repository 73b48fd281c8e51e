import type { CheckResetRequest } from '../../../shared/contracts/auth';
import { getToken, getTokenByHash, isTokenExpired, type TokenItem } from '../../records/tokens';
import { getLogin, type LoginItem } from '../../records/users';
import { fail } from '../../lib/errors';
import { hashToken } from '../../lib/secret-tokens';

/**
 * The reset token of `email`, if the link can still be used: unknown, used, superseded by
 * a newer link or another address's token → INVALID_TOKEN (20), past its hour →
 * TOKEN_EXPIRED (21). An unknown
 * e-mail is told apart from nothing: it has no tokens, so it answers 20 like a forged one.
 */
export async function requireUsableResetToken(
  input: CheckResetRequest,
): Promise<{ item: TokenItem; login: NonNullable<Awaited<ReturnType<typeof getLogin>>> }> {
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

/** Whether the newest reset link sent for a login still works: unused, unexpired, and younger than the password. */
export async function newestResetLinkWorks(login: LoginItem): Promise<boolean> {
  if (!login.resetTokenHash) return false;
  const item = await getTokenByHash('RESET', login.resetTokenHash);
  return item !== undefined && !item.usedAt && !isTokenExpired(item) && item.createdAt >= login.passwordChangedAt;
}
