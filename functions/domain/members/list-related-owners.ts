import type { OwnersResponse } from '../../../shared/contracts/members';
import { EntityRole } from '../../../shared/enums';
import { sortRows } from '../../../shared/sort-rows';
import { canReadRelatedMembers, canReadRelatedSensitiveData } from '../../../shared/permissions';
import { listMembersOfEntity } from '../../records/members';
import { getUsers } from '../../records/users';
import { fail } from '../../lib/errors';
import { resolveRelatedEntity } from '../work-relations/related-entity';
import type { Session } from '../sessions/session';
import { toEntityOwner } from './member-views';

/**
 * The owners of an entity the caller looks at (docs/product/work-relations.md#family-page-and-company-page
 * tabs): their own entity, one on the other side of a work relation, or (with `familyId`)
 * another advisor company of a family their company works for. Unrelated → 4; without
 * the right to read that entity's members → FORBIDDEN (8). Contact data as the relation
 * allows (shared/permissions.ts). One BatchGet, one Query, one BatchGet.
 */
export async function listRelatedOwners(session: Session, entityId: number, viaFamilyId?: number): Promise<OwnersResponse> {
  const { view } = await resolveRelatedEntity(session, entityId, viaFamilyId);
  if (!canReadRelatedMembers(view)) throw fail('FORBIDDEN');
  const owners = (await listMembersOfEntity(entityId)).filter((member) => member.isActive && member.entityRoleId === EntityRole.Owner);
  const users = await getUsers(owners.map((owner) => owner.userId));
  const viewer = {
    userId: session.userId,
    membership: view.membership,
    ...(view.kind === 'own' ? {} : { related: { canReadSensitiveData: canReadRelatedSensitiveData(view) } }),
  };
  const rows = owners.flatMap((owner) => {
    const user = users.get(owner.userId);
    return user ? [toEntityOwner(user, viewer)] : [];
  });
  return sortRows(rows, [
    { field: 'lastName', isDescending: false },
    { field: 'firstName', isDescending: false },
  ]);
}
