import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { RegistrationCredential } from '../../../shared/contracts/passkeys';
import { verifyRegistration, type ExpectedRegistration } from './verify-registration';

type CBORValue = Parameters<typeof isoCBOR.encode>[0];

const expected: ExpectedRegistration = {
  challenge: 'Y2hhbGxlbmdl',
  origin: 'https://canvas.example.com',
  rpId: 'canvas.example.com',
  algorithms: [-8, -7, -257],
};
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

type Variation = {
  flags?: number;
  rpId?: string;
  alg?: number;
  clientData?: Record<string, unknown>;
  attestation?: { fmt: string; attStmt: Map<string, CBORValue> };
  rawId?: string;
  withCredential?: boolean;
};

/** An authenticator's answer (attestation none unless told), with one thing changed. */
function answer(variation: Variation = {}): RegistrationCredential {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  const coseKey = isoCBOR.encode(
    new Map<number, CBORValue>([
      [1, 2],
      [3, variation.alg ?? -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const credentialId = randomBytes(16);
  const withCredential = variation.withCredential ?? true;
  const flags = (variation.flags ?? UP | UV) | (withCredential ? AT : 0);
  const authData = Buffer.concat([
    sha256(variation.rpId ?? expected.rpId),
    Buffer.from([flags]),
    Buffer.from([0, 0, 0, 7]),
    ...(withCredential ? [Buffer.alloc(16), Buffer.from([0, credentialId.length]), credentialId, Buffer.from(coseKey)] : []),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, CBORValue>([
      ['fmt', variation.attestation?.fmt ?? 'none'],
      ['attStmt', variation.attestation?.attStmt ?? new Map<string, CBORValue>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const clientData = { type: 'webauthn.create', challenge: expected.challenge, origin: expected.origin, crossOrigin: false, ...variation.clientData };
  const id = credentialId.toString('base64url');
  return {
    id,
    rawId: variation.rawId ?? id,
    type: 'public-key',
    response: {
      clientDataJSON: Buffer.from(JSON.stringify(clientData)).toString('base64url'),
      attestationObject: Buffer.from(attestationObject).toString('base64url'),
    },
    clientExtensionResults: {},
  };
}

describe('verifying a registration as attestation none', () => {
  it('gives the credential, its public key, its counter and backup state', async () => {
    const registration = answer({ flags: UP | UV | BE | BS });
    const verified = await verifyRegistration(registration, expected);
    expect(verified).toMatchObject({ credentialId: registration.id, counter: 7, backedUp: true });
    expect(isoCBOR.decodeFirst<Map<number, unknown>>(new Uint8Array(verified.publicKey)).get(3)).toBe(-7);
    expect((await verifyRegistration(answer(), expected)).backedUp).toBe(false);
  });

  it('does not read an attestation statement, whatever its format', async () => {
    const certificate = new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]);
    for (const attestation of [
      {
        fmt: 'packed',
        attStmt: new Map<string, CBORValue>([
          ['alg', -7],
          ['sig', new Uint8Array([1])],
          ['x5c', [certificate]],
        ]),
      },
      {
        fmt: 'fido-u2f',
        attStmt: new Map<string, CBORValue>([
          ['sig', new Uint8Array([1])],
          ['x5c', [certificate]],
        ]),
      },
      { fmt: 'none', attStmt: new Map<string, CBORValue>([['sig', new Uint8Array([1])]]) },
      { fmt: 'made-up', attStmt: new Map<string, CBORValue>() },
    ])
      await expect(verifyRegistration(answer({ attestation }), expected), attestation.fmt).resolves.toMatchObject({ counter: 7 });
  });

  it('refuses what does not hold, saying what (never a value the client sent)', async () => {
    const refusals: Array<[string, RegistrationCredential, RegExp]> = [
      ['another raw id', answer({ rawId: 'AAAA' }), /credential id and raw id differ/],
      ['a sign-in ceremony', answer({ clientData: { type: 'webauthn.get' } }), /not a registration ceremony/],
      ['another challenge', answer({ clientData: { challenge: 'b3RoZXI' } }), /another challenge/],
      ['another origin', answer({ clientData: { origin: 'https://canvas.example.com.evil.test' } }), /another origin/],
      ['an unknown token binding', answer({ clientData: { tokenBinding: { status: 'maybe' } } }), /token binding/],
      ['another relying party', answer({ rpId: 'example.com' }), /another relying party/],
      ['no user presence', answer({ flags: UV }), /user not present/],
      ['no user verification', answer({ flags: UP }), /user not verified/],
      ['no credential', answer({ withCredential: false }), /no credential/],
      ['an algorithm not offered', answer({ alg: -35 }), /algorithm not offered/],
      ['backed up without backup eligibility', answer({ flags: UP | UV | BS }), /not backup eligible/],
    ];
    for (const [why, registration, reason] of refusals) await expect(verifyRegistration(registration, expected), why).rejects.toThrow(reason);
    const garbage = { ...answer(), response: { clientDataJSON: answer().response.clientDataJSON, attestationObject: 'v2Zvbw' } };
    await expect(verifyRegistration(garbage, expected)).rejects.toThrow();
  });
});
