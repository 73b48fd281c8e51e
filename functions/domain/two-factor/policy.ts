import { EntityType } from '../../../shared/enums';
import { twoFactorPolicyRefusal } from '../../../shared/permissions';
import { getEntities, type EntityItem } from '../../records/entities';
import type { MemberItem } from '../../records/members';
import type { UserItem } from '../../records/users';

/**
 * The advisor-company two-factor policy applied to a user's memberships (the rule itself is
 * twoFactorPolicyRefusal in shared/permissions.ts): which active memberships the user may
 * open now, and which companies wait for a second factor. One BatchGet of the advisor
 * companies (families have no such policy), unless the caller read the entities already
 * (`entities`: the sign-in reads every entity of the user for the session's names).
 */
export async function splitByTwoFactorPolicy(
  user: Pick<UserItem, 'totpEnabled' | 'passkeyCount'>,
  memberships: readonly MemberItem[],
  entities?: ReadonlyMap<number, EntityItem>,
): Promise<{ open: MemberItem[]; blocked: Array<{ member: MemberItem; entity: EntityItem }> }> {
  const companyIds = memberships.filter((member) => member.entityTypeId === EntityType.AdvisorCompany).map((member) => member.entityId);
  const companies = entities ?? (companyIds.length ? await getEntities(companyIds) : new Map<number, EntityItem>());
  const open: MemberItem[] = [];
  const blocked: Array<{ member: MemberItem; entity: EntityItem }> = [];
  for (const member of memberships) {
    const entity = companies.get(member.entityId);
    if (entity && twoFactorPolicyRefusal(entity, user)) blocked.push({ member, entity });
    else open.push(member);
  }
  return { open, blocked };
}
