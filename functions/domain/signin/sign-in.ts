import type { SigninRequest } from '../../../shared/contracts/auth';
import { hasSecondFactor } from '../../../shared/permissions';
import { throttledPasswordCheck } from '../../records/signin-throttle';
import { getLogin, userItemKey, type UserItem } from '../../records/users';
import { fail } from '../../lib/errors';
import { secondFactorMethodsOf } from '../two-factor/methods';
import { putPendingSignin } from '../../records/pending-signins';
import { verifyPassword } from '../../records/passwords';
import { newPendingSigninCookie } from '../sessions/signin-cookies';
import { completeSignin, counted, throttleClientOf, type SigninClient, type SigninResult } from './signin-completion';

/**
 * Signs a user in and starts a session whose current entity is the user's first one.
 * Throttled (functions/records/signin-throttle.ts): a client that guessed wrong too often
 * waits (TOO_MANY_REQUESTS, 80); a browser with this account's device cookie counts on its
 * own, so others' guesses never hold it up. An unknown e-mail and a wrong password take
 * the same path, scrypt included, and answer SIGNIN_FAILED (12); a right password on an
 * unconfirmed e-mail answers EMAIL_NOT_CONFIRMED (14). The answer carries the previous
 * lastLoginDate (null on the first sign-in, which opens the walkthrough). A sign-in from a
 * device the account has not used before e-mails the owner (functions/domain/accounts/devices.ts).
 *
 * With a second factor the right password starts no session: the answer is
 * `{mfaRequired: true, methods}` with a pending sign-in cookie, and the pending sign-in (5
 * minutes) waits under that cookie's nonce for POST /auth/signin/mfa
 * (signInWithSecondFactor) or the passkey second step from the same browser.
 */
export async function signIn(input: SigninRequest, client: SigninClient): Promise<SigninResult> {
  return counted(
    () => checkPassword(input, client),
    (result) => 'user' in result,
  );
}

async function checkPassword(input: SigninRequest, client: SigninClient): Promise<SigninResult> {
  // Known or not, the e-mail is looked up the same way; the device cookie counts only for its own account.
  const login = await getLogin(input.email);
  const found: { user?: UserItem } = {};
  // The user is read with the throttle counts, in their round trip (used only after a right password).
  const isMatch = await throttledPasswordCheck(
    input.email,
    throttleClientOf(client, login?.userId),
    async ([user]) => {
      if (!((await verifyPassword(input.password, login)) && login)) return false;
      found.user = user as UserItem | undefined;
      return true;
    },
    {
      alsoRead: login ? [userItemKey(login.userId)] : [],
      // A right password that leads to a second step clears no failure count (the sign-in is not done yet).
      isFinalStep: () => !(found.user?.isEmailConfirmed && hasSecondFactor(found.user)),
    },
  );
  const user = found.user;
  if (!isMatch || !login) throw fail('SIGNIN_FAILED');
  if (!user?.isEmailConfirmed) throw fail('EMAIL_NOT_CONFIRMED');
  if (hasSecondFactor(user)) {
    const { nonce, cookie } = newPendingSigninCookie();
    await putPendingSignin(nonce, user.id, input.remember === true);
    return { mfa: { mfaRequired: true, methods: secondFactorMethodsOf(user) }, cookies: [cookie] };
  }
  return completeSignin(user, { remember: input.remember === true }, client);
}
