import { EntityType } from '../../shared/enums';
import { effectiveWorkRelationRoleId, isWorkRelationAccessOpen, type Membership, type RelationView } from '../../shared/permissions';
import { now } from './clock';
import { accessDayOf } from './work-relations/access-until';
import { batchGetItems } from './db/batch';
import type { CanvasMetaItem } from '../domain/canvas/items';
import type { EntityItem } from '../domain/organisations/entities';
import { keys } from './db/keys';
import type { WorkRelationItem, WorkRelationMemberItem } from './db/work-relations';
import { fail } from './errors';
import { requireCurrentMembership } from '../domain/members/memberships';
import type { Session } from '../domain/sessions/session';

/** An entity the caller looks at, and how they relate to it (shared/permissions.ts decides what that allows). */
export type RelatedEntity = { entity: EntityItem; view: RelationView; workRelation?: WorkRelationItem };

type Key = { PK: string; SK: string };
const keyOf = (key: Key) => `${key.PK}\u0000${key.SK}`;

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
  const entityKey = keys.entity(entityId);
  const wanted: Key[] = [entityKey];
  let relationKey: Key | undefined;
  let ownRelationKey: Key | undefined;
  let roleKey: Key | undefined;
  let canvasKey: Key | undefined;
  const isVia = viaFamilyId !== undefined && viaFamilyId !== entityId && entityId !== self;
  if (entityId !== self) {
    if (current.entityTypeId === EntityType.Family) {
      if (viaFamilyId !== undefined && viaFamilyId !== self) throw fail('ITEM_NOT_FOUND');
      relationKey = keys.workRelation(self, entityId);
    } else if (!isVia) {
      relationKey = keys.workRelation(entityId, self);
      roleKey = keys.workRelationMember(entityId, self, session.userId);
    } else {
      ownRelationKey = keys.workRelation(viaFamilyId, self);
      relationKey = keys.workRelation(viaFamilyId, entityId);
      roleKey = keys.workRelationMember(viaFamilyId, self, session.userId);
      // The family's choice whether its advisors see the other companies (on its canvas item).
      canvasKey = keys.canvas(viaFamilyId);
    }
    wanted.push(...[relationKey, ownRelationKey, roleKey, canvasKey].filter((key): key is Key => key !== undefined));
  }
  const found = new Map((await batchGetItems<Key & Record<string, unknown>>(wanted)).map((item) => [keyOf(item), item]));
  const entity = found.get(keyOf(entityKey)) as EntityItem | undefined;
  if (!entity) throw fail('ITEM_NOT_FOUND');
  if (entityId === self) return { entity, view: { kind: 'own', membership } };

  const workRelation = relationKey ? (found.get(keyOf(relationKey)) as WorkRelationItem | undefined) : undefined;
  if (!workRelation) throw fail('ITEM_NOT_FOUND');
  const storedRole = roleKey ? (found.get(keyOf(roleKey)) as WorkRelationMemberItem | undefined)?.workRelationRoleId : undefined;
  if (current.entityTypeId === EntityType.Family) {
    if (entity.entityTypeId !== EntityType.AdvisorCompany) throw fail('ITEM_NOT_FOUND');
    return { entity, view: { kind: 'advisorOfFamily', membership }, workRelation };
  }
  // An advisor whose time-boxed access is over sees the family no more, even before the access-expiry job ends the relation.
  const today = accessDayOf(now());
  const ownRelation = isVia ? (found.get(keyOf(ownRelationKey as Key)) as WorkRelationItem | undefined) : workRelation;
  if (!isWorkRelationAccessOpen(ownRelation?.accessUntil, today)) throw fail('ITEM_NOT_FOUND');
  const workRelationRoleId = effectiveWorkRelationRoleId(membership, storedRole);
  if (!isVia) {
    if (entity.entityTypeId !== EntityType.Family) throw fail('ITEM_NOT_FOUND');
    return { entity, view: { kind: 'familyOfAdvisor', membership, workRelationRoleId }, workRelation };
  }
  if (!ownRelationKey || !found.has(keyOf(ownRelationKey)) || entity.entityTypeId !== EntityType.AdvisorCompany) throw fail('ITEM_NOT_FOUND');
  // Another company of the family is the family's business unless it shows its companies to its advisors (shared/permissions.ts canSeeAdvisorCompany).
  const canvas = canvasKey ? (found.get(keyOf(canvasKey)) as CanvasMetaItem | undefined) : undefined;
  if (canvas?.advisorCompaniesVisibleToAdvisors !== true) throw fail('ITEM_NOT_FOUND');
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
