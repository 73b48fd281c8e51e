import type { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { SigninResponse } from '../../../shared/contracts/auth';
import type { PasskeySigninRequest } from '../../../shared/contracts/passkeys';
import { countedSignin, finishPendingSignin, requirePendingSignin, startSigninSession, type CompletedSignin, type SigninClient } from './signin-completion';
import { now } from '../../lib/clock';
import { fail } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { getPendingSignin } from '../../records/pending-signins';
import { challengeOf, signinChallengeExpiry, spendSigninChallenge } from '../../records/passkey-challenges';
import { refusalReason, relyingParty } from '../../lib/relying-party';
import { listPasskeyItems, recordPasskeyUse } from '../../records/passkeys';
import { passkeySigninLimits, takeAllowance } from '../two-factor/passkey-signin-limits';
import { heldFactorsOf } from '../../records/factor-recoveries';

/** The user id a discoverable passkey carries as its user handle (base64url of the id's text). */
function userIdOf(userHandle: string | undefined): string | undefined {
  if (!userHandle) return undefined;
  const userId = Buffer.from(userHandle, 'base64url').toString('utf8');
  return /^[A-Za-z0-9_-]{1,64}$/.test(userId) ? userId : undefined;
}

/**
 * Verifies a passkey's answer and signs its user in. Whatever does not hold — an unknown,
 * removed or other site's passkey, a wrong signature, a used or expired challenge, a
 * signature counter that did not move on — is PASSKEY_NOT_RECOGNISED (95), the same answer
 * for each, and starts no session.
 *
 * As the second step of a password sign-in (`secondStep`) it belongs to the browser that
 * passed the password, like the code step: without its pending sign-in cookie
 * MFA_SIGNIN_NOT_STARTED (89), with an expired one MFA_SIGNIN_EXPIRED (91), and a passkey
 * of another account than the password's is 89 too. It then uses the pending sign-in up
 * ("keep me signed in" included) and clears its cookie.
 */
export async function signInWithPasskey(input: PasskeySigninRequest, client: SigninClient): Promise<CompletedSignin & { user: SigninResponse }> {
  return countedSignin(async () => {
    await takeAllowance('ATTEMPT', client.clientAddress, passkeySigninLimits.attemptsPerClient);
    // The pending sign-in is checked before the challenge is spent; its account after the passkey names one.
    if (input.secondStep) {
      if (!client.pendingNonce) throw fail('MFA_SIGNIN_NOT_STARTED');
      if (!(await getPendingSignin(client.pendingNonce))) throw fail('MFA_SIGNIN_EXPIRED');
    }
    const credential = input.response;
    const challenge = challengeOf(credential.response.clientDataJSON);
    // One this server made, unexpired (checked without a read); spent once the answer verified.
    const challengeExpiresAt = challenge ? await signinChallengeExpiry(challenge) : undefined;
    if (!challenge || challengeExpiresAt === undefined) throw fail('PASSKEY_NOT_RECOGNISED');
    const userId = userIdOf(credential.response.userHandle);
    const passkey = userId ? (await listPasskeyItems(userId)).find((item) => item.credentialId === credential.id) : undefined;
    // A passkey "This was not me" reported is held until its removal or a cancel.
    if (!passkey || (await heldFactorsOf(passkey.userId)).passkeyIds?.includes(passkey.id)) throw fail('PASSKEY_NOT_RECOGNISED');
    const rp = relyingParty();
    let newCounter: number;
    try {
      const webauthn = await import('../two-factor/webauthn');
      const verification = await webauthn.verifyAuthenticationResponse({
        response: credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.signCount,
          transports: passkey.transports as never,
        },
      });
      if (!verification.verified) throw new Error('not verified');
      newCounter = verification.authenticationInfo.newCounter;
    } catch (error) {
      // Malformed, mismatched, or a counter that went back (a cloned authenticator).
      logger.info('passkey sign-in refused', { passkeyId: passkey.id, reason: refusalReason(error) });
      throw fail('PASSKEY_NOT_RECOGNISED');
    }
    // A replayed answer, or a second one sent at once, finds the challenge spent.
    if (!(await spendSigninChallenge(challenge, challengeExpiresAt))) throw fail('PASSKEY_NOT_RECOGNISED');
    if (!(await recordPasskeyUse(passkey, newCounter, now().toISOString()))) throw fail('PASSKEY_NOT_RECOGNISED');
    if (input.secondStep) return finishPendingSignin(await requirePendingSignin(client, passkey.userId), client);
    return startSigninSession(passkey.userId, client, { remember: false });
  });
}
