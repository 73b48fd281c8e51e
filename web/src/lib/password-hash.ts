import { passwordHashing } from '../../../shared/contract-limits';

/**
 * The browser's password hashing (docs/product/accounts.md#calls, DESIGN "Sessions and passwords"): PBKDF2
 * with SHA-256 over the typed password and a random 16-byte salt, 10,000 iterations,
 * 32 bytes out, all base64, with the constants the server's contract names. The typed
 * password never leaves the browser; the server stores a slow hash of this hash.
 */

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A fresh salt for a new password: 16 random bytes, base64. */
export function newSalt(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(passwordHashing.saltBytes)));
}

/** PBKDF2-SHA256(password, salt, 10,000 iterations, 32 bytes), base64; the salt is base64 too. */
export async function hashPassword(password: string, saltBase64: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), passwordHashing.algorithm, false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: passwordHashing.algorithm, hash: passwordHashing.digest, salt: fromBase64(saltBase64), iterations: passwordHashing.iterations },
    key,
    passwordHashing.hashBytes * 8,
  );
  return toBase64(new Uint8Array(bits));
}
