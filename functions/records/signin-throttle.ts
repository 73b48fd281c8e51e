import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { nowEpochSeconds } from '../lib/clock';
import { fail } from '../lib/errors';
import { ChangedMeanwhile, retryWhileChanged, ConditionFailed, itemIsNew, sendWrite, type Key, batchGetItems } from '../lib/db/table';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';

/**
 * Password-guessing throttle for sign-in (password and second step) and for the
 * current-password check of a password change (docs/security.md, notes). A soft lockout:
 * the first free failures cost nothing, after that each failure makes the next try wait,
 * the wait doubling per failure up to 15 minutes; an attempt while a wait runs is refused
 * with TOO_MANY_REQUESTS (80) before any check, so it tells nothing.
 *
 * Whose count an attempt uses (the OWASP device-cookie pattern):
 * - A browser presenting a valid device cookie of this account (it signed in before,
 *   functions/domain/sessions/signin-cookies.ts) counts on its own key only: nobody else's guesses
 *   slow it down, so the owner's known browser is never locked out.
 * - Any other client counts on its client address (5 free failures, then 30 seconds
 *   doubling) and on the account's budget shared by all unknown clients (10 free failures,
 *   then 1 minute doubling, at most 15 minutes): guesses spread over many addresses stop
 *   there. A new browser of the owner waits at most `maxDelaySeconds` after the last
 *   failure that was counted, which is the delay docs/security.md documents.
 *
 * It holds under concurrent attempts: a failure is counted by a conditional write against
 * the state it read (optimistic, retried), and an attempt that finds the wait running is
 * refused, so a burst of guesses gets no more answers than the allowance. A success
 * clears the counts it used, unless a wait started meanwhile.
 */
export type ThrottleRule = { freeFailures: number; firstDelaySeconds: number; maxDelaySeconds: number };

export const signinThrottle = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  /** Failures are forgotten this long after the last one. */
  forgetAfterSeconds: 60 * 60,
  /** All clients without the account's device cookie together. */
  unknownClients: { freeFailures: 10, firstDelaySeconds: 60, maxDelaySeconds: 15 * 60 },
} as const;

/** Who attempts: the client address, and the device id of a valid device cookie of this very account (when it has one). */
export type ThrottleClient = { clientAddress: string; deviceId?: string };

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

/** The wait after the n-th failure in a row on one count (0 while failures are free). */
export function delayAfterFailures(failures: number, rule: ThrottleRule = signinThrottle): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.firstDelaySeconds * 2 ** (failures - rule.freeFailures), rule.maxDelaySeconds);
}

type ThrottleKey = Key;
/** One count an attempt is throttled on: its key and rule. */
type Count = { key: ThrottleKey; rule: ThrottleRule };

/** The counts of an attempt: the device's own, or the client address's and the unknown clients' shared one. */
function countsOf(email: string, client: ThrottleClient): Count[] {
  if (client.deviceId) return [{ key: keys.signinThrottleOfDevice(email, client.deviceId), rule: signinThrottle }];
  return [
    { key: keys.signinThrottleOfClient(email, client.clientAddress), rule: signinThrottle },
    { key: keys.signinThrottleOfUnknownClients(email), rule: signinThrottle.unknownClients },
  ];
}

/**
 * The counts of one attempt, in one strongly consistent BatchGet (sign-in's round trips: docs/architecture.md "Budgets"), in the order of the keys,
 * with the other items the caller reads in the same round trip (`alsoRead`, in their order; undefined where missing).
 */
async function getThrottles(
  throttleKeys: readonly ThrottleKey[],
  alsoRead: readonly Key[] = [],
): Promise<{ counts: Array<SigninThrottleItem | undefined>; others: Array<Record<string, unknown> | undefined> }> {
  if (throttleKeys.length === 1 && alsoRead.length === 0) return { counts: [await getThrottle(throttleKeys[0]!)], others: [] };
  const found = await batchGetItems<Record<string, unknown> & ThrottleKey>([...throttleKeys, ...alsoRead], undefined, { consistent: true });
  const byKey = (key: Key) => found.find((item) => item.PK === key.PK && item.SK === key.SK);
  return { counts: throttleKeys.map((key) => byKey(key) as SigninThrottleItem | undefined), others: alsoRead.map(byKey) };
}

async function getThrottle(key: ThrottleKey): Promise<SigninThrottleItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return result.Item as SigninThrottleItem | undefined;
}

function isForgotten(item: SigninThrottleItem, nowS: number): boolean {
  return item.lastFailureAt + signinThrottle.forgetAfterSeconds <= nowS;
}

function isWaiting(item: SigninThrottleItem | undefined, nowS: number): boolean {
  return item !== undefined && !isForgotten(item, nowS) && item.retryAt > nowS;
}

/**
 * Counts one failure on a count against the state it last read (read again, up to 12
 * times, while concurrent attempts count meanwhile); false when a wait runs there (the
 * attempt was beyond the allowance: the caller answers 80), and TOO_MANY_REQUESTS when
 * the count kept moving under it.
 */
async function recordFailure({ key, rule }: Count, seen: SigninThrottleItem | undefined): Promise<boolean> {
  return retryWhileChanged(
    async (attempt) => {
      const nowS = nowEpochSeconds();
      const current = attempt > 1 ? await getThrottle(key) : seen;
      if (isWaiting(current, nowS)) return false;
      const failures = (current && !isForgotten(current, nowS) ? current.failures : 0) + 1;
      const item: SigninThrottleItem = {
        type: 'SigninThrottle',
        failures,
        lastFailureAt: nowS,
        retryAt: nowS + delayAfterFailures(failures, rule),
        expiresAt: nowS + signinThrottle.forgetAfterSeconds + rule.maxDelaySeconds,
      };
      try {
        await sendWrite({
          put: { ...key, ...item },
          condition: current
            ? { expression: 'failures = :f AND lastFailureAt = :l', values: { ':f': current.failures, ':l': current.lastFailureAt } }
            : itemIsNew,
        });
        return true;
      } catch (error) {
        // Another attempt counted meanwhile: read again and count on top of it.
        if (error instanceof ConditionFailed) throw new ChangedMeanwhile();
        throw error;
      }
    },
    { attempts: 12, whenExhausted: () => fail('TOO_MANY_REQUESTS') },
  );
}

/** After a right password: clears a count, unless a wait started meanwhile (false: answer 80). */
async function clearFailures(key: ThrottleKey): Promise<boolean> {
  try {
    await sendWrite({
      delete: key,
      condition: {
        expression: 'attribute_not_exists(PK) OR retryAt <= :now OR lastFailureAt <= :forgotten',
        values: { ':now': nowEpochSeconds(), ':forgotten': nowEpochSeconds() - signinThrottle.forgetAfterSeconds },
      },
    });
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

export type ThrottleOptions = {
  /**
   * Asked after a right answer: false when it only opens a further step (a right password
   * of an account with a second factor). The counts are then kept: only a completed
   * sign-in clears them, so knowing the password does not buy fresh code guesses.
   */
  isFinalStep?: () => boolean;
  /**
   * Items the check needs, read in the same round trip as the counts (the sign-in's user):
   * the check gets them in this order, undefined where missing.
   */
  alsoRead?: readonly Key[];
};

/**
 * Runs a password (or code) check under the throttle. Refused before the check (80) while
 * a wait runs on one of the attempt's counts; a wrong password is counted and answers false
 * (the caller's own error: 12, 22 or 90), or 80 when concurrent failures used the
 * allowance up; a right one answers true. A bare address is an unknown client.
 */
export async function throttledPasswordCheck(
  email: string,
  client: string | ThrottleClient,
  check: (alsoRead: Array<Record<string, unknown> | undefined>) => Promise<boolean>,
  options: ThrottleOptions = {},
): Promise<boolean> {
  const counts = countsOf(email, typeof client === 'string' ? { clientAddress: client } : client);
  const { counts: seen, others } = await getThrottles(
    counts.map((count) => count.key),
    options.alsoRead,
  );
  const nowS = nowEpochSeconds();
  if (seen.some((item) => isWaiting(item, nowS))) throw fail('TOO_MANY_REQUESTS');
  if (await check(others)) {
    if (options.isFinalStep?.() === false) return true;
    // Only counts that had failures need clearing (most sign-ins write nothing here).
    const cleared = await Promise.all(counts.map((count, index) => (seen[index] ? clearFailures(count.key) : true)));
    if (cleared.includes(false)) throw fail('TOO_MANY_REQUESTS');
    return true;
  }
  // In order: a failure beyond the client's own allowance (a burst racing past it) never reaches the shared budget.
  for (const [index, count] of counts.entries()) {
    if (!(await recordFailure(count, seen[index]))) throw fail('TOO_MANY_REQUESTS');
  }
  return false;
}
