import type { TotpEnableResponse } from '../../../shared/contracts/mfa';
import { throttledPasswordCheck } from '../../records/signin-throttle';
import { AppError, fail } from '../../lib/errors';
import { announceSignInMethodChange, type ChangeClient } from '../accounts/notice';
import { enableTotp } from '../../records/second-factors';
import type { Session } from '../sessions/session';
import { requireUser } from './session-user';

/**
 * Turns TOTP on with a code from the new secret (throttled like sign-in); answers the 10
 * recovery codes once (they replace any the account had). The route needs a recent
 * re-authentication, as setup does; the change is announced by mail.
 */
export async function enableTotpWithCode(session: Session, code: string, client: ChangeClient): Promise<TotpEnableResponse> {
  const user = await requireUser(session);
  const result: { codes?: string[] } = {};
  const ok = await throttledPasswordCheck(user.email, client.clientAddress, async () => {
    try {
      result.codes = await enableTotp(user.id, code);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.errorName === 'MFA_CODE_INVALID') return false;
      throw error;
    }
  });
  if (!ok || !result.codes) throw fail('MFA_CODE_INVALID');
  await announceSignInMethodChange(user.id, { kind: 'totp-enabled' }, client);
  return { recoveryCodes: result.codes };
}
