import type { EntityProfile } from '../../shared/contracts/entities';
import { getEntity as readEntity } from '../lib/db/entities';
import { getMember } from '../lib/db/members';
import { fail } from '../lib/errors';
import { toSessionMembership } from '../lib/memberships';
import type { Session } from '../lib/session';
import { toEntityProfile } from './entity-profile';

/**
 * The profile of one of the caller's entities. Any other entity, existing or not,
 * answers ITEM_NOT_FOUND (4). (Related entities through work relations join later.)
 */
export async function getEntity(session: Session, entityId: number): Promise<EntityProfile> {
  const [member, entity] = await Promise.all([getMember(entityId, session.userId), readEntity(entityId)]);
  if (!member?.isActive || !entity) throw fail('ITEM_NOT_FOUND');
  return toEntityProfile(entity, member, toSessionMembership(member));
}
