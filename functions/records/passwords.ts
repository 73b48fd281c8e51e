import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordHashing } from '../../shared/contract-limits';
import { signWithServerSecret } from '../lib/server-secret';

/**
 * Server side of the password rule of docs/architecture.md#sessions-and-passwords: the browser sends PBKDF2(password,
 * browser salt); that hash is the secret. We store only scrypt(hash, our own salt) and
 * compare in constant time. scrypt N=2^14, r=8, p=1 (16 MiB, about 45 ms on a build
 * machine core; measured in passwords.test.ts to stay under 100 ms).
 */
const scryptOptions: ScryptOptions = { N: 16384, r: 8, p: 1 };
const keyLength = 32;
const serverSaltBytes = 16;

/** What is stored for a password: never the browser's hash itself. */
export type StoredPassword = {
  /** scrypt(browser hash, passwordSalt), base64. */
  passwordHash: string;
  /** The server's own random salt for scrypt, base64. */
  passwordSalt: string;
  /** The browser's PBKDF2 salt, handed back by POST /auth/salt. */
  browserSalt: string;
};

function scryptAsync(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, keyLength, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Derives what to store for a browser hash and its salt. */
export async function hashPassword(browserHash: string, browserSalt: string): Promise<StoredPassword> {
  const salt = randomBytes(serverSaltBytes);
  const key = await scryptAsync(browserHash, salt);
  return { passwordHash: key.toString('base64'), passwordSalt: salt.toString('base64'), browserSalt };
}

// Compared against when there is no account, so an unknown e-mail costs the same scrypt.
const dummy: Pick<StoredPassword, 'passwordHash' | 'passwordSalt'> = {
  passwordHash: Buffer.alloc(keyLength).toString('base64'),
  passwordSalt: Buffer.alloc(serverSaltBytes).toString('base64'),
};

/**
 * Whether a browser hash matches the stored password. With no stored password (unknown
 * account) it still runs scrypt once and answers false, so both paths take the same time.
 */
export async function verifyPassword(browserHash: string, stored: Pick<StoredPassword, 'passwordHash' | 'passwordSalt'> | undefined): Promise<boolean> {
  const target = stored ?? dummy;
  const expected = Buffer.from(target.passwordHash, 'base64');
  const actual = await scryptAsync(browserHash, Buffer.from(target.passwordSalt, 'base64'));
  const isMatch = expected.length === actual.length && timingSafeEqual(expected, actual);
  return isMatch && stored !== undefined;
}

/**
 * The salt POST /auth/salt gives for an e-mail without an account: stable for that e-mail
 * and unpredictable without the server secret, so it looks like a real one.
 */
export async function decoySalt(email: string): Promise<string> {
  // The current value only: a rotation changes every decoy salt once (docs/operations.md "Running it").
  return (await signWithServerSecret(email.toLowerCase())).subarray(0, passwordHashing.saltBytes).toString('base64');
}
