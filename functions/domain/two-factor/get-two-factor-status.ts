import type { TwoFactorStatus } from '../../../shared/contracts/mfa';
import { hasSecondFactor } from '../../../shared/permissions';
import { listMembershipsOfUser } from '../../records/members';
import { splitByTwoFactorPolicy } from './policy';
import { totpStatus } from '../../records/second-factors';
import type { Session } from '../sessions/session';
import { requireUser } from './session-user';

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
