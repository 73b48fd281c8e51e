import type { OwnersResponse } from '../../../shared/contracts/members';
import { canReadRelatedMembers, canReadRelatedSensitiveData } from '../../../shared/permissions';
import { fail } from '../../lib/errors';
import { resolveRelatedEntity } from '../work-relations/related-entity';
import type { Session } from '../sessions/session';
import { ownersOf } from './member-views';

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
  const viewer = {
    userId: session.userId,
    membership: view.membership,
    ...(view.kind === 'own' ? {} : { related: { canReadSensitiveData: canReadRelatedSensitiveData(view) } }),
  };
  return ownersOf(entityId, viewer);
}
