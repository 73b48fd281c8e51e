import type { SecondFactorMethod } from '../../../shared/contracts/mfa';
import type { UserItem } from '../db/users';

/**
 * The ways a user can complete the second sign-in step (signin's `methods`): TOTP and its
 * recovery codes while TOTP is on; a passkey while the user keeps one (it completes the
 * sign-in by itself through POST /auth/passkey, being both factors).
 */
export function secondFactorMethodsOf(user: Pick<UserItem, 'totpEnabled' | 'passkeyCount'>): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (user.totpEnabled) methods.push('totp', 'recoveryCode');
  if ((user.passkeyCount ?? 0) > 0) methods.push('passkey');
  return methods;
}
