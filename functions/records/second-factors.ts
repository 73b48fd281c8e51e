import { createHmac, randomInt } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { recoveryCodeCount } from '../../shared/contract-limits';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { ChangedMeanwhile, ConditionFailed, itemExists, sendWrite, transactWrites, type Write } from '../lib/db/table';
import { fail } from '../lib/errors';
import { mfaEncryptionKey, mfaKeys } from '../lib/mfa-key';
import { openSecret, sealSecret } from '../lib/secret-box';
import { matchingTimeStep, newTotpSecret } from '../lib/totp';

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

async function getTotpItem(userId: string): Promise<TotpItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.totp(userId), ConsistentRead: true }));
  return result.Item as TotpItem | undefined;
}

/**
 * Keyed hash (HMAC with the MFA key, bound to the user): a table dump gives no usable
 * recovery code, and 50-bit codes cannot be tried offline without the key. Made with the
 * current key version; codes made under an older version are found with that version's key
 * (the hash cannot be re-encrypted, so a key version stays in the secret while such codes
 * exist: docs/operations.md "Running it").
 */
async function recoveryCodeHash(userId: string, code: string, key?: Buffer): Promise<string> {
  return createHmac('sha256', key ?? (await mfaEncryptionKey()))
    .update(`recovery-code:${userId}:${code}`)
    .digest('base64url');
}

/** The hash of a code as the item holds it, under whichever key version made it; the current version's when none matches. */
async function storedRecoveryCodeHash(item: TotpItem, userId: string, code: string): Promise<string> {
  const { current, keys } = await mfaKeys();
  const ordered = [keys.get(current) as Buffer, ...[...keys].filter(([version]) => version !== current).map(([, key]) => key)];
  const hashes = await Promise.all(ordered.map((key) => recoveryCodeHash(userId, code, key)));
  return hashes.find((hash) => item.recoveryCodeHashes?.has(hash)) ?? (hashes[0] as string);
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
    await sendWrite({
      update: keys.totp(userId),
      spec: { set: { type: 'Totp', recoveryCodeHashes: hashes }, setIfAbsent: { enabled: false } },
      // A string set never stays empty: using the last code removes the attribute.
      condition: { expression: 'attribute_not_exists(recoveryCodeHashes)' },
    });
    return codes;
  } catch (error) {
    if (error instanceof ConditionFailed) return undefined;
    throw error;
  }
}

/** Removes the recovery codes of an account that has no second factor left (TOTP off); nothing otherwise. */
export async function removeRecoveryCodesWithoutFactor(userId: string): Promise<void> {
  try {
    await sendWrite({ delete: keys.totp(userId), condition: { expression: 'attribute_exists(PK) AND enabled = :false', values: { ':false': false } } });
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
}

/** Starts (or restarts) a setup: a new secret waits for its first code. TOTP already on: 94. */
export async function startTotpSetup(userId: string): Promise<string> {
  const secret = newTotpSecret();
  const sealed = await sealSecret(secret, userId);
  try {
    await sendWrite({
      update: keys.totp(userId),
      spec: { set: { type: 'Totp', pendingSecret: sealed }, setIfAbsent: { enabled: false } },
      condition: { expression: 'attribute_not_exists(enabled) OR enabled = :false', values: { ':false': false } },
    });
  } catch (error) {
    if (error instanceof ConditionFailed) throw fail('TWO_FACTOR_STATE_CONFLICT');
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
    await transactWrites([
      {
        update: keys.totp(userId),
        spec: { copy: { secret: 'pendingSecret' }, set: { enabled: true, lastUsedStep: step, recoveryCodeHashes: hashes }, remove: ['pendingSecret'] },
        condition: { expression: 'pendingSecret = :seen AND enabled = :false', values: { ':false': false, ':seen': item.pendingSecret } },
      },
      { update: keys.user(userId), spec: { set: { totpEnabled: true } }, condition: itemExists },
    ]);
  } catch (error) {
    // A second enable or a new setup raced this one.
    if (error instanceof ConditionFailed || error instanceof ChangedMeanwhile) throw fail('TWO_FACTOR_STATE_CONFLICT');
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
      await sendWrite({
        update: keys.totp(userId),
        spec: { set: { lastUsedStep: step } },
        condition: { expression: 'enabled = :true AND (attribute_not_exists(lastUsedStep) OR lastUsedStep < :step)', values: { ':step': step, ':true': true } },
      });
      return true;
    }
    if (proof.recoveryCode !== undefined) {
      const hash = await storedRecoveryCodeHash(item, userId, normalizedRecoveryCode(proof.recoveryCode));
      await sendWrite({
        update: keys.totp(userId),
        spec: { deleteFromSet: { recoveryCodeHashes: new Set([hash]) } },
        condition: { expression: 'contains(recoveryCodeHashes, :hash)', values: { ':hash': hash } },
      });
      return true;
    }
    return false;
  } catch (error) {
    if (error instanceof ConditionFailed) return false; // replayed, or used meanwhile
    throw error;
  }
}

/**
 * Turns TOTP off: the secret is deleted and the profile flag cleared. The recovery codes go
 * too, unless `keepRecoveryCodes` (the account keeps a passkey: they stay its way back in).
 */
export async function removeTotp(userId: string, options: { keepRecoveryCodes?: boolean } = {}): Promise<void> {
  const totpItem: Write = options.keepRecoveryCodes
    ? { update: keys.totp(userId), spec: { set: { enabled: false }, remove: ['secret', 'pendingSecret', 'lastUsedStep'] } }
    : { delete: keys.totp(userId) };
  await transactWrites([totpItem, { update: keys.user(userId), spec: { set: { totpEnabled: false } }, condition: itemExists }]);
}
