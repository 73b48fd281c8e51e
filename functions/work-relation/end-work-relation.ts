import { workRelationEndRefusal } from '../../shared/permissions';
import { fail } from '../lib/errors';
import { resolveActor } from '../domain/journal/journal';
import { requireCurrentMembership } from '../domain/members/memberships';
import type { Session } from '../domain/sessions/session';
import { endWorkRelation, relationSides } from '../lib/work-relations/end-relation';

/**
 * DELETE /api/work-relation/{entityId}: the caller's current entity ends its work relation
 * with `entityId`, the other side — a family ends it with an advisor company, an advisor
 * company leaves a family. Owners, admins and holders of RemoveWorkRelation (else
 * FORBIDDEN, 8); no relation between the two → ITEM_NOT_FOUND (4). The ending itself is
 * functions/lib/work-relations/end-relation.ts, shared with the access-expiry job.
 */
export async function endWorkRelationWith(session: Session, otherEntityId: number): Promise<void> {
  const current = requireCurrentMembership(session);
  const refusal = workRelationEndRefusal(current);
  if (refusal) throw fail(refusal);
  const { familyId, advisorId, by } = relationSides(current, otherEntityId);
  await endWorkRelation({ familyId, advisorId, cause: { by, userId: session.userId }, actor: () => resolveActor(session) });
}
