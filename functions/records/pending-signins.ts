import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { nowEpochSeconds } from '../lib/clock';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { ConditionFailed, sendWrite } from '../lib/db/table';
import { hashToken } from '../lib/secret-tokens';

/** How long the second sign-in step may follow the password step. */
export const pendingSigninSeconds = 5 * 60;

/**
 * What the password step leaves for the second step (PENDING_SIGNIN#<nonce hash>, 5
 * minutes, TTL): whose sign-in it is, "keep me signed in", and the wrong codes tried on
 * it. Only the browser holding the nonce (its pending sign-in cookie) can find it.
 */
export type PendingSignin = { type: 'PendingMfaSignin'; userId: string; remember: boolean; wrongCodes: number; expiresAt: number };

/** Wrong codes one pending sign-in takes; the last one ends it (the password step is due again). */
export const pendingSigninMaxWrongCodes = 5;

export async function putPendingSignin(nonce: string, userId: string, remember: boolean): Promise<void> {
  const item: PendingSignin = { type: 'PendingMfaSignin', userId, remember, wrongCodes: 0, expiresAt: nowEpochSeconds() + pendingSigninSeconds };
  await sendWrite({ put: { ...keys.pendingMfaSignin(hashToken(nonce)), ...item } });
}

/** The pending sign-in of a nonce while it is alive (TTL lags: the time is checked here). */
export async function getPendingSignin(nonce: string): Promise<PendingSignin | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.pendingMfaSignin(hashToken(nonce)), ConsistentRead: true }));
  const item = result.Item as PendingSignin | undefined;
  return item && item.expiresAt > nowEpochSeconds() ? item : undefined;
}

/** Counts a wrong code on the pending sign-in; the last allowed one deletes it. */
export async function countWrongCode(nonce: string): Promise<void> {
  const key = keys.pendingMfaSignin(hashToken(nonce));
  try {
    await sendWrite({
      update: key,
      spec: { add: { wrongCodes: 1 } },
      condition: { expression: 'attribute_exists(PK) AND wrongCodes < :last', values: { ':last': pendingSigninMaxWrongCodes - 1 } },
    });
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    // This was the last wrong code the pending sign-in takes (or it is gone already).
    await sendWrite({ delete: key });
  }
}

/** Uses the pending sign-in up (once: two concurrent second steps cannot both start a session). */
export async function takePendingSignin(nonce: string): Promise<boolean> {
  try {
    await sendWrite({ delete: keys.pendingMfaSignin(hashToken(nonce)), condition: { expression: 'expiresAt > :now', values: { ':now': nowEpochSeconds() } } });
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}
