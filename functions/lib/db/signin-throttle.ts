import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { nowEpochSeconds } from '../clock';
import { fail, isConditionalCheckFailure } from '../errors';
import { countEvent, countInWindow } from '../limits/counter';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * Password-guessing throttle for sign-in and for the current-password check of a password
 * change (README, Security notes). A soft lockout keyed on the account (its e-mail, known
 * or not) and the client address: the first 5 failures from one client cost nothing, after
 * that each failure makes that client wait before its next try, 30 seconds doubling per
 * failure up to 15 minutes. Another client (the user on their own laptop) is not touched:
 * an attacker cannot lock a user out. Above that a high per-account ceiling (100 failures
 * an hour from all clients together) stops a guessing botnet; reaching it takes many
 * clients, each slowed down on its own.
 *
 * It holds under concurrent attempts: a failure is counted by a conditional write against
 * the state it read (optimistic, retried), and an attempt that finds the wait running is
 * refused with TOO_MANY_REQUESTS (80), so a burst of guesses gets no more than 5 answers.
 * A success clears the client's count only while no wait runs.
 */
export const signinThrottle = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  /** A client's failures are forgotten this long after its last one. */
  forgetAfterSeconds: 60 * 60,
  accountCeiling: { max: 100, windowSeconds: 60 * 60 },
} as const;

export type SigninThrottleItem = {
  type: 'SigninThrottle';
  failures: number;
  /** Epoch seconds of the last failure. */
  lastFailureAt: number;
  /** Epoch seconds before which this client's attempts for this account are refused. */
  retryAt: number;
  /** TTL. */
  expiresAt: number;
};

/** The wait after the n-th failure in a row from one client (0 while failures are free). */
export function delayAfterFailures(failures: number): number {
  if (failures < signinThrottle.freeFailures) return 0;
  return Math.min(signinThrottle.firstDelaySeconds * 2 ** (failures - signinThrottle.freeFailures), signinThrottle.maxDelaySeconds);
}

const ceilingKey = (email: string) => `SIGNIN#ACCOUNT#${email.toLowerCase()}`;

async function getClientThrottle(email: string, clientAddress: string): Promise<SigninThrottleItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.signinThrottleOfClient(email, clientAddress), ConsistentRead: true }));
  return result.Item as SigninThrottleItem | undefined;
}

function isForgotten(item: SigninThrottleItem, nowS: number): boolean {
  return item.lastFailureAt + signinThrottle.forgetAfterSeconds <= nowS;
}

function isWaiting(item: SigninThrottleItem | undefined, nowS: number): boolean {
  return item !== undefined && !isForgotten(item, nowS) && item.retryAt > nowS;
}

/**
 * Counts one failure of a client against the state it last read; false when the client
 * must wait (the attempt was beyond its allowance: the caller answers 80).
 */
async function recordFailure(email: string, clientAddress: string, seen: SigninThrottleItem | undefined): Promise<boolean> {
  const key = keys.signinThrottleOfClient(email, clientAddress);
  let current = seen;
  for (let round = 0; round < 12; round += 1) {
    const nowS = nowEpochSeconds();
    if (round > 0) current = await getClientThrottle(email, clientAddress);
    if (isWaiting(current, nowS)) return false;
    const failures = (current && !isForgotten(current, nowS) ? current.failures : 0) + 1;
    const item: SigninThrottleItem = {
      type: 'SigninThrottle',
      failures,
      lastFailureAt: nowS,
      retryAt: nowS + delayAfterFailures(failures),
      expiresAt: nowS + signinThrottle.forgetAfterSeconds + signinThrottle.maxDelaySeconds,
    };
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, ...item },
          ...(current
            ? { ConditionExpression: 'failures = :f AND lastFailureAt = :l', ExpressionAttributeValues: { ':f': current.failures, ':l': current.lastFailureAt } }
            : { ConditionExpression: 'attribute_not_exists(PK)' }),
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // Another attempt counted meanwhile: read again and count on top of it.
    }
  }
  return false;
}

/** After a right password: clears the client's count, unless a wait started meanwhile (false: answer 80). */
async function clearFailures(email: string, clientAddress: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.signinThrottleOfClient(email, clientAddress),
        ConditionExpression: 'attribute_not_exists(PK) OR retryAt <= :now OR lastFailureAt <= :forgotten',
        ExpressionAttributeValues: { ':now': nowEpochSeconds(), ':forgotten': nowEpochSeconds() - signinThrottle.forgetAfterSeconds },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Runs a password check under the throttle. Refused before the check (80) while this
 * client must wait or the account's ceiling is reached; a wrong password is counted and
 * answers false (the caller's own error: 12 or 22), or 80 when concurrent failures used
 * the allowance up; a right one answers true.
 */
export async function throttledPasswordCheck(email: string, clientAddress: string, check: () => Promise<boolean>): Promise<boolean> {
  const [seen, accountFailures] = await Promise.all([getClientThrottle(email, clientAddress), countInWindow(ceilingKey(email), signinThrottle.accountCeiling)]);
  if (isWaiting(seen, nowEpochSeconds()) || accountFailures >= signinThrottle.accountCeiling.max) throw fail('TOO_MANY_REQUESTS');
  if (await check()) {
    if (!(await clearFailures(email, clientAddress))) throw fail('TOO_MANY_REQUESTS');
    return true;
  }
  const [counted] = await Promise.all([recordFailure(email, clientAddress, seen), countEvent(ceilingKey(email), signinThrottle.accountCeiling)]);
  if (!counted) throw fail('TOO_MANY_REQUESTS');
  return false;
}
