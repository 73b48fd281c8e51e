import { pbkdf2Sync } from 'node:crypto';
import { passwordHashing } from '../../shared/contracts/auth';

/**
 * What the browser sends for a password (web/src/lib/password-hash.ts, with
 * the same constants of shared/contracts/auth.ts), computed in Node: the one copy the
 * tests, the seed, the bench and the scripts use.
 */
export function clientPasswordHash(password: string, salt: string): string {
  return pbkdf2Sync(password, Buffer.from(salt, 'base64'), passwordHashing.iterations, passwordHashing.hashBytes, 'sha256').toString('base64');
}
