import type { UpdateEntityRequest, UpdateEntityResponse } from '../../shared/contracts/entities';
import { EntityType } from '../../shared/enums';
import { messageKeys } from '../../shared/validation';
import { getEntity, updateEntityInfo } from '../lib/db/entities';
import { getMember } from '../lib/db/members';
import { fail } from '../lib/errors';
import { requireCurrentMembership, requirePermission, toCurrentEntity } from '../lib/memberships';
import type { Session } from '../lib/session';

/**
 * Edits the current entity's information: EditEntityInfo (owner and admin always). A
 * family keeps a canvas name (clearing it is a validation error); a company has none,
 * so one sent for it is ignored. A domain another entity holds → DOMAIN_EXISTS (50).
 */
export async function updateEntity(session: Session, input: UpdateEntityRequest): Promise<UpdateEntityResponse> {
  const membership = requireCurrentMembership(session);
  requirePermission(membership, 'EditEntityInfo');
  const [entity, member] = await Promise.all([getEntity(membership.entityId), getMember(membership.entityId, session.userId)]);
  if (!entity || !member?.isActive) throw fail('ITEM_NOT_FOUND');
  const changes = { ...input };
  if (entity.entityTypeId === EntityType.Family) {
    if (changes.canvasName === null) throw fail('VALIDATION_ERROR', { errors: { canvasName: [messageKeys.required] } });
  } else {
    delete changes.canvasName;
  }
  const updated = await updateEntityInfo(entity, changes);
  return toCurrentEntity(updated, member);
}
