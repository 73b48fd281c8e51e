import type { SigninMfaRequest } from '../../../shared/contracts/mfa';
import { throttledPasswordCheck } from '../../records/signin-throttle';
import { getLogin } from '../../records/users';
import { fail } from '../../lib/errors';
import { consumeSecondFactor } from '../../records/second-factors';
import { countWrongCode, type PendingSignin } from '../../records/pending-signins';
import { counted, finishPendingSignin, requirePendingSignin, throttleClientOf, type CompletedSignin, type SigninClient } from './signin-completion';
import { announceSignInMethodChange } from '../accounts/notice';
import { heldFactorsOf } from '../../records/factor-recoveries';

/**
 * The second step: a TOTP code or a recovery code within 5 minutes of the password step,
 * from the browser that passed it (its pending sign-in cookie; see requirePendingSignin).
 * A wrong code counts on the throttle like a wrong password and on the pending sign-in:
 * the 5th ends it (pendingSigninMaxWrongCodes). A wrong, replayed or used code:
 * MFA_CODE_INVALID (90). Answers what signin answers, and clears the pending cookie. A
 * recovery code works once: its use is announced like every change of a sign-in method.
 */
export async function signInWithSecondFactor(input: SigninMfaRequest, client: SigninClient): Promise<CompletedSignin> {
  const completed = await counted(
    async () => {
      if (!client.pendingNonce) throw fail('MFA_SIGNIN_NOT_STARTED');
      const login = await getLogin(input.email);
      const found: { pending?: PendingSignin & { nonce: string } } = {};
      // A client that must wait hears 80 before anything else; the pending sign-in is read inside the throttle.
      const isMatch = await throttledPasswordCheck(input.email, throttleClientOf(client, login?.userId), async () => {
        found.pending = await requirePendingSignin(client, login?.userId);
        // An authenticator app "This was not me" reported is held until its removal or a cancel: its codes count as wrong.
        if (input.code !== undefined && (await heldFactorsOf(found.pending.userId)).totp) return false;
        return consumeSecondFactor(found.pending.userId, input);
      });
      const pending = found.pending;
      if (!pending) throw fail('MFA_SIGNIN_EXPIRED');
      if (!isMatch) {
        await countWrongCode(pending.nonce);
        throw fail('MFA_CODE_INVALID');
      }
      return finishPendingSignin(pending, client);
    },
    () => true,
  );
  if (input.recoveryCode !== undefined) await announceSignInMethodChange(completed.user.id, { kind: 'recovery-code-used' }, client);
  return completed;
}
