import type { InviteEntityOptionsResponse } from '../../../shared/contracts/work-relations';
import { isAdmin, workRelationInvitationSides, type WorkRelationInvitationKind } from '../../../shared/permissions';
import { getEntitiesWithItems } from '../../records/entities';
import { keys } from '../../lib/db/keys';
import { listMembershipsOfUser } from '../../records/members';
import type { Session } from '../sessions/session';

/**
 * The caller's entities that can accept a work-relation invitation, for the select pages
 * (docs/product/invitations.md#select-pages): those of the invited type that the
 * caller owns or administers, each telling whether it already works with the inviting
 * entity (accepting with it would answer 30). The path's `{x}` is the inviting entity's id,
 * which the landing page's answer carries (`entityId`): no token travels in a URL path,
 * and the answer only tells the caller about their own entities. Whatever the id names
 * (nothing, an entity of the other type, an entity the caller has nothing to do with) the
 * answer is the same list, so the route cannot be used to probe which ids exist; only a
 * relation of the caller's own entity with that id shows (isAlreadyRelated). One Query of
 * the caller's memberships, one BatchGet of the entities and the relation items.
 */
export async function listEntitiesForInvite(session: Session, kind: WorkRelationInvitationKind, inviterId: number): Promise<InviteEntityOptionsResponse> {
  const sides = workRelationInvitationSides[kind];
  const candidates = (await listMembershipsOfUser(session.userId)).filter((member) => member.entityTypeId === sides.invitee && isAdmin(member));
  const relationKey = (entityId: number) => (kind === 'family' ? keys.workRelation(entityId, inviterId) : keys.workRelation(inviterId, entityId));
  const { entities, others } = await getEntitiesWithItems(
    candidates.map((member) => member.entityId),
    candidates.map((member) => relationKey(member.entityId)),
  );
  const related = new Set(others.filter((item) => item.type === 'WorkRelation').map((item) => Number(kind === 'family' ? item.familyId : item.advisorId)));
  return candidates.flatMap((member) => {
    const entity = entities.get(member.entityId);
    return entity
      ? [
          {
            id: entity.id,
            entityName: entity.entityName,
            entityTypeId: entity.entityTypeId,
            canvasName: entity.canvasName ?? null,
            isAlreadyRelated: related.has(entity.id),
          },
        ]
      : [];
  });
}
