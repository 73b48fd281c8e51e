import type { TotpDisableRequest, TotpEnableResponse, TotpSetupResponse, TwoFactorStatus } from '../../shared/contracts/mfa';
import { hasSecondFactor } from '../../shared/permissions';
import { throttledPasswordCheck } from '../lib/db/signin-throttle';
import { listMembershipsOfUser } from '../domain/members/members';
import { getUser, type UserItem } from '../lib/db/users';
import { AppError, fail } from '../lib/errors';
import { enforcePolicyAfterFactorRemoved } from '../lib/mfa/enforce';
import { announceSignInMethodChange, type ChangeClient } from '../lib/mfa/notice';
import { splitByTwoFactorPolicy } from '../lib/mfa/policy';
import { consumeSecondFactor, enableTotp, removeTotp, startTotpSetup, totpStatus } from '../lib/mfa/store';
import { otpauthUrl } from '../lib/mfa/totp';
import type { Session } from '../domain/sessions/session';

async function requireUser(session: Session): Promise<UserItem> {
  const user = await getUser(session.userId);
  if (!user) throw fail('SESSION_EXPIRED');
  return user;
}

/** The caller's second factors and the companies whose policy requires one (Security tab). */
export async function getTwoFactorStatus(session: Session): Promise<TwoFactorStatus> {
  const user = await requireUser(session);
  const [totp, memberships] = await Promise.all([totpStatus(user.id), listMembershipsOfUser(user.id)]);
  // Which companies require it, whether or not the user has a factor now: split as if without one.
  const { blocked } = await splitByTwoFactorPolicy({}, memberships);
  return {
    totpEnabled: totp.enabled,
    recoveryCodesLeft: totp.recoveryCodesLeft,
    passkeyCount: user.passkeyCount ?? 0,
    hasSecondFactor: hasSecondFactor(user),
    requiredBy: blocked.map(({ entity }) => ({ entityId: entity.id, entityName: entity.entityName })),
  };
}

/** A new secret for the authenticator app; TOTP stays off until a code from it enables it. */
export async function setupTotp(session: Session): Promise<TotpSetupResponse> {
  const user = await requireUser(session);
  const secret = await startTotpSetup(user.id);
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

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
