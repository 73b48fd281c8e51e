import { EntityType } from '../../../shared/enums';
import { effectiveWorkRelationRoleId, isWorkRelationAccessOpen, type Membership, type RelationView } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import type { EntityItem } from '../../records/entities';
import { fail } from '../../lib/errors';
import { requireCurrentMembership } from '../access/memberships';
import type { Session } from '../sessions/session';
import { accessDayOf } from '../access/access-until';
import { readRelation, type WorkRelationItem } from '../../records/work-relations';

/** An entity the caller looks at, and how they relate to it (shared/permissions.ts decides what that allows). */
export type RelatedEntity = { entity: EntityItem; view: RelationView; workRelation?: WorkRelationItem };

function plainMembership(membership: NonNullable<Session['membership']>): Membership {
  return { entityId: membership.entityId, entityTypeId: membership.entityTypeId, entityRoleId: membership.entityRoleId, permissions: membership.permissions };
}

/**
 * How the caller, acting for their current entity, relates to `entityId` (through
 * `viaFamilyId`, when an advisor looks at another company working for the same family):
 * its own entity, the other side of a work relation, or another advisor company of a
 * family both work for (only when the family shows its advisor companies to its advisors:
 * the canvas item's advisorCompaniesVisibleToAdvisors). One BatchGet reads the entity and the relation items; anything
 * unrelated, or missing, answers ITEM_NOT_FOUND (4) — nobody learns what they cannot see.
 */
export async function resolveRelatedEntity(session: Session, entityId: number, viaFamilyId?: number): Promise<RelatedEntity> {
  const current = requireCurrentMembership(session);
  const membership = plainMembership(current);
  const self = current.entityId;
  const isVia = viaFamilyId !== undefined && viaFamilyId !== entityId && entityId !== self;
  let wanted: Parameters<typeof readRelation>[0] = { entityId };
  if (entityId !== self) {
    if (current.entityTypeId === EntityType.Family) {
      if (viaFamilyId !== undefined && viaFamilyId !== self) throw fail('ITEM_NOT_FOUND');
      wanted = { entityId, relation: { familyId: self, advisorId: entityId } };
    } else if (!isVia) {
      wanted = { entityId, relation: { familyId: entityId, advisorId: self }, role: { familyId: entityId, advisorId: self, userId: session.userId } };
    } else {
      wanted = {
        entityId,
        ownRelation: { familyId: viaFamilyId, advisorId: self },
        relation: { familyId: viaFamilyId, advisorId: entityId },
        role: { familyId: viaFamilyId, advisorId: self, userId: session.userId },
        // The family's choice whether its advisors see the other companies (on its canvas item).
        canvasOf: viaFamilyId,
      };
    }
  }
  const found = await readRelation(wanted);
  const entity = found.entity;
  if (!entity) throw fail('ITEM_NOT_FOUND');
  if (entityId === self) return { entity, view: { kind: 'own', membership } };

  const workRelation = found.relation;
  if (!workRelation) throw fail('ITEM_NOT_FOUND');
  const storedRole = found.role?.workRelationRoleId;
  if (current.entityTypeId === EntityType.Family) {
    if (entity.entityTypeId !== EntityType.AdvisorCompany) throw fail('ITEM_NOT_FOUND');
    return { entity, view: { kind: 'advisorOfFamily', membership }, workRelation };
  }
  // An advisor whose time-boxed access is over sees the family no more, even before the access-expiry job ends the relation.
  const today = accessDayOf(now());
  const ownRelation = isVia ? found.ownRelation : workRelation;
  if (!isWorkRelationAccessOpen(ownRelation?.accessUntil, today)) throw fail('ITEM_NOT_FOUND');
  const workRelationRoleId = effectiveWorkRelationRoleId(membership, storedRole);
  if (!isVia) {
    if (entity.entityTypeId !== EntityType.Family) throw fail('ITEM_NOT_FOUND');
    return { entity, view: { kind: 'familyOfAdvisor', membership, workRelationRoleId }, workRelation };
  }
  if (!found.ownRelation || entity.entityTypeId !== EntityType.AdvisorCompany) throw fail('ITEM_NOT_FOUND');
  // Another company of the family is the family's business unless it shows its companies to its advisors (shared/permissions.ts canSeeAdvisorCompany).
  if (found.canvas?.advisorCompaniesVisibleToAdvisors !== true) throw fail('ITEM_NOT_FOUND');
  return { entity, view: { kind: 'viaFamily', membership, familyId: viaFamilyId, workRelationRoleId }, workRelation };
}

/**
 * The family whose advisors, shares or canvas a family-side call means, and the caller's
 * view of it: the current entity when it is a family (and `familyId` is absent or the same),
 * or a family the caller's advisor company works for.
 */
export async function resolveFamily(session: Session, familyId?: number): Promise<RelatedEntity> {
  const current = requireCurrentMembership(session);
  const target = familyId ?? current.entityId;
  const related = await resolveRelatedEntity(session, target);
  if (related.entity.entityTypeId !== EntityType.Family) throw fail('ITEM_NOT_FOUND');
  return related;
}
