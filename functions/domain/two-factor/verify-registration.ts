import {
  cose,
  decodeAttestationObject,
  decodeClientDataJSON,
  decodeCredentialPublicKey,
  isoBase64URL,
  isoUint8Array,
  parseAuthenticatorData,
  toHash,
} from '@simplewebauthn/server/helpers';
import type { RegistrationCredential } from '../../../shared/contracts/passkeys';

/** A passkey as its registration made it: the credential, its COSE public key, its counter, whether it is backed up (synced). */
export type VerifiedRegistration = { credentialId: string; publicKey: Uint8Array; counter: number; backedUp: boolean };

export type ExpectedRegistration = { challenge: string; origin: string; rpId: string; algorithms: readonly number[] };

/** Why an answer is refused, for the log (relying-party.ts refusalReason): never a value the client sent. */
function refused(reason: string): Error {
  return new Error(`Registration refused: ${reason}`);
}

/**
 * Verifies the browser's answer to registration options as attestation `none`: the steps of
 * WebAuthn's "Registering a New Credential" (level 3, §7.1) for a relying party that asks
 * for no attestation, on @simplewebauthn/server's own parsers (client data, attestation
 * object, authenticator data, COSE key). It checks the ceremony (`webauthn.create`), the
 * challenge, the origin, the relying party's id hash, user presence and user verification,
 * that the authenticator data carries a credential with a public key of an offered
 * algorithm, and the backup flags.
 *
 * The attestation statement (`fmt`, `attStmt`) is not read, whatever it is: the options ask
 * for none and the product trusts no authenticator maker's certificate
 * (docs/product/sessions-and-sign-in.md, Passkeys), and a browser may replace it by `none`
 * itself (§5.4.7). This is what the library's verifyRegistrationResponse does for `none`;
 * using it would carry every attestation format's verifier and its certificate code into the
 * passkeys bundle (README, "Lambda bundles"; shared/routes/passkeys.ts `aliases`).
 *
 * Throws on anything that does not hold; the caller refuses the registration.
 */
export async function verifyRegistration(answer: RegistrationCredential, expected: ExpectedRegistration): Promise<VerifiedRegistration> {
  if (!answer.id || answer.id !== answer.rawId) throw refused('credential id and raw id differ');
  if (answer.type !== 'public-key') throw refused('not a public-key credential');
  const clientData = decodeClientDataJSON(answer.response.clientDataJSON);
  if (clientData.type !== 'webauthn.create') throw refused('not a registration ceremony');
  if (clientData.challenge !== expected.challenge) throw refused('another challenge');
  if (clientData.origin !== expected.origin) throw refused('another origin');
  if (clientData.tokenBinding && !['present', 'supported', 'not-supported'].includes(clientData.tokenBinding.status))
    throw refused('unknown token binding status');

  const attestation = decodeAttestationObject(isoBase64URL.toBuffer(answer.response.attestationObject));
  const authData = attestation instanceof Map ? attestation.get('authData') : undefined;
  if (!(authData instanceof Uint8Array)) throw refused('no authenticator data');
  const { rpIdHash, flags, counter, aaguid, credentialID, credentialPublicKey } = parseAuthenticatorData(new Uint8Array(authData));
  if (!isoUint8Array.areEqual(rpIdHash, await toHash(isoUint8Array.fromASCIIString(expected.rpId)))) throw refused('another relying party');
  if (!flags.up) throw refused('user not present');
  if (!flags.uv) throw refused('user not verified');
  if (!credentialID || !credentialPublicKey || !aaguid) throw refused('no credential in the authenticator data');
  const algorithm = decodeCredentialPublicKey(credentialPublicKey).get(cose.COSEKEYS.alg);
  if (typeof algorithm !== 'number' || !expected.algorithms.includes(algorithm)) throw refused('public key algorithm not offered');
  // Backed up (synced) implies backup-eligible (§6.1, BE and BS).
  if (flags.bs && !flags.be) throw refused('backed up but not backup eligible');
  return { credentialId: Buffer.from(credentialID).toString('base64url'), publicKey: credentialPublicKey, counter, backedUp: flags.bs };
}
