import { EntityType, type EntityTypeId } from '../../../../../shared/enums';
import type { WorkRelationInvitationKind } from '../../../../../shared/permissions';
import type { WorkInvitationKind } from '../../../stores/work-invitation';

/**
 * The two kinds of work-relation invitation (spec 02 §2 Invitation pages, §7 Invitations):
 * an advisor company invites a family ('family', /family-invitation) and a family invites
 * an advisor company ('advisor', /advisor-invitation). Everything kind-specific of the
 * calls is here, so the pages and components are written once.
 */
export type InvitationKind = WorkRelationInvitationKind;

export const invitationKinds = {
  family: {
    basePath: '/family-invitation',
    entitiesForInvitePath: '/entities/list-families-for-invite',
    loginAction: 'familyInvitation',
    /** The type of the entity that accepts. */
    inviteeEntityTypeId: EntityType.Family,
  },
  advisor: {
    basePath: '/advisor-invitation',
    entitiesForInvitePath: '/entities/list-advisor-companies-for-invite',
    loginAction: 'advisorInvitation',
    inviteeEntityTypeId: EntityType.AdvisorCompany,
  },
} as const satisfies Record<InvitationKind, { basePath: string; entitiesForInvitePath: string; loginAction: WorkInvitationKind; inviteeEntityTypeId: EntityTypeId }>;

export function kindOfLoginAction(action: WorkInvitationKind): InvitationKind {
  return action === 'familyInvitation' ? 'family' : 'advisor';
}
