import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { durations, now, nowEpochSeconds } from '../lib/clock';
import { hashToken, newSecretToken } from '../lib/secret-tokens';
import { db, tableName } from '../lib/db/client';
import { ChangedMeanwhile, ConditionFailed, sendWrite, transactWrites, type Write } from '../lib/db/table';
import { keys, type TokenKind } from '../lib/db/keys';

/**
 * Single-use tokens sent by e-mail (TOKEN#kind#hash / TOKEN). Only the SHA-256 hash is
 * stored. A used token is kept (usedAt set) until its expiry, so a second use can be
 * told apart from a forged one; TTL removes it later and reads check the time themselves.
 */
export const tokenLifetimeMs: Record<TokenKind, number> = {
  // docs/product/accounts.md#signup: a confirmation link is valid for 14 days.
  CONFIRM: 14 * durations.day,
  // The spec leaves it open; short, because the link grants access to the account.
  RESET: durations.hour,
  // "This was not me": a weekend away from the mailbox. It removes nothing at once (its factor
  // waits 24 hours, functions/domain/accounts/report-not-me.ts), so what it leaves to a mailbox
  // holder is ending sessions and a reset, which the reset link gives them anyway.
  NOTME: 3 * durations.day,
  // A recovery link must outlive the waiting period (functions/domain/accounts/factor-recovery-link.ts).
  RECOVERY: 7 * durations.day,
  RECOVERY_CANCEL: 7 * durations.day,
};

export type TokenItem = {
  type: 'Token';
  kind: TokenKind;
  userId: string;
  email: string;
  createdAt: string;
  /** Epoch seconds; also the TTL attribute. */
  expiresAt: number;
  usedAt?: string;
  /** NOTME only: what the announced change added, held and removed after a wait when the owner says it was not them. */
  undo?: { passkeyId?: string; totp?: boolean };
};

/** Stores a new token for a user; returns it in clear, for the e-mail link only. */
export async function createToken(kind: TokenKind, owner: { userId: string; email: string }, extra: Pick<TokenItem, 'undo'> = {}): Promise<string> {
  const token = newSecretToken();
  const item: TokenItem = {
    type: 'Token',
    kind,
    userId: owner.userId,
    email: owner.email,
    createdAt: now().toISOString(),
    expiresAt: nowEpochSeconds() + Math.floor(tokenLifetimeMs[kind] / 1000),
    ...extra,
  };
  // The expiry bucket on GSI1 lets the cleanup job find the token once TTL is late.
  await sendWrite({ put: { ...keys.token(kind, hashToken(token)), ...keys.expiryBucketOnGsi1(item.expiresAt), ...item } });
  return token;
}

export async function getToken(kind: TokenKind, token: string): Promise<TokenItem | undefined> {
  return getTokenByHash(kind, hashToken(token));
}

export async function getTokenByHash(kind: TokenKind, tokenHash: string): Promise<TokenItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.token(kind, tokenHash) }));
  return result.Item as TokenItem | undefined;
}

export function isTokenExpired(item: Pick<TokenItem, 'expiresAt'>): boolean {
  return item.expiresAt <= nowEpochSeconds();
}

/** Marks a token used, as one write of a transaction (condition `tokenUnused`): only while it is unused and unexpired. */
export function consumeToken(kind: TokenKind, token: string): Write<'tokenUnused'> {
  return {
    update: keys.token(kind, hashToken(token)),
    spec: { set: { usedAt: now().toISOString() } },
    condition: { expression: 'attribute_exists(PK) AND attribute_not_exists(usedAt) AND expiresAt > :now', values: { ':now': nowEpochSeconds() } },
    name: 'tokenUnused',
  };
}

/**
 * Runs the transaction that uses a token up (its consumeToken among the writes). When it
 * does not go through (a condition failed: the token was used, or expired, between the read
 * and the write; or a concurrent transaction held the same items) it throws `lost()`.
 */
export async function transactTokenUse(writes: ReadonlyArray<Write>, lost: () => Error | Promise<Error>): Promise<void> {
  try {
    await transactWrites(writes);
  } catch (error) {
    if (error instanceof ConditionFailed || error instanceof ChangedMeanwhile) throw await lost();
    throw error;
  }
}
