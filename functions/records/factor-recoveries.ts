import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { now, nowEpochSeconds } from '../lib/clock';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { ConditionFailed, itemExists, sendWrite, sendWriteReturningOld, transactWrites, type Write } from '../lib/db/table';

/** Second factors a recovery names: the TOTP, and passkeys by id. */
export type NamedFactors = { totp?: true; passkeyIds?: string[] };

/**
 * A mailbox recovery of lost second factors while it waits (USER#id / MFA#RECOVERY): the
 * hash of the recovery link's token that started it, and when its waiting period ends.
 * Signing in with a factor, or the cancel link, deletes it and uses the link up
 * (functions/domain/accounts/factor-recovery-link.ts tells the whole flow).
 *
 * "This was not me" starts one too (functions/domain/accounts/report-not-me.ts): it removes
 * `only` the factor the reported change added, and `held` names the factors that cannot sign
 * in while it waits. A recovery with held factors is ended by its cancel link or its
 * completion only, not by a sign-in with another factor.
 */
export type FactorRecoveryItem = {
  type: 'FactorRecovery';
  recoveryTokenHash: string;
  startedAt: string;
  readyAt: string;
  /** Epoch seconds: the recovery link's own expiry (TTL). */
  expiresAt: number;
  /** What completion removes; absent: every second factor. */
  only?: NamedFactors;
  /** Factors that cannot sign in while the recovery exists. */
  held?: NamedFactors;
};

export async function getFactorRecovery(userId: string): Promise<FactorRecoveryItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.factorRecovery(userId), ConsistentRead: true }));
  return result.Item as FactorRecoveryItem | undefined;
}

export async function putFactorRecovery(userId: string, item: FactorRecoveryItem): Promise<void> {
  await sendWrite({ put: { ...keys.factorRecovery(userId), ...item } });
}

/** Ends the waiting recovery the link of `recoveryTokenHash` started, as one write of a transaction (condition `startedByLink`). */
export function deleteFactorRecoveryOfLink(userId: string, recoveryTokenHash: string): Write<'startedByLink'> {
  return {
    delete: keys.factorRecovery(userId),
    condition: { expression: 'recoveryTokenHash = :hash', values: { ':hash': recoveryTokenHash } },
    name: 'startedByLink',
  };
}

/**
 * Cancels a waiting recovery of the user, if there is one: the item goes and its recovery
 * link is used up (it cannot start another wait). True when one was cancelled. With
 * `unlessHolding` (a sign-in with a factor) a recovery that holds factors stays.
 */
export async function cancelFactorRecovery(userId: string, options: { unlessHolding?: boolean } = {}): Promise<boolean> {
  let old: FactorRecoveryItem | undefined;
  try {
    old = (await sendWriteReturningOld({
      delete: keys.factorRecovery(userId),
      ...(options.unlessHolding ? { condition: { expression: 'attribute_not_exists(held)' } } : {}),
    })) as FactorRecoveryItem | undefined;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
  if (!old) return false;
  try {
    await sendWrite({ update: keys.token('RECOVERY', old.recoveryTokenHash), spec: { set: { usedAt: now().toISOString() } }, condition: itemExists });
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
  return true;
}

/** The factors of the user a recovery holds (they cannot sign in), while it exists and its link is unexpired. */
export async function heldFactorsOf(userId: string): Promise<NamedFactors> {
  const recovery = await getFactorRecovery(userId);
  return recovery && recovery.expiresAt > nowEpochSeconds() ? (recovery.held ?? {}) : {};
}

/**
 * Removes every second factor of a user in one transaction: the TOTP item (secret and
 * recovery codes), each passkey, and the profile's counts. `passkeyIds` are those of the
 * passkeys read just before (at most maxPasskeysPerUser).
 */
export async function removeAllSecondFactors(userId: string, passkeyIds: readonly string[]): Promise<void> {
  await transactWrites([
    { delete: keys.totp(userId) },
    ...passkeyIds.map((passkeyId) => ({ delete: keys.passkey(userId, passkeyId) })),
    { update: keys.user(userId), spec: { set: { totpEnabled: false, passkeyCount: 0 } }, condition: itemExists },
  ]);
}
