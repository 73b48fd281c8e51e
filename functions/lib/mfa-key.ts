import { createHash } from 'node:crypto';
import { config } from './config';
import { mayRereadAfterMismatch, readSecretText, resetSecretsForTests, secretMaxAgeSeconds } from './secret-source';

/**
 * The AES-256 keys that encrypt TOTP secrets at rest, by version. Locally `MFA_ENCRYPTION_KEY`
 * (the local stack sets a development default) or the stand-in file `npm run ops --
 * rotate-mfa-key` writes; in the cloud the Secrets Manager secret named by
 * `MFA_KEY_SECRET_ARN` (only the auth and mfa functions may read it), read again after
 * `mfaKeyCacheMs` (Powertools' cache, lib/secret-source.ts) so a new key version reaches warm functions.
 *
 * The secret's value is JSON `{"current": "2", "keys": {"1": "…", "2": "…"}}`; plain text (as
 * before versions existed) is version "1" alone. New secrets are sealed with the current
 * version and carry it (secret-box.ts); older versions stay readable until
 * `npm run ops -- reencrypt-mfa` has moved every stored secret to the current one. Each
 * version's text (64 random characters) is hashed to its 32-byte key, so any long random text
 * works as a key.
 */
export type MfaKeys = { current: string; keys: ReadonlyMap<string, Buffer> };

export const mfaKeyCacheMs = secretMaxAgeSeconds * 1000;

const keyOf = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export function parseMfaKeys(text: string): MfaKeys {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return { current: '1', keys: new Map([['1', keyOf(trimmed)]]) };
  const parsed = JSON.parse(trimmed) as { current?: unknown; keys?: Record<string, unknown> };
  const keys = new Map<string, Buffer>();
  for (const [version, value] of Object.entries(parsed.keys ?? {})) {
    if (typeof value === 'string' && value) keys.set(version, keyOf(value));
  }
  if (typeof parsed.current !== 'string' || !keys.has(parsed.current)) throw new Error('The MFA key secret names no current key');
  return { current: parsed.current, keys };
}

export async function mfaKeys(options: { forceFetch?: boolean } = {}): Promise<MfaKeys> {
  const { mfaEncryptionKey, mfaKeySecretArn } = config();
  return parseMfaKeys(
    await readSecretText('mfa-key', { arn: mfaKeySecretArn, text: mfaEncryptionKey, missing: 'MFA_ENCRYPTION_KEY or MFA_KEY_SECRET_ARN' }, options),
  );
}

/**
 * The key of `version`. A version this warm function has not seen yet (sealed by one that already read a new key
 * version) reads the secret again (mayRereadAfterMismatch) before it counts as gone.
 */
export async function mfaKeyOfVersion(version: string): Promise<Buffer | undefined> {
  const known = (await mfaKeys()).keys.get(version);
  if (known) return known;
  const { mfaKeySecretArn } = config();
  if (!mfaKeySecretArn || !mayRereadAfterMismatch(mfaKeySecretArn)) return undefined;
  return (await mfaKeys({ forceFetch: true })).keys.get(version);
}

/** The current key (what new secrets and new recovery codes are made with). */
export async function mfaEncryptionKey(): Promise<Buffer> {
  const { current, keys } = await mfaKeys();
  return keys.get(current) as Buffer;
}

/** Tests change the environment between suites. */
export function resetMfaKeyForTests(): void {
  resetSecretsForTests();
}
