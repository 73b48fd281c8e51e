import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AsnParser } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { X509Certificate } from '@peculiar/x509';
import { cose, isoCBOR, verifySignature } from '@simplewebauthn/server/helpers';
import { ECDSASigValue, readEcdsaSignature } from './ecdsa-signature';

/**
 * The passkeys bundle reads ECDSA signatures with ecdsa-signature.ts instead of asn1js
 * (shared/routes/passkeys.ts `aliases`; vitest.config.ts applies the same table here, so
 * @simplewebauthn/server below runs with it, as in the bundle).
 */
const curves = [
  { name: 'P-256', crv: cose.COSECRV.P256, alg: cose.COSEALG.ES256, hash: 'sha256' },
  { name: 'P-384', crv: cose.COSECRV.P384, alg: cose.COSEALG.ES384, hash: 'sha384' },
  { name: 'P-521', crv: cose.COSECRV.P521, alg: cose.COSEALG.ES512, hash: 'sha512' },
] as const;

function keyOn(curve: (typeof curves)[number]) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: curve.name });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
      [cose.COSEKEYS.alg, curve.alg],
      [cose.COSEKEYS.crv, curve.crv],
      [cose.COSEKEYS.x, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [cose.COSEKEYS.y, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  return { privateKey, coseKey };
}

const der = (...bytes: number[]) => new Uint8Array(bytes);
const integer = (length: number, first = 0x01) => [0x02, length, first, ...Array<number>(length - 1).fill(0x11)];

describe('ECDSA signatures in the passkeys bundle', () => {
  it('verifies real DER signatures of every curve through @simplewebauthn/server, and refuses altered data', async () => {
    for (const curve of curves) {
      const { privateKey, coseKey } = keyOn(curve);
      // Enough signatures that r or s needs a leading 0 (high bit set) and, now and then, is shorter.
      for (let round = 0; round < 40; round += 1) {
        const data = new Uint8Array(createHash('sha256').update(`${curve.name} ${round}`).digest());
        const signature = new Uint8Array(sign(curve.hash, data, privateKey));
        await expect(verifySignature({ signature, data, credentialPublicKey: coseKey }), `${curve.name} #${round}`).resolves.toBe(true);
        const altered = data.slice();
        altered[0]! ^= 1;
        await expect(verifySignature({ signature, data: altered, credentialPublicKey: coseKey })).resolves.toBe(false);
      }
    }
  });

  it('reads r and s as DER content octets, keeping the 0 before a high bit', () => {
    const value = readEcdsaSignature(der(0x30, 0x08, 0x02, 0x02, 0x00, 0x80, 0x02, 0x02, 0x7f, 0x01));
    expect([...new Uint8Array(value.r)]).toEqual([0x00, 0x80]);
    expect([...new Uint8Array(value.s)]).toEqual([0x7f, 0x01]);
    // The one-byte long form of a length (a P-521 signature is up to 139 bytes).
    const long = readEcdsaSignature(der(0x30, 0x81, 0x88, ...integer(66), ...integer(66)));
    expect(new Uint8Array(long.r)).toHaveLength(66);
  });

  it('refuses what is not a strict DER Ecdsa-Sig-Value', () => {
    const refused: Array<[string, Uint8Array]> = [
      ['empty', der()],
      ['not a SEQUENCE', der(0x31, 0x06, ...integer(1), ...integer(1))],
      ['SEQUENCE longer than the data', der(0x30, 0x07, ...integer(1), ...integer(1))],
      ['data after the SEQUENCE', der(0x30, 0x06, ...integer(1), ...integer(1), 0x00)],
      ['data after s inside the SEQUENCE', der(0x30, 0x08, ...integer(1), ...integer(1), 0x05, 0x00)],
      ['one INTEGER only', der(0x30, 0x03, ...integer(1))],
      ['not an INTEGER', der(0x30, 0x06, 0x04, 0x01, 0x01, ...integer(1))],
      ['empty INTEGER', der(0x30, 0x05, 0x02, 0x00, ...integer(1))],
      ['negative INTEGER', der(0x30, 0x06, 0x02, 0x01, 0x80, ...integer(1))],
      ['INTEGER with a needless leading 0', der(0x30, 0x07, 0x02, 0x02, 0x00, 0x01, ...integer(1))],
      ['INTEGER 0 written with two octets', der(0x30, 0x07, 0x02, 0x02, 0x00, 0x00, ...integer(1))],
      ['long-form length where the short form fits', der(0x30, 0x81, 0x06, ...integer(1), ...integer(1))],
      ['two-octet length', der(0x30, 0x82, 0x00, 0x06, ...integer(1), ...integer(1))],
      ['indefinite length', der(0x30, 0x80, ...integer(1), ...integer(1), 0x00, 0x00)],
      ['INTEGER running past the end', der(0x30, 0x06, ...integer(1), 0x02, 0x05, 0x01)],
    ];
    for (const [why, bytes] of refused) expect(() => readEcdsaSignature(bytes), why).toThrow(/Malformed ECDSA signature/);
  });

  it('stands in for the ASN.1 and X.509 packages, and says so where certificate code would run', () => {
    expect(AsnParser.parse(der(0x30, 0x06, ...integer(1), ...integer(1)), ECDSASigValue)).toBeInstanceOf(ECDSASigValue);
    expect(() => AsnParser.parse(der(0x30, 0x00), Certificate)).toThrow(/Attestation certificates are not bundled into the passkeys function/);
    expect(() => new X509Certificate(new Uint8Array())).toThrow(/Attestation certificates are not bundled into the passkeys function/);
  });
});
