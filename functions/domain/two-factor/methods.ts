import type { SecondFactorMethod } from '../../../shared/contracts/mfa';
import type { UserItem } from '../../records/users';

/**
 * The ways a user can complete the second sign-in step (signin's `methods`): TOTP while it
 * is on; a passkey while the user keeps one (it completes the sign-in by itself through
 * POST /auth/passkey, being both factors); and the recovery codes, which every account
 * with a second factor holds (TOTP's, or those handed out with the first passkey).
 */
export function secondFactorMethodsOf(user: Pick<UserItem, 'totpEnabled' | 'passkeyCount'>): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  const hasPasskey = (user.passkeyCount ?? 0) > 0;
  if (user.totpEnabled) methods.push('totp');
  if (user.totpEnabled || hasPasskey) methods.push('recoveryCode');
  if (hasPasskey) methods.push('passkey');
  return methods;
}
