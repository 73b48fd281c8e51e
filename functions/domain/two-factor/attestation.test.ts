import { describe, expect, it } from 'vitest';
import { decodeAttestationObject, isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { withNoneAttestation } from './attestation';

const authData = new Uint8Array([...Array<number>(37).fill(7), 1, 2, 3]);
type CBORValue = Parameters<typeof isoCBOR.encode>[0];
const encode = (value: CBORValue) => isoBase64URL.fromBuffer(isoCBOR.encode(value));

describe('a registration verified as attestation none', () => {
  it('drops the format and statement and keeps the authenticator data byte for byte', () => {
    const packed = encode(
      new Map<string, CBORValue>([
        ['fmt', 'packed'],
        [
          'attStmt',
          new Map<string, CBORValue>([
            ['alg', -7],
            ['sig', new Uint8Array([1])],
            ['x5c', [new Uint8Array([2])]],
          ]),
        ],
        ['authData', authData],
      ]),
    );
    const none = decodeAttestationObject(isoBase64URL.toBuffer(withNoneAttestation(packed)));
    expect(none.get('fmt')).toBe('none');
    expect(none.get('attStmt').size).toBe(0);
    expect([...none.get('authData')]).toEqual([...authData]);
  });

  it('throws on what is not an attestation object, for the caller to refuse', () => {
    for (const garbage of ['', 'oA', encode(new Map([['fmt', 'none']])), encode(new Map([['authData', 'text']])), encode(5)])
      expect(() => withNoneAttestation(garbage), garbage).toThrow();
  });
});
