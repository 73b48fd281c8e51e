import type { UpdateEntityRequest, UpdateEntityResponse } from '../../../shared/contracts/entities';
import { EntityType } from '../../../shared/enums';
import { messageKeys } from '../../../shared/validation-keys';
import { getEntity, updateEntityInfo } from '../../records/entities';
import { getMember, listMembersOfEntity } from '../../records/members';
import { listWorkRelationsOfFamily, renameFamilyInRelationsOps } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import { requireCurrentMembership, requirePermission, toCurrentEntity } from '../access/memberships';
import { renameActorInSessions, type Session } from '../sessions/session';
import { retryWhileChanged } from '../../lib/db/table';

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
  // A family's new name moves it on every advisor's dashboard (the relations' name key), in
  // the rename's own transaction. A relation added or removed meanwhile fails it: read again.
  const renamesFamily = entity.entityTypeId === EntityType.Family && changes.entityName !== undefined && changes.entityName !== entity.entityName;
  const renamed = changes.entityName !== undefined && changes.entityName !== entity.entityName;
  const updated = await retryWhileChanged(
    async () => {
      const relationOps = renamesFamily ? renameFamilyInRelationsOps(entity.id, await listWorkRelationsOfFamily(entity.id), changes.entityName as string) : [];
      return toCurrentEntity(await updateEntityInfo(entity, changes, relationOps), member);
    },
    { attempts: 3 },
  );
  // The members' sessions keep the entity's name for their history events: they keep the new one.
  if (renamed)
    await renameActorInSessions(
      (await listMembersOfEntity(entity.id)).map((member) => member.userId),
      { entityId: entity.id, entityName: changes.entityName as string },
    );
  return updated;
}
