import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './http';

describe('the encoding of an answer, from Accept-Encoding', () => {
  it('prefers br, then gzip, and compresses nothing the client does not accept', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
  });

  it('follows q-values: a higher one wins, q=0 refuses, * stands for both', () => {
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('GZIP;Q=1, BR;Q=0')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0')).toBeUndefined();
    expect(preferredEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });
});
