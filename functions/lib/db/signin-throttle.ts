import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowEpochSeconds } from '../clock';
import { isConditionalCheckFailure } from '../errors';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * Sign-in throttle per e-mail (THROTTLE#SIGNIN#address / THROTTLE): after 5 failed
 * sign-ins within 15 minutes, every sign-in for that e-mail is refused for 15 minutes
 * with TOO_MANY_REQUESTS (80), even with the right password. A successful sign-in
 * clears the counter. It counts unknown e-mails too, so it tells nothing about accounts.
 */
export const signinThrottle = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

export type SigninThrottleItem = {
  type: 'SigninThrottle';
  failures: number;
  /** Epoch seconds of the first failure of the current window. */
  windowStartsAt: number;
  /** Epoch seconds until which sign-ins are refused. */
  lockedUntil?: number;
  /** TTL: the item is useless after its window and lock have passed. */
  expiresAt: number;
};

export async function getSigninThrottle(email: string): Promise<SigninThrottleItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.signinThrottle(email) }));
  return result.Item as SigninThrottleItem | undefined;
}

export function isSigninLocked(item: SigninThrottleItem | undefined): boolean {
  return item?.lockedUntil !== undefined && item.lockedUntil > nowEpochSeconds();
}

/**
 * Counts one failed sign-in: within the current window the counter goes up atomically,
 * otherwise a new window starts. The failure that reaches the maximum starts the lock.
 */
export async function recordSigninFailure(email: string): Promise<void> {
  const nowS = nowEpochSeconds();
  const key = keys.signinThrottle(email);
  let failures: number;
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET failures = failures + :one',
        ConditionExpression: 'windowStartsAt > :windowFloor',
        ExpressionAttributeValues: { ':one': 1, ':windowFloor': nowS - signinThrottle.windowSeconds },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    failures = Number(result.Attributes?.failures);
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // No item, or its window has passed: start a new one (drops an old lock too).
    const item: SigninThrottleItem = { type: 'SigninThrottle', failures: 1, windowStartsAt: nowS, expiresAt: nowS + signinThrottle.windowSeconds };
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...key, ...item } }));
    failures = 1;
  }
  if (failures >= signinThrottle.maxFailures) {
    const lockedUntil = nowS + signinThrottle.lockSeconds;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        // A lock already running is not extended by the failures that raced it.
        UpdateExpression: 'SET lockedUntil = if_not_exists(lockedUntil, :until), expiresAt = :until',
        ExpressionAttributeValues: { ':until': lockedUntil },
      }),
    );
  }
}

export async function clearSigninThrottle(email: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.signinThrottle(email) }));
}
