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
 * Each attempt is taken from the window before its password is checked
 * (reserveSigninAttempt), so concurrent attempts cannot get more than 5 checked.
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
 * Takes one of the attempts a window allows, before the password is checked, so that a
 * burst of concurrent guesses gets no more than maxFailures of them checked: the counter
 * goes up atomically, conditioned on an attempt being left and no lock running; without a
 * running window a new one starts (conditionally too, so concurrent first attempts cannot
 * each start one). A success clears the item (clearSigninThrottle), so only failures stay
 * counted. Answers the attempts taken so far in the window, or null when none is left.
 */
export async function reserveSigninAttempt(email: string): Promise<{ attempts: number } | null> {
  const nowS = nowEpochSeconds();
  const key = keys.signinThrottle(email);
  const windowFloor = nowS - signinThrottle.windowSeconds;
  for (let round = 0; round < 3; round += 1) {
    try {
      const result = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET failures = failures + :one',
          ConditionExpression: 'windowStartsAt > :windowFloor AND failures < :max AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now)',
          ExpressionAttributeValues: { ':one': 1, ':windowFloor': windowFloor, ':max': signinThrottle.maxFailures, ':now': nowS },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { attempts: Number(result.Attributes?.failures) };
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    try {
      // No item, or its window and lock have passed: start a new window with this attempt.
      const item: SigninThrottleItem = { type: 'SigninThrottle', failures: 1, windowStartsAt: nowS, expiresAt: nowS + signinThrottle.windowSeconds };
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, ...item },
          ConditionExpression: 'attribute_not_exists(PK) OR (windowStartsAt <= :windowFloor AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now))',
          ExpressionAttributeValues: { ':windowFloor': windowFloor, ':now': nowS },
        }),
      );
      return { attempts: 1 };
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    // Neither write applied: a window runs without attempts left, or is locked — or another
    // request started the window between the two writes, in which case try again.
    const current = await getSigninThrottle(email);
    if (current && (isSigninLocked(current) || (current.windowStartsAt > windowFloor && current.failures >= signinThrottle.maxFailures))) return null;
  }
  return null;
}

/**
 * After a failed check of a reserved attempt: the attempt stays counted, and the one that
 * used up the window's attempts starts the lock (a lock already running is not extended).
 */
export async function recordSigninFailure(email: string, attempts: number): Promise<void> {
  if (attempts < signinThrottle.maxFailures) return;
  const lockedUntil = nowEpochSeconds() + signinThrottle.lockSeconds;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.signinThrottle(email),
      UpdateExpression: 'SET lockedUntil = if_not_exists(lockedUntil, :until), expiresAt = :until',
      ExpressionAttributeValues: { ':until': lockedUntil },
    }),
  );
}

export async function clearSigninThrottle(email: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.signinThrottle(email) }));
}
