import type { CanvasUsersResponse } from '../../shared/contracts/members';
import { canReadCanvas } from '../../shared/permissions';
import { listMembersOfEntity } from '../lib/db/members';
import { getUsers } from '../lib/db/users';
import { fail } from '../lib/errors';
import { requireMembershipIn } from '../lib/memberships';
import type { Session } from '../lib/session';

/**
 * The people who work on a family's canvas: its active members (advisors with access
 * join with the work-relations issue). Only for someone who may read that canvas; any
 * other entity, or a company (no canvas), answers ITEM_NOT_FOUND (4).
 */
export async function listCanvasUsers(session: Session, entityId: number): Promise<CanvasUsersResponse> {
  const membership = await requireMembershipIn(session, entityId);
  if (!canReadCanvas({ kind: 'own', membership })) throw fail('ITEM_NOT_FOUND');
  const members = (await listMembersOfEntity(entityId)).filter((member) => member.isActive);
  const users = await getUsers(members.map((member) => member.userId));
  return members.flatMap((member) => {
    const user = users.get(member.userId);
    return user ? [{ userId: user.id, firstName: user.firstName, lastName: user.lastName, entityType: member.entityTypeId }] : [];
  });
}
