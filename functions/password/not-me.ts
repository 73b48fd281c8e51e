import { randomBytes } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NotMeRequest, NotMeResponse } from '../../shared/contracts/auth';
import { now } from '../lib/clock';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { consumeToken, getToken, isTokenExpired } from '../lib/db/tokens';
import { getUser } from '../lib/db/users';
import { AppError, fail, transactionCancellationReasons } from '../lib/errors';
import { liveSessionsEnded } from '../domain/live/revocation';
import { describeError, log } from '../lib/logger';
import { enforcePolicyAfterFactorRemoved } from '../lib/mfa/enforce';
import { removeRecoveryCodesWithoutFactor, removeTotp } from '../lib/mfa/store';
import { endSessionsOfUser } from '../domain/sessions/session';
import { removePasskeyItem } from '../passkeys/store';
import { sendReset } from './send-reset';

/**
 * "This was not me", from the mail that announced a change of a sign-in method
 * (functions/lib/mfa/notice.ts), after one confirming click on its page. The link works
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
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [consumeToken('NOTME', input.token)] }));
  } catch (error) {
    if (transactionCancellationReasons(error)) throw fail('INVALID_TOKEN');
    throw error;
  }
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
  await lockPassword(user.email);
  await endSessionsOfUser(userId);
  await liveSessionsEnded(userId, {});
  try {
    await sendReset({ email: user.email }, clientAddress);
  } catch (error) {
    // Over the reset mail's limit: the person asks for a link on the reset page later.
    log('warn', 'not-me reset mail not sent', describeError(error));
  }
  return { email: user.email };
}

/**
 * Replaces the stored password hash with random bytes: no password matches it until a
 * reset sets a new one. passwordChangedAt moves, so every reset link sent before dies.
 */
async function lockPassword(email: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.email(email),
      UpdateExpression: 'SET passwordHash = :hash, passwordChangedAt = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':hash': randomBytes(32).toString('base64'), ':at': now().toISOString() },
    }),
  );
}
