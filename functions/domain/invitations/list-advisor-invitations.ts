import type { AdvisorInvitation } from '../../../shared/contracts/invitations';
import { sortRows, type SortKey } from '../../../shared/sort-rows';
import { now } from '../../lib/clock';
import { getEntity } from '../../records/entities';
import { listWorkRelationInvitations } from '../../records/invitations';
import { listCanvasSections } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { sharedSectionsOf } from '../work-relations/sections';
import { requireInviter } from './work-relation-inviter';
import { newestFirst, toFamilyInvitation } from './list-family-invitations';

/** Every advisor invitation of the current family, with the titles of the sections it offers (empty: all). */
export async function listAdvisorInvitations(session: Session, orderBy: ReadonlyArray<SortKey<string>> | undefined): Promise<AdvisorInvitation[]> {
  const actor = requireInviter(session, 'advisor', 'list');
  const [invitations, entity, sections] = await Promise.all([
    listWorkRelationInvitations('advisor', actor.entityId),
    getEntity(actor.entityId),
    listCanvasSections(actor.entityId),
  ]);
  if (!entity) throw fail('ITEM_NOT_FOUND');
  const at = now();
  const rows = invitations.map((invitation) => {
    const shared = sharedSectionsOf(sections, invitation.canvasSections ?? []);
    return {
      ...toFamilyInvitation(invitation, entity.entityName, at),
      canvasSections: shared.map((section) => section.title),
      canvasSectionIds: shared.map((section) => section.id),
      accessUntil: invitation.accessUntil ?? null,
    };
  });
  // Sorting by canvas rights sorts by the joined titles ('' — all sections — last).
  const sortable = rows.map((row) => ({ ...row, sortCanvasSections: row.canvasSections.join(', ') }));
  const keys = (orderBy?.length ? orderBy : newestFirst).map((key) => (key.field === 'canvasSections' ? { ...key, field: 'sortCanvasSections' } : key));
  return sortRows(sortable, keys).map(({ sortCanvasSections: _sort, ...row }) => row);
}
