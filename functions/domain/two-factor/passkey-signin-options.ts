import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { newSigninChallenge } from '../../records/passkey-challenges';
import { ceremonyTimeoutMs, relyingParty } from '../../lib/relying-party';
import { passkeySigninLimits, takeAllowance } from './passkey-signin-limits';

export async function authenticationOptions(clientAddress: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await takeAllowance('OPTIONS', clientAddress, passkeySigninLimits.optionsPerClient);
  const rp = relyingParty();
  // No allowCredentials: the browser offers whichever of the user's passkeys fit this site.
  const webauthn = await import('./webauthn');
  // A signed challenge: asking stores nothing (functions/records/passkey-challenges.ts).
  return webauthn.generateAuthenticationOptions({
    rpID: rp.id,
    timeout: ceremonyTimeoutMs,
    userVerification: 'required',
    challenge: await newSigninChallenge(),
  });
}
