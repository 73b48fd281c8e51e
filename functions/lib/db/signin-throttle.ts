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
 *
 * It holds under concurrent attempts too: every failure is counted atomically (and only
 * one request can start a window), a failure beyond the fifth answers 80, and a success
 * counts only if the allowance was still open when it finished (clearSigninThrottle is
 * conditional), so a burst of guesses gets no more than about five chances.
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

/** Refused before the password is checked: locked, or the window's failures are used up. */
export function isSigninRefused(item: SigninThrottleItem | undefined): boolean {
  if (!item) return false;
  const isWindowRunning = item.windowStartsAt > nowEpochSeconds() - signinThrottle.windowSeconds;
  return isSigninLocked(item) || (isWindowRunning && item.failures >= signinThrottle.maxFailures);
}

/**
 * Counts one failed sign-in and answers the window's count with it: within the current
 * window the counter goes up atomically; otherwise a new window starts, conditionally, so
 * concurrent first failures cannot each start one (the losers count in the winner's). The
 * failure that reaches the maximum starts the lock. A count above the maximum means the
 * attempt was beyond the allowance (the caller answers 80).
 */
export async function recordSigninFailure(email: string): Promise<number> {
  const nowS = nowEpochSeconds();
  const key = keys.signinThrottle(email);
  const windowFloor = nowS - signinThrottle.windowSeconds;
  let failures = signinThrottle.maxFailures + 1;
  for (let round = 0; round < 3; round += 1) {
    try {
      const result = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET failures = failures + :one',
          ConditionExpression: 'windowStartsAt > :windowFloor',
          ExpressionAttributeValues: { ':one': 1, ':windowFloor': windowFloor },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      failures = Number(result.Attributes?.failures);
      break;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    try {
      // No item, or its window has passed (and no lock runs any more): start a new window.
      const item: SigninThrottleItem = { type: 'SigninThrottle', failures: 1, windowStartsAt: nowS, expiresAt: nowS + signinThrottle.windowSeconds };
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, ...item },
          ConditionExpression: 'attribute_not_exists(PK) OR (windowStartsAt <= :windowFloor AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now))',
          ExpressionAttributeValues: { ':windowFloor': windowFloor, ':now': nowS },
        }),
      );
      failures = 1;
      break;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // Another request started the window meanwhile (count in it), or a lock outlasts the window.
    }
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
  return failures;
}

/**
 * After a right password: clears the counter, but only while the allowance is open (no
 * lock runs and the window's failures are not used up). Answers false when concurrent
 * failures used it up meanwhile: the sign-in is then refused like any other (80).
 */
export async function clearSigninThrottle(email: string): Promise<boolean> {
  const nowS = nowEpochSeconds();
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.signinThrottle(email),
        ConditionExpression:
          'attribute_not_exists(PK) OR ((attribute_not_exists(lockedUntil) OR lockedUntil <= :now) AND (failures < :max OR windowStartsAt <= :windowFloor))',
        ExpressionAttributeValues: { ':now': nowS, ':max': signinThrottle.maxFailures, ':windowFloor': nowS - signinThrottle.windowSeconds },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
