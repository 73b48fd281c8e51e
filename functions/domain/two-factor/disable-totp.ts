import type { TotpDisableRequest } from '../../../shared/contracts/mfa';
import { throttledPasswordCheck } from '../../records/signin-throttle';
import { fail } from '../../lib/errors';
import { enforcePolicyAfterFactorRemoved } from './enforce-policy';
import { announceSignInMethodChange, type ChangeClient } from '../accounts/notice';
import { consumeSecondFactor, removeTotp } from '../../records/second-factors';
import type { Session } from '../sessions/session';
import { requireUser } from './session-user';

/**
 * Turns TOTP off (the route needs a recent re-authentication too) with a current code or a
 * recovery code. The recovery codes stay while the account keeps a passkey. Without another
 * second factor, sessions whose current entity is a company that requires one lose it: the
 * policy holds from the next request on. The change is announced by mail.
 */
export async function disableTotp(session: Session, input: TotpDisableRequest, client: ChangeClient): Promise<void> {
  const user = await requireUser(session);
  if (!user.totpEnabled) throw fail('TWO_FACTOR_STATE_CONFLICT');
  const ok = await throttledPasswordCheck(user.email, client.clientAddress, () => consumeSecondFactor(user.id, input));
  if (!ok) throw fail('MFA_CODE_INVALID');
  await removeTotp(user.id, { keepRecoveryCodes: (user.passkeyCount ?? 0) > 0 });
  await enforcePolicyAfterFactorRemoved(user.id);
  await announceSignInMethodChange(user.id, { kind: 'totp-disabled' }, client);
}
