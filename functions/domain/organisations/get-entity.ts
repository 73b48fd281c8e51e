import type { EntityProfile } from '../../../shared/contracts/entities';
import type { AccessedEntity } from '../../../shared/contracts/work-relations';
import { canReadRelatedSensitiveData, relationPermissions, twoFactorPolicyRefusal } from '../../../shared/permissions';
import { entityAddresses, getEntity as readEntity } from '../../records/entities';
import { getMember } from '../../records/members';
import { getUser } from '../../records/users';
import { fail } from '../../lib/errors';
import { toCurrentEntity } from '../access/memberships';
import { resolveRelatedEntity } from '../work-relations/related-entity';
import type { Session } from '../sessions/session';

/**
 * An entity's profile. One of the caller's own entities answers the whole profile with the
 * caller's role in it. Otherwise the entity must be on the other side of a work relation
 * of the caller's current entity, or (with `viaFamilyId`) another advisor company working
 * for a family the caller's company works for: it answers as an accessed entity (
 * docs/product/canvas.md#fields), its e-mail, phone and addresses only with the right to read the related entity's
 * sensitive data. Anything else, existing or not, answers ITEM_NOT_FOUND (4). An own advisor
 * company that requires two-factor sign-in the caller lacks: TWO_FACTOR_REQUIRED (93), as
 * when opening it (set-current-entity).
 */
export async function getEntity(session: Session, entityId: number, viaFamilyId?: number): Promise<EntityProfile | AccessedEntity> {
  const [member, entity, user] = await Promise.all([getMember(entityId, session.userId), readEntity(entityId), getUser(session.userId)]);
  if (member?.isActive && entity) {
    const refusal = twoFactorPolicyRefusal(entity, user);
    if (refusal) throw fail(refusal);
    return toCurrentEntity(entity, member);
  }
  if (!entity) throw fail('ITEM_NOT_FOUND');
  const related = await resolveRelatedEntity(session, entityId, viaFamilyId);
  // Another company of a shared family: only for an advisor who works on that family (role not 'none').
  if (related.view.kind === 'viaFamily' && !relationPermissions(related.view).includes('ReadWorkRelationEntityData')) throw fail('ITEM_NOT_FOUND');
  const canReadSensitive = canReadRelatedSensitiveData(related.view);
  return {
    id: related.entity.id,
    entityName: related.entity.entityName,
    entityTypeId: related.entity.entityTypeId,
    canvasName: related.entity.canvasName ?? null,
    vatNumber: related.entity.vatNumber ?? null,
    email: canReadSensitive ? (related.entity.email ?? null) : null,
    phone: canReadSensitive ? (related.entity.phone ?? null) : null,
    addresses: canReadSensitive ? entityAddresses(related.entity) : [],
    relation: related.view.kind,
  };
}
