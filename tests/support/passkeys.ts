import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationCredential, Passkey, RegistrationCredential } from '../../shared/contracts/passkeys';
import type { ApiClient, ApiResponse } from './integration';

/**
 * A software WebAuthn authenticator for the integration tests: what a phone or a security
 * key does, in Node. It makes P-256 (ES256) passkeys, answers registration options with a
 * 'none' attestation (CBOR attestationObject, authenticator data with the credential's
 * COSE key) and signs assertions as a real authenticator does (ECDSA over authenticator
 * data ‖ SHA-256(clientDataJSON)), so the server's @simplewebauthn/server verifies them
 * for real. No library for this is kept up (the npm ones are years old), and the format
 * is short: WebAuthn level 2, §6.1 and §6.5.
 *
 * Options: `origin` the page the browser would be on; `userVerified` whether it reports
 * user verification (UV); `countsSignatures` false for an authenticator that keeps no
 * counter (always 0, as synced passkeys do).
 */
type StoredCredential = { id: string; privateKey: KeyObject; userHandle: string; rpId: string; counter: number };

/** What CBOR encodes (an attestation statement's values). */
export type CBORValue = Parameters<typeof isoCBOR.encode>[0];

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

const flags = { userPresent: 0x01, userVerified: 0x04, attestedCredentialData: 0x40 } as const;

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly options: { origin: string; userVerified?: boolean; countsSignatures?: boolean }) {}

  private flagByte(extra = 0): Buffer {
    return Buffer.from([flags.userPresent | (this.options.userVerified === false ? 0 : flags.userVerified) | extra]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.options.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /**
   * navigator.credentials.create() with these options; `origin` pretends another page,
   * `attestation` sends that format and statement instead of 'none' (an authenticator or
   * browser that attests although the options ask for none): 'self' is a real packed
   * self-attestation (the credential's own key signs authenticator data ‖ client data hash,
   * WebAuthn §8.2).
   */
  register(
    creation: CreationOptions,
    overrides: { origin?: string; challenge?: string; attestation?: 'self' | { fmt: string; attStmt: Map<string, CBORValue> } } = {},
  ): RegistrationCredential {
    const rpId = creation.rp.id ?? new URL(this.options.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credentialId = randomBytes(32);
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      this.flagByte(flags.attestedCredentialData),
      uint32(0),
      Buffer.alloc(16),
      credentialIdLength,
      credentialId,
      Buffer.from(coseKey),
    ]);
    const clientDataJSON = this.clientData('webauthn.create', overrides.challenge ?? creation.challenge, overrides.origin);
    const attestation =
      overrides.attestation === 'self'
        ? {
            fmt: 'packed',
            attStmt: new Map<string, CBORValue>([
              ['alg', -7],
              ['sig', new Uint8Array(sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey))],
            ]),
          }
        : (overrides.attestation ?? { fmt: 'none', attStmt: new Map<string, CBORValue>() });
    const attestationObject = isoCBOR.encode(
      new Map<string, CBORValue>([
        ['fmt', attestation.fmt],
        ['attStmt', attestation.attStmt],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const id = credentialId.toString('base64url');
    this.credentials.push({ id, privateKey, userHandle: creation.user.id, rpId, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() with these options, answered by a passkey of this authenticator (the last one by default). */
  authenticate(request: RequestOptions, overrides: { credentialId?: string; origin?: string; counter?: number } = {}): AuthenticationCredential {
    const credential = overrides.credentialId ? this.credentials.find((candidate) => candidate.id === overrides.credentialId) : this.credentials.at(-1);
    if (!credential) throw new Error('the soft authenticator holds no such passkey');
    if (this.options.countsSignatures !== false) credential.counter += 1;
    const counter = overrides.counter ?? (this.options.countsSignatures === false ? 0 : credential.counter);
    const authData = Buffer.concat([sha256(request.rpId ?? credential.rpId), this.flagByte(), uint32(counter)]);
    const clientDataJSON = this.clientData('webauthn.get', request.challenge, overrides.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}

/** The app URL the integration stack runs with (tests/support/integration.ts): the passkeys' origin. */
export const integrationOrigin = 'http://localhost:5173';

/** Registers a passkey of `authenticator` for the client's user through the API (options, then the answer). */
export async function addPasskey(client: ApiClient, authenticator: SoftAuthenticator, label = 'Laptop'): Promise<Passkey> {
  const options = await client.call<'registrationOptions', CreationOptions>('registrationOptions');
  if (options.status !== 200) throw new Error(`register/options: ${options.status} ${JSON.stringify(options.body)}`);
  const registered = await client.call<'registerPasskey', Passkey>('registerPasskey', { body: { label, response: authenticator.register(options.body) } });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return registered.body;
}

/** Asks for sign-in options and answers them with the authenticator: the assertion, not yet sent. */
export async function passkeyAssertion(
  client: ApiClient,
  authenticator: SoftAuthenticator,
  overrides: Parameters<SoftAuthenticator['authenticate']>[1] = {},
): Promise<AuthenticationCredential> {
  const options = await client.call<'authenticationOptions', RequestOptions>('authenticationOptions');
  if (options.status !== 200) throw new Error(`auth/passkey/options: ${options.status} ${JSON.stringify(options.body)}`);
  return authenticator.authenticate(options.body, overrides);
}

/** Signs in with a passkey of the authenticator (options, assertion, POST /api/auth/passkey). */
export async function signInWithPasskey<T = unknown>(
  client: ApiClient,
  authenticator: SoftAuthenticator,
  overrides: Parameters<SoftAuthenticator['authenticate']>[1] = {},
): Promise<ApiResponse<T>> {
  return client.call<'signInWithPasskey', T>('signInWithPasskey', { body: { response: await passkeyAssertion(client, authenticator, overrides) } });
}
