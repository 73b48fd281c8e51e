import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mfaKeyOfVersion, mfaKeys } from './mfa-key';

/**
 * AES-256-GCM for TOTP secrets at rest: `v2.<key version>.<iv>.<tag>.<ciphertext>`
 * (base64url), sealed with the current key version (key.ts). The older
 * `v1.<iv>.<tag>.<ciphertext>` was sealed with key version "1" and still opens. The user id
 * is the additional authenticated data, so a ciphertext copied onto another user's item
 * does not decrypt. A table dump without the key reveals no secret.
 */
type Sealed = { keyVersion: string; iv: string; authTag: string; ciphertext: string };

function parse(sealed: string): Sealed {
  const parts = sealed.split('.');
  if (parts[0] === 'v1' && parts.length === 4) return { keyVersion: '1', iv: parts[1]!, authTag: parts[2]!, ciphertext: parts[3]! };
  if (parts[0] === 'v2' && parts.length === 5 && parts[1]) return { keyVersion: parts[1], iv: parts[2]!, authTag: parts[3]!, ciphertext: parts[4]! };
  throw new Error('unknown sealed secret format');
}

/** The key version a sealed secret was made with (re-encryption moves the older ones). */
export const keyVersionOf = (sealed: string): string => parse(sealed).keyVersion;

export async function sealSecret(plain: string, userId: string): Promise<string> {
  const { current, keys } = await mfaKeys();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.get(current) as Buffer, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v2', current, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

export async function openSecret(sealed: string, userId: string): Promise<string> {
  const { keyVersion, iv, authTag, ciphertext } = parse(sealed);
  const key = await mfaKeyOfVersion(keyVersion);
  if (!key) throw new Error(`the MFA key version ${keyVersion} is no longer in the key secret`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
