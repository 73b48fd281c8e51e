import { createHmac, randomInt } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { recoveryCodeCount } from '../../../shared/contracts/mfa';
import { nowEpochSeconds } from '../clock';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';
import { fail, isConditionalCheckFailure, transactionCancellationReasons } from '../errors';
import { hashToken } from '../../domain/sessions/session';
import { mfaEncryptionKey } from './key';
import { openSecret, sealSecret } from './secret-box';
import { matchingTimeStep, newTotpSecret } from './totp';

/**
 * The TOTP item of a user (USER#id / MFA#TOTP): the secret sealed with AES-256-GCM
 * (secret-box.ts), the last time step a code was accepted for (a code is accepted once:
 * the step must be later than the last one), and the recovery codes as keyed hashes (a
 * string set; using one removes it atomically). The profile item carries only
 * `totpEnabled`, so profile reads never touch a secret.
 *
 * The recovery codes belong to the account's second factors, not to TOTP alone: an account
 * with passkeys only keeps them here too (`enabled` false, no secret), so whoever lost
 * every passkey still has a way in. They go when the last second factor goes.
 */
export type TotpItem = {
  type: 'Totp';
  /** Set by setup, moved to `secret` by enable (a code from the app proves it was scanned). */
  pendingSecret?: string;
  secret?: string;
  enabled: boolean;
  lastUsedStep?: number;
  recoveryCodeHashes?: Set<string>;
};

/** How long the second sign-in step may follow the password step. */
export const pendingSigninSeconds = 5 * 60;

async function getTotpItem(userId: string): Promise<TotpItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.totp(userId), ConsistentRead: true }));
  return result.Item as TotpItem | undefined;
}

/**
 * Keyed hash (HMAC with the MFA key, bound to the user): a table dump gives no usable
 * recovery code, and 50-bit codes cannot be tried offline without the key.
 */
async function recoveryCodeHash(userId: string, code: string): Promise<string> {
  return createHmac('sha256', await mfaEncryptionKey()).update(`recovery-code:${userId}:${code}`).digest('base64url');
}

const recoveryAlphabet = 'abcdefghijklmnopqrstuvwxyz234567';

/** 10 random characters (50 bits) shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normalizedRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();

export async function totpStatus(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const item = await getTotpItem(userId);
  return { enabled: item?.enabled === true, recoveryCodesLeft: item?.recoveryCodeHashes?.size ?? 0 };
}

/** 10 new recovery codes and their keyed hashes. */
async function newRecoveryCodes(userId: string): Promise<{ codes: string[]; hashes: Set<string> }> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  const hashes = new Set(await Promise.all(codes.map((entry) => recoveryCodeHash(userId, normalizedRecoveryCode(entry)))));
  return { codes, hashes };
}

/**
 * Hands out recovery codes to an account that has none left (its first passkey): answers
 * the codes to show once, or undefined when the account still has some (they stay as they
 * are). Two concurrent calls cannot both hand out codes: the write is conditional.
 */
export async function issueRecoveryCodesIfNone(userId: string): Promise<string[] | undefined> {
  const { codes, hashes } = await newRecoveryCodes(userId);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.totp(userId),
        UpdateExpression: 'SET #type = :type, enabled = if_not_exists(enabled, :false), recoveryCodeHashes = :hashes',
        // A string set never stays empty: using the last code removes the attribute.
        ConditionExpression: 'attribute_not_exists(recoveryCodeHashes)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'Totp', ':false': false, ':hashes': hashes },
      }),
    );
    return codes;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** Removes the recovery codes of an account that has no second factor left (TOTP off); nothing otherwise. */
export async function removeRecoveryCodesWithoutFactor(userId: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.totp(userId),
        ConditionExpression: 'attribute_exists(PK) AND enabled = :false',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Starts (or restarts) a setup: a new secret waits for its first code. TOTP already on: 94. */
export async function startTotpSetup(userId: string): Promise<string> {
  const secret = newTotpSecret();
  const sealed = await sealSecret(secret, userId);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.totp(userId),
        UpdateExpression: 'SET #type = :type, pendingSecret = :secret, enabled = if_not_exists(enabled, :false)',
        ConditionExpression: 'attribute_not_exists(enabled) OR enabled = :false',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'Totp', ':secret': sealed, ':false': false },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw fail('TWO_FACTOR_STATE_CONFLICT');
    throw error;
  }
  return secret;
}

/**
 * Turns TOTP on with a code from the pending secret: the secret becomes active, the code's
 * step counts as used, and 10 recovery codes are made (only their hashes are kept; the
 * caller shows them once). No setup or already on: 94; a wrong code: 90.
 */
export async function enableTotp(userId: string, code: string): Promise<string[]> {
  const item = await getTotpItem(userId);
  if (!item?.pendingSecret || item.enabled) throw fail('TWO_FACTOR_STATE_CONFLICT');
  const step = matchingTimeStep(await openSecret(item.pendingSecret, userId), code);
  if (step === null) throw fail('MFA_CODE_INVALID');
  const { codes: recoveryCodes, hashes } = await newRecoveryCodes(userId);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.totp(userId),
              UpdateExpression: 'SET secret = pendingSecret, enabled = :true, lastUsedStep = :step, recoveryCodeHashes = :hashes REMOVE pendingSecret',
              ConditionExpression: 'pendingSecret = :seen AND enabled = :false',
              ExpressionAttributeValues: { ':true': true, ':false': false, ':step': step, ':hashes': hashes, ':seen': item.pendingSecret },
            },
          },
          { Update: { TableName: tableName(), Key: keys.user(userId), UpdateExpression: 'SET totpEnabled = :true', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':true': true } } },
        ],
      }),
    );
  } catch (error) {
    // A second enable or a new setup raced this one.
    if (transactionCancellationReasons(error)) throw fail('TWO_FACTOR_STATE_CONFLICT');
    throw error;
  }
  return recoveryCodes;
}

/**
 * Checks a second factor of a user and uses it up: while TOTP is on, a TOTP code within ±1
 * step whose step is later than the last accepted one (a code is accepted once, even by two
 * concurrent requests: the write is conditional); or an unused recovery code (removed from
 * the set in the same conditional write), which an account with passkeys only has too.
 * False for anything else.
 */
export async function consumeSecondFactor(userId: string, proof: { code?: string; recoveryCode?: string }): Promise<boolean> {
  const item = await getTotpItem(userId);
  if (!item) return false;
  try {
    if (proof.code !== undefined) {
      if (!item.enabled || !item.secret) return false;
      const step = matchingTimeStep(await openSecret(item.secret, userId), proof.code);
      if (step === null) return false;
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.totp(userId),
          UpdateExpression: 'SET lastUsedStep = :step',
          ConditionExpression: 'enabled = :true AND (attribute_not_exists(lastUsedStep) OR lastUsedStep < :step)',
          ExpressionAttributeValues: { ':step': step, ':true': true },
        }),
      );
      return true;
    }
    if (proof.recoveryCode !== undefined) {
      const hash = await recoveryCodeHash(userId, normalizedRecoveryCode(proof.recoveryCode));
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.totp(userId),
          UpdateExpression: 'DELETE recoveryCodeHashes :used',
          ConditionExpression: 'contains(recoveryCodeHashes, :hash)',
          ExpressionAttributeValues: { ':used': new Set([hash]), ':hash': hash },
        }),
      );
      return true;
    }
    return false;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false; // replayed, or used meanwhile
    throw error;
  }
}

/**
 * Turns TOTP off: the secret is deleted and the profile flag cleared. The recovery codes go
 * too, unless `keepRecoveryCodes` (the account keeps a passkey: they stay its way back in).
 */
export async function removeTotp(userId: string, options: { keepRecoveryCodes?: boolean } = {}): Promise<void> {
  const totpItem = options.keepRecoveryCodes
    ? {
        Update: {
          TableName: tableName(),
          Key: keys.totp(userId),
          UpdateExpression: 'SET enabled = :false REMOVE secret, pendingSecret, lastUsedStep',
          ExpressionAttributeValues: { ':false': false },
        },
      }
    : { Delete: { TableName: tableName(), Key: keys.totp(userId) } };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        totpItem,
        { Update: { TableName: tableName(), Key: keys.user(userId), UpdateExpression: 'SET totpEnabled = :false', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':false': false } } },
      ],
    }),
  );
}

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
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.pendingMfaSignin(hashToken(nonce)), ...item } }));
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
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD wrongCodes :one',
        ConditionExpression: 'attribute_exists(PK) AND wrongCodes < :last',
        ExpressionAttributeValues: { ':one': 1, ':last': pendingSigninMaxWrongCodes - 1 },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // This was the last wrong code the pending sign-in takes (or it is gone already).
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
  }
}

/** Uses the pending sign-in up (once: two concurrent second steps cannot both start a session). */
export async function takePendingSignin(nonce: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.pendingMfaSignin(hashToken(nonce)),
        ConditionExpression: 'expiresAt > :now',
        ExpressionAttributeValues: { ':now': nowEpochSeconds() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
