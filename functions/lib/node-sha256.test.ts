import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha256 } from './node-sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('Sha256 (the SDK hash interface on node:crypto)', () => {
  it('hashes strings and bytes as node:crypto does, and may digest again after more input', async () => {
    const hash = new Sha256();
    hash.update('abc');
    expect(hex(await hash.digest())).toBe(createHash('sha256').update('abc').digest('hex'));
    hash.update(new TextEncoder().encode('def'));
    expect(hex(await hash.digest())).toBe(createHash('sha256').update('abcdef').digest('hex'));
    hash.reset();
    hash.update(new Uint8Array([1, 2, 3]).buffer);
    expect(hex(await hash.digest())).toBe(
      createHash('sha256')
        .update(Buffer.from([1, 2, 3]))
        .digest('hex'),
    );
  });

  it('is an HMAC with a key (string or bytes)', async () => {
    const keyed = new Sha256('key');
    keyed.update('message');
    expect(hex(await keyed.digest())).toBe(createHmac('sha256', 'key').update('message').digest('hex'));
    const bytes = new Sha256(new Uint8Array([7, 8]));
    bytes.update('m');
    expect(hex(await bytes.digest())).toBe(
      createHmac('sha256', Buffer.from([7, 8]))
        .update('m')
        .digest('hex'),
    );
  });
});
