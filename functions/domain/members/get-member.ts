import type { EntityMember } from '../../../shared/contracts/members';
import { getEntity } from '../../records/entities';
import { getMember as readMember } from '../../records/members';
import { getUser } from '../../records/users';
import { fail } from '../../lib/errors';
import { requireCurrentMembership, requirePermission } from '../access/memberships';
import type { Session } from '../sessions/session';
import { toEntityMember } from './member-views';

/** One member of the current entity (ReadMember), for the member modal. A member of any other entity: ITEM_NOT_FOUND (4). */
export async function getMember(session: Session, memberId: string): Promise<EntityMember> {
  const membership = requireCurrentMembership(session);
  requirePermission(membership, 'ReadMember');
  return readMemberView(session.userId, membership, memberId);
}

/** The member row of `memberId` in the viewer's current entity, or ITEM_NOT_FOUND (4). */
export async function readMemberView(viewerUserId: string, membership: NonNullable<Session['membership']>, memberId: string): Promise<EntityMember> {
  const [member, entity, user] = await Promise.all([readMember(membership.entityId, memberId), getEntity(membership.entityId), getUser(memberId)]);
  if (!member || !entity || !user) throw fail('ITEM_NOT_FOUND');
  return toEntityMember(member, user, entity.entityName, { userId: viewerUserId, membership });
}
