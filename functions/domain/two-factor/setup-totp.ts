import type { TotpSetupResponse } from '../../../shared/contracts/mfa';
import { startTotpSetup } from '../../records/second-factors';
import { otpauthUrl } from '../../lib/totp';
import type { Session } from '../sessions/session';
import { requireUser } from './session-user';

/** A new secret for the authenticator app; TOTP stays off until a code from it enables it. */
export async function setupTotp(session: Session): Promise<TotpSetupResponse> {
  const user = await requireUser(session);
  const secret = await startTotpSetup(user.id);
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}
