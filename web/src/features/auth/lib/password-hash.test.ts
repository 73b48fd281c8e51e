/// <reference types="node" />
// The known vector comes from node itself, so this test reads node’s crypto.
import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passwordHashing, saltField } from '../../../../../shared/contracts/auth';
import { hashPassword, newSalt } from './password-hash';

describe('password hashing in the browser (docs/product/accounts.md#calls)', () => {
  it('matches node’s PBKDF2-SHA256 for a known vector', async () => {
    const salt = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex').toString('base64');
    const expected = pbkdf2Sync('Sunny-Day42', Buffer.from(salt, 'base64'), 10_000, 32, 'sha256').toString('base64');
    expect(await hashPassword('Sunny-Day42', salt)).toBe(expected);
    // The vector itself, so a change of the constants cannot slip through on both sides.
    expect(expected).toBe(pbkdf2Sync('Sunny-Day42', Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'), 10_000, 32, 'sha256').toString('base64'));
  });

  it('uses the contract’s constants and hashes non-ASCII passwords as UTF-8', async () => {
    expect(passwordHashing).toMatchObject({ iterations: 10_000, saltBytes: 16, hashBytes: 32 });
    const salt = newSalt();
    const expected = pbkdf2Sync('Åsa-Ünïcode1!', Buffer.from(salt, 'base64'), 10_000, 32, 'sha256').toString('base64');
    expect(await hashPassword('Åsa-Ünïcode1!', salt)).toBe(expected);
  });

  it('makes a new random 16-byte salt each time, valid for the server', () => {
    const first = newSalt();
    const second = newSalt();
    expect(Buffer.from(first, 'base64')).toHaveLength(16);
    expect(first).not.toBe(second);
    expect(saltField().safeParse(first).success).toBe(true);
  });
});
