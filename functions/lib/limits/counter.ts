import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { nowEpochSeconds } from '../clock';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';
import { ConditionFailed, sendWrite } from '../db/table';

/**
 * Fixed-window counters in the table (LIMIT#<key> / WINDOW#<start>): one item per limited
 * key and window, counted atomically, removed by TTL after its window. Every limit of the
 * product (mail per recipient and sender, the per-account sign-in ceiling) counts here.
 */
export type LimitRule = { max: number; windowSeconds: number };

function windowOf(rule: LimitRule, nowS: number) {
  const startsAt = nowS - (nowS % rule.windowSeconds);
  return { startsAt, expiresAt: startsAt + rule.windowSeconds };
}

/**
 * Takes one unit of a key's allowance in the current window: true when it was still open
 * (the count went up), false when the window's maximum is reached (nothing counted).
 * Concurrent callers cannot overshoot: the increment is conditional.
 */
export async function consumeAllowance(key: string, rule: LimitRule): Promise<boolean> {
  const window = windowOf(rule, nowEpochSeconds());
  try {
    await sendWrite({
      update: keys.limitCounter(key, window.startsAt),
      spec: { set: { type: 'LimitCounter', expiresAt: window.expiresAt }, add: { count: 1 } },
      condition: { expression: 'attribute_not_exists(#count) OR #count < :max', values: { ':max': rule.max } },
    });
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

/** Counts one event without a ceiling (the caller reads the count with countInWindow). */
export async function countEvent(key: string, rule: LimitRule): Promise<number> {
  const window = windowOf(rule, nowEpochSeconds());
  const after = await sendWrite({
    update: keys.limitCounter(key, window.startsAt),
    spec: { set: { type: 'LimitCounter', expiresAt: window.expiresAt }, add: { count: 1 } },
  });
  return Number(after?.count ?? 0);
}

/** The count of a key in the current window (0 without an item). */
export async function countInWindow(key: string, rule: LimitRule): Promise<number> {
  const window = windowOf(rule, nowEpochSeconds());
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.limitCounter(key, window.startsAt) }));
  return Number(result.Item?.count ?? 0);
}
