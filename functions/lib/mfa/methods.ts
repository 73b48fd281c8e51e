import type { SecondFactorMethod } from '../../../shared/contracts/mfa';
import type { UserItem } from '../db/users';

/**
 * The ways a user can complete the second sign-in step (signin's `methods`): TOTP and its
 * recovery codes while TOTP is on. The passkey work adds 'passkey' here when passkeyCount > 0.
 */
export function secondFactorMethodsOf(user: Pick<UserItem, 'totpEnabled' | 'passkeyCount'>): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (user.totpEnabled) methods.push('totp', 'recoveryCode');
  return methods;
}
