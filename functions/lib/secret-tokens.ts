import { createHash, randomBytes } from 'node:crypto';

/** The hash under which a secret token (session, link, invitation) is stored and looked up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A long random token, URL-safe; only its hash is ever stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}
