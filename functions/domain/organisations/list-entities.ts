import type { EntityListResponse } from '../../../shared/contracts/entities';
import { getEntities } from '../../records/entities';
import { listMembershipsOfUser } from '../../records/members';
import { toCurrentEntity } from '../access/memberships';

/**
 * The caller's entities, each with all its fields and the caller's role in it, oldest first: one Query of the user's
 * memberships (GSI1) and one BatchGet of the entity profiles.
 */
export async function listEntities(userId: string): Promise<EntityListResponse> {
  const memberships = await listMembershipsOfUser(userId);
  const entities = await getEntities(memberships.map((member) => member.entityId));
  return memberships.flatMap((member) => {
    const entity = entities.get(member.entityId);
    return entity ? [toCurrentEntity(entity, member)] : [];
  });
}
