import type { WorkRelationInvitationInfo } from '../../../shared/contracts/invitations';
import { type WorkRelationInvitationKind } from '../../../shared/permissions';
import type { SectionItem } from '../../records/items';
import { getEntity } from '../../records/entities';
import { listCanvasSections } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import { toInvitationInfo } from './invitation-info';
import { sharedSectionsOf } from '../work-relations/sections';
import { findWorkRelationInvitation } from './find-work-relation-invitation';

/**
 * What the landing page shows (public: the token is the credential): the inviting entity,
 * the invited e-mail, the status and, for an advisor invitation, the sections offered.
 * Accepted answers normally with accepted true; cancelled → 33; expired → 31; unknown or replaced → 20.
 */
export async function getWorkRelationInvitationInfo(kind: WorkRelationInvitationKind, token: string): Promise<WorkRelationInvitationInfo> {
  const invitation = await findWorkRelationInvitation(kind, token);
  const [entity, sections] = await Promise.all([
    getEntity(invitation.entityId),
    kind === 'advisor' && invitation.canvasSections?.length ? listCanvasSections(invitation.entityId) : Promise.resolve([] as SectionItem[]),
  ]);
  if (!entity) throw fail('INVALID_TOKEN');
  return {
    ...toInvitationInfo(invitation, entity),
    canvasSections: sharedSectionsOf(sections, invitation.canvasSections ?? []).map((section) => section.title),
    ...(kind === 'advisor' ? { accessUntil: invitation.accessUntil ?? null } : {}),
  };
}
