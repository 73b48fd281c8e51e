import type { OwnersResponse } from '../../../shared/contracts/members';
import { requireCurrentMembership, requirePermission } from '../access/memberships';
import type { Session } from '../sessions/session';
import { ownersOf } from './member-views';

/** The active owners of the current entity (ReadMember), by name, with contact data as the policy allows. */
export async function listOwners(session: Session): Promise<OwnersResponse> {
  const membership = requireCurrentMembership(session);
  requirePermission(membership, 'ReadMember');
  const viewer = { userId: session.userId, membership };
  return ownersOf(membership.entityId, viewer);
}
