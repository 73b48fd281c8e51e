import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useUnitConfig } from '../lib/testing/unit-config';
import { decoySalt, hashPassword, verifyPassword } from './passwords';

const browserHash = (password: string, salt: string) => pbkdf2Sync(password, Buffer.from(salt, 'base64'), 10000, 32, 'sha256').toString('base64');

useUnitConfig();

describe('server-side password hashing', () => {
  const salt = randomBytes(16).toString('base64');
  const hash = browserHash('Sunny-Day42', salt);

  it('stores neither the browser hash nor its salt as the hash, and verifies it', async () => {
    const stored = await hashPassword(hash, salt);
    expect(stored.browserSalt).toBe(salt);
    expect(stored.passwordHash).not.toBe(hash);
    expect(Buffer.from(stored.passwordSalt, 'base64')).toHaveLength(16);
    expect(await verifyPassword(hash, stored)).toBe(true);
    expect(await verifyPassword(browserHash('Sunny-Day43', salt), stored)).toBe(false);
    expect(await verifyPassword(hash, undefined)).toBe(false);
  });

  it('salts each stored password on its own', async () => {
    const [a, b] = await Promise.all([hashPassword(hash, salt), hashPassword(hash, salt)]);
    expect(a.passwordHash).not.toBe(b.passwordHash);
  });

  // Absolute times are noise on a shared machine: compare the two paths, interleaved so
  // load changes hit both alike.
  it('spends as long on an unknown account as on a known one (no timing oracle)', async () => {
    const stored = await hashPassword(hash, salt);
    let known = 0;
    let unknown = 0;
    for (let i = 0; i < 8; i += 1) {
      let started = performance.now();
      expect(await verifyPassword(hash, stored)).toBe(true);
      known += performance.now() - started;
      started = performance.now();
      expect(await verifyPassword(hash, undefined)).toBe(false);
      unknown += performance.now() - started;
    }
    expect(unknown / known).toBeGreaterThan(0.4);
    expect(unknown / known).toBeLessThan(2.5);
  });
});

describe('decoy salt', () => {
  it('is stable per e-mail (case-insensitive), 16 bytes, and differs between e-mails', async () => {
    const salt = await decoySalt('nobody@example.com');
    expect(await decoySalt('Nobody@Example.com')).toBe(salt);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(await decoySalt('other@example.com')).not.toBe(salt);
  });
});
