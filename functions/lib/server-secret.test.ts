import { describe, expect, it } from 'vitest';
import { parseServerSecret, previousSecretWindowMs, verifyingValues } from './server-secret';

describe('SERVER_SECRET values', () => {
  it('reads a plain value (a secret from before rotation) as the current value alone, and the rotated JSON with its previous value', () => {
    expect(parseServerSecret('  abc  ')).toEqual({ current: 'abc' });
    expect(parseServerSecret('{"current":"new","previous":"old","rotatedAt":"2026-11-26T12:00:00.000Z"}')).toEqual({
      current: 'new',
      previous: 'old',
      rotatedAt: '2026-11-26T12:00:00.000Z',
    });
    expect(() => parseServerSecret('{"previous":"old"}')).toThrow(/no current value/);
    expect(() => parseServerSecret('')).toThrow(/empty/);
  });

  it('verifies with the previous value only within the window after the rotation', () => {
    const secret = { current: 'new', previous: 'old', rotatedAt: '2026-11-26T12:00:00.000Z' };
    const rotatedAt = Date.parse(secret.rotatedAt);
    expect(verifyingValues(secret, new Date(rotatedAt + 1000))).toEqual(['new', 'old']);
    expect(verifyingValues(secret, new Date(rotatedAt + previousSecretWindowMs))).toEqual(['new']);
    expect(verifyingValues({ current: 'new', previous: 'old' }, new Date(rotatedAt))).toEqual(['new']);
  });
});
