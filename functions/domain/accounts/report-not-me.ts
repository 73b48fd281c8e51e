import { randomBytes } from 'node:crypto';
import type { NotMeRequest, NotMeResponse } from '../../../shared/contracts/auth';
import { now } from '../../lib/clock';
import { consumeToken, getToken, isTokenExpired, transactTokenUse } from './tokens';
import { getUser, lockPassword } from './users';
import { AppError, fail } from '../../lib/errors';
import { liveSessionsEnded } from '../live/revocation';
import { logger } from '../../lib/observability';
import { enforcePolicyAfterFactorRemoved } from '../two-factor/enforce-policy';
import { removeRecoveryCodesWithoutFactor, removeTotp } from '../two-factor/second-factors';
import { endSessionsOfUser } from '../sessions/session';
import { removePasskeyItem } from '../two-factor/passkeys';
import { sendReset } from './send-reset';

/**
 * "This was not me", from the mail that announced a change of a sign-in method
 * (functions/domain/two-factor/notice.ts), after one confirming click on its page. The link works
 * once, for 7 days. It:
 * - removes the second factor the change added (a passkey, or TOTP), if it is still there;
 * - makes the current password unusable (whoever made the change may know it) and ends
 *   every session and every live socket of the account;
 * - sends a password reset link to the account's address (the page says so).
 * A factor the change removed is not restored: the owner sets it up again after the reset.
 */
export async function reportNotMe(input: NotMeRequest, clientAddress: string): Promise<NotMeResponse> {
  const token = await getToken('NOTME', input.token);
  if (!token || token.usedAt) throw fail('INVALID_TOKEN');
  if (isTokenExpired(token)) throw fail('TOKEN_EXPIRED');
  const user = await getUser(token.userId);
  if (!user) throw fail('INVALID_TOKEN');
  await transactTokenUse([consumeToken('NOTME', input.token)], () => fail('INVALID_TOKEN'));
  const userId = user.id;
  if (token.undo?.passkeyId) {
    await removePasskeyItem(userId, token.undo.passkeyId).catch((error: unknown) => {
      // Removed meanwhile: nothing to undo.
      if (!(error instanceof AppError && error.errorName === 'ITEM_NOT_FOUND')) throw error;
    });
  }
  const current = await getUser(userId, { consistent: true });
  if (token.undo?.totp && current?.totpEnabled) await removeTotp(userId, { keepRecoveryCodes: (current.passkeyCount ?? 0) > 0 });
  const after = await getUser(userId, { consistent: true });
  if (after && !after.totpEnabled && (after.passkeyCount ?? 0) === 0) await removeRecoveryCodesWithoutFactor(userId);
  await enforcePolicyAfterFactorRemoved(userId);
  // Whoever made the change may know the password: no password matches random bytes until a reset.
  await lockPassword(user.email, randomBytes(32).toString('base64'), now().toISOString());
  await endSessionsOfUser(userId);
  await liveSessionsEnded(userId, {});
  try {
    await sendReset({ email: user.email }, clientAddress);
  } catch (error) {
    // Over the reset mail's limit: the person asks for a link on the reset page later.
    logger.warn('not-me reset mail not sent', { error });
  }
  return { email: user.email };
}
