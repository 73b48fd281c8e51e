import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mfaEncryptionKey } from './key';

/**
 * AES-256-GCM for TOTP secrets at rest: `v1.<iv>.<tag>.<ciphertext>` (base64url). The user id
 * is the additional authenticated data, so a ciphertext copied onto another user's item
 * does not decrypt. A table dump without the key reveals no secret.
 */
const version = 'v1';

export async function sealSecret(plain: string, userId: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await mfaEncryptionKey(), iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [version, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

export async function openSecret(sealed: string, userId: string): Promise<string> {
  const [tag, iv, authTag, ciphertext] = sealed.split('.');
  if (tag !== version || !iv || !authTag || ciphertext === undefined) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', await mfaEncryptionKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
