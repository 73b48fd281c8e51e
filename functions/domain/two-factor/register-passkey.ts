import { type RegisterPasskeyRequest, type RegisterPasskeyResponse } from '../../../shared/contracts/passkeys';
import { now } from '../../lib/clock';
import { newId } from '../../lib/db/keys';
import { describeDevice } from '../accounts/devices';
import { fail } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { announceSignInMethodChange, type ChangeClient } from './notice';
import { issueRecoveryCodesIfNone } from './second-factors';
import { challengeOf, consumeChallenge } from './passkey-challenges';
import { refusalReason, relyingParty, supportedAlgorithmIds } from './relying-party';
import { addPasskey, listPasskeyItems, toPasskey, type PasskeyItem } from './passkeys';
import { verifyRegistration, type VerifiedRegistration } from './verify-registration';

/**
 * Verifies the browser's answer against a challenge this user was given (taken out of the
 * table: single use) and stores the passkey. Anything that does not verify — another
 * site's answer, a used or expired challenge, no user verification, garbage — is
 * PASSKEY_REGISTRATION_FAILED (96) and stores nothing. An attestation statement is not
 * read: the answer is verified as attestation `none` (verify-registration.ts).
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
    verified = await verifyRegistration(input.response, {
      challenge,
      origin: rp.origin,
      rpId: rp.id,
      algorithms: supportedAlgorithmIds,
    });
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
