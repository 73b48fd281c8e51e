import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { storeChallenge } from './passkey-challenges';
import { ceremonyTimeoutMs, relyingParty } from './relying-party';
import { passkeySigninLimits, takeAllowance } from './passkey-signin-limits';

export async function authenticationOptions(clientAddress: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await takeAllowance('OPTIONS', clientAddress, passkeySigninLimits.optionsPerClient);
  const rp = relyingParty();
  // No allowCredentials: the browser offers whichever of the user's passkeys fit this site.
  const webauthn = await import('./webauthn');
  const options = await webauthn.generateAuthenticationOptions({ rpID: rp.id, timeout: ceremonyTimeoutMs, userVerification: 'required' });
  await storeChallenge(options.challenge, 'signin', null);
  return options;
}
