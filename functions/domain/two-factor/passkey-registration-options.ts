import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { maxPasskeysPerUser } from '../../../shared/contract-limits';
import { getUser, fullName } from '../../records/users';
import { fail } from '../../lib/errors';
import { storeChallenge } from '../../records/passkey-challenges';
import { ceremonyTimeoutMs, relyingParty, supportedAlgorithmIds } from '../../lib/relying-party';
import { listPasskeyItems } from '../../records/passkeys';

/**
 * Registering a passkey from the profile. The options ask for a discoverable credential
 * (the passkey names its account, so sign-in needs no e-mail) with user verification
 * (PIN or biometrics: with it the passkey is two factors on its own) and no attestation
 * (we trust no authenticator maker's certificate, and ask for none). The user's id is the
 * WebAuthn user handle: random, no personal data.
 */
export async function registrationOptions(userId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const [user, existing] = await Promise.all([getUser(userId), listPasskeyItems(userId)]);
  if (!user) throw fail('UNAUTHORIZED');
  if (existing.length >= maxPasskeysPerUser) throw fail('PASSKEY_LIMIT_REACHED');
  const rp = relyingParty();
  const webauthn = await import('./webauthn');
  const options = await webauthn.generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: fullName(user),
    userID: new TextEncoder().encode(userId),
    timeout: ceremonyTimeoutMs,
    attestationType: 'none',
    // The same authenticator twice is refused by the browser itself.
    excludeCredentials: existing.map((item) => ({ id: item.credentialId, transports: item.transports as never })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: supportedAlgorithmIds,
  });
  await storeChallenge(options.challenge, 'register', userId);
  return options;
}
