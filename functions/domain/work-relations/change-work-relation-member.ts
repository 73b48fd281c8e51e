import type { AdvisorMember } from '../../../shared/contracts/work-relations';
import { WorkRelationRole, type WorkRelationRoleId } from '../../../shared/enums';
import { canReadRelatedSensitiveData, isAdmin, workRelationRightsRefusal } from '../../../shared/permissions';
import { getEntity } from '../../records/entities';
import { getUser } from '../../records/users';
import { runSteps } from '../canvas/context';
import { putNewWorkRelationMemberItem, putWorkRelationMemberItem } from '../../records/work-relation-members';
import { advisorEntry, resolveActor } from '../../records/journal-recording';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import type { Session } from '../sessions/session';
import { findAdvisorOfFamily, toAdvisorMember } from './advisors';
import { unassignUnseen } from '../canvas/unassign-unseen';

export type WorkRelationMemberChange = 'add' | 'update' | 'remove';

/**
 * Sets an advisor's canvas role for a family (docs/product/work-relations.md#screens Advisors tab, edit and add
 * rights modals; docs/product/work-relations.md#permissions canEditWorkRelationMembers). The family decides: the caller acts for
 * the family (`familyId` must be their current entity, else 4) as its owner or admin
 * (else 8). The advisor works for a company of the family (else 4); an owner or admin of
 * that company always has full access and is not edited (8).
 * - add: the advisor has no access yet (no role, or 'none'); else ITEM_FOUND (9);
 * - update: sets the role, whatever it was;
 * - remove: takes the advisor's access away, by storing the role 'none' (without a stored
 *   role the default role would apply); the advisor then shows among those to add.
 * Answers the advisor with the new role.
 */
export async function changeWorkRelationMember(
  session: Session,
  change: WorkRelationMemberChange,
  input: { familyId: number; memberId: string; workRelationRoleId?: WorkRelationRoleId; advisorCompanyId?: number },
): Promise<AdvisorMember> {
  const membership = requireCurrentMembership(session);
  if (membership.entityId !== input.familyId) throw fail('ITEM_NOT_FOUND');
  const refusal = workRelationRightsRefusal(membership, 'members');
  if (refusal) throw fail(refusal);
  const advisor = await findAdvisorOfFamily(input.familyId, input.memberId, input.advisorCompanyId);
  if (isAdmin(advisor.member)) throw fail('FORBIDDEN', { message: 'Owners and admins of an advisor company always have full access.' });
  const workRelationRoleId = change === 'remove' ? WorkRelationRole.None : (input.workRelationRoleId ?? advisor.workRelationRoleId);
  const companyId = advisor.member.entityId;
  const [user, company] = await Promise.all([getUser(input.memberId), getEntity(companyId)]);
  if (!user || !company) throw fail('ITEM_NOT_FOUND');
  const op =
    change === 'add'
      ? putNewWorkRelationMemberItem(input.familyId, companyId, input.memberId, workRelationRoleId)
      : putWorkRelationMemberItem(input.familyId, companyId, input.memberId, workRelationRoleId);
  const action = change === 'add' ? 'advisorAdded' : change === 'remove' ? 'advisorRemoved' : 'advisorChanged';
  await runSteps([{ op, onConditionFailed: () => fail('ITEM_FOUND', { message: 'The advisor already has canvas rights for this family.' }) }], {
    familyId: input.familyId,
    actor: () => resolveActor(session),
    entries: [
      advisorEntry(action, {
        advisorId: companyId,
        userId: input.memberId,
        name: `${user.firstName} ${user.lastName}`,
        before: advisor.storedRoleId ?? null,
        after: workRelationRoleId,
      }),
    ],
  });
  // An advisor given no access gives back their open action points here.
  if (workRelationRoleId === WorkRelationRole.None) await unassignUnseen(input.familyId, () => resolveActor(session), new Set([input.memberId]));
  // The family looks at another organisation's people: sensitive data as the policy allows.
  const viewer = {
    userId: session.userId,
    membership,
    related: { canReadSensitiveData: canReadRelatedSensitiveData({ kind: 'advisorOfFamily', membership }) },
  };
  return toAdvisorMember(advisor.member, user, company.entityName, workRelationRoleId, viewer);
}
