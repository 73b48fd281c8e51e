import type { verifyRegistrationResponse } from '@simplewebauthn/server';
import { type RegisterPasskeyRequest, type RegisterPasskeyResponse } from '../../../shared/contracts/passkeys';
import { now } from '../../lib/clock';
import { newId } from '../../lib/db/keys';
import { describeDevice } from '../accounts/devices';
import { fail } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { announceSignInMethodChange, type ChangeClient } from '../accounts/notice';
import { issueRecoveryCodesIfNone } from '../../records/second-factors';
import { challengeOf, consumeChallenge } from '../../records/passkey-challenges';
import { refusalReason, relyingParty, supportedAlgorithmIds } from '../../lib/relying-party';
import { addPasskey, listPasskeyItems, toPasskey, type PasskeyItem } from '../../records/passkeys';

/** A passkey as its registration made it: the credential, its COSE public key, its counter, whether it is backed up (synced). */
type VerifiedRegistration = { credentialId: string; publicKey: Uint8Array; counter: number; backedUp: boolean };

/**
 * Verifies the browser's answer against a challenge this user was given (taken out of the
 * table: single use) and stores the passkey. Anything that does not verify — another
 * site's answer, a used or expired challenge, no user verification, garbage — is
 * PASSKEY_REGISTRATION_FAILED (96) and stores nothing. @simplewebauthn/server's
 * verifyRegistrationResponse checks it: the options ask for attestation `none`, so a
 * browser sends `none`; a statement that arrives anyway is verified by the library as its
 * format says, and one that does not verify refuses the registration.
 *
 * A passkey is a sign-in method of its own (both factors), and once the account has one,
 * the password sign-in asks for a second factor (the passkey, or a recovery code). So an
 * account without recovery codes gets them now, answered once with the passkey: whoever
 * loses the device still has a way in. The change is announced by mail.
 */
export async function registerPasskey(userId: string, input: RegisterPasskeyRequest, client: ChangeClient): Promise<RegisterPasskeyResponse> {
  const userAgent = client.userAgent;
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(challenge, 'register', userId))) throw fail('PASSKEY_REGISTRATION_FAILED');
  const rp = relyingParty();
  let verified: VerifiedRegistration;
  try {
    const webauthn = await import('./webauthn');
    const verification = await webauthn.verifyRegistrationResponse({
      response: input.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: supportedAlgorithmIds,
    });
    if (!verification.verified) throw new Error('not verified');
    const { credential, credentialBackedUp } = verification.registrationInfo;
    verified = { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter, backedUp: credentialBackedUp };
  } catch (error) {
    // Anything malformed or mismatched: the client's fault, never ours.
    logger.info('passkey registration refused', { reason: refusalReason(error) });
    throw fail('PASSKEY_REGISTRATION_FAILED');
  }
  const existing = await listPasskeyItems(userId);
  if (existing.some((item) => item.credentialId === verified.credentialId)) throw fail('PASSKEY_REGISTRATION_FAILED');
  const item: PasskeyItem = {
    type: 'Passkey',
    id: newId(),
    userId,
    credentialId: verified.credentialId,
    publicKey: Buffer.from(verified.publicKey).toString('base64url'),
    signCount: verified.counter,
    transports: input.response.response.transports ?? [],
    label: input.label,
    device: userAgent ? describeDevice(userAgent) : null,
    backedUp: verified.backedUp,
    createdAt: now().toISOString(),
    lastUsedAt: null,
  };
  await addPasskey(item);
  const recoveryCodes = await issueRecoveryCodesIfNone(userId);
  await announceSignInMethodChange(
    userId,
    { kind: 'passkey-added', passkeyId: item.id, label: item.label, recoveryCodesIssued: recoveryCodes !== undefined },
    client,
  );
  return { ...toPasskey(item), ...(recoveryCodes ? { recoveryCodes } : {}) };
}
