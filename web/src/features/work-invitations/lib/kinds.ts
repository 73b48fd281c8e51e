import type { RouteName } from '../../../../../shared/api-contract';
import { EntityType, type EntityTypeId } from '../../../../../shared/enums';
import type { WorkRelationInvitationKind } from '../../../../../shared/permissions';
import type { WorkInvitationKind } from '../../../stores/work-invitation';

/**
 * The two kinds of work-relation invitation (docs/product/invitations.md#invitation-pages, #calls):
 * an advisor company invites a family ('family', /family-invitation) and a family invites
 * an advisor company ('advisor', /advisor-invitation). Everything kind-specific of the
 * calls (the manifest's route names) is here, so the pages and components are written once.
 */
export type InvitationKind = WorkRelationInvitationKind;

export const invitationKinds = {
  family: {
    routes: {
      create: 'createFamilyInvitation',
      sendEmail: 'sendFamilyInvitationEmail',
      list: 'listFamilyInvitations',
      resend: 'resendFamilyInvitation',
      revoke: 'revokeFamilyInvitation',
      info: 'getFamilyInvitation',
      accept: 'acceptFamilyInvitation',
      entitiesForInvite: 'listFamiliesForInvite',
    },
    loginAction: 'familyInvitation',
    /** The type of the entity that accepts. */
    inviteeEntityTypeId: EntityType.Family,
  },
  advisor: {
    routes: {
      create: 'createAdvisorInvitation',
      sendEmail: 'sendAdvisorInvitationEmail',
      list: 'listAdvisorInvitations',
      resend: 'resendAdvisorInvitation',
      revoke: 'revokeAdvisorInvitation',
      info: 'getAdvisorInvitation',
      accept: 'acceptAdvisorInvitation',
      entitiesForInvite: 'listAdvisorCompaniesForInvite',
    },
    loginAction: 'advisorInvitation',
    inviteeEntityTypeId: EntityType.AdvisorCompany,
  },
} as const satisfies Record<InvitationKind, { routes: Record<string, RouteName>; loginAction: WorkInvitationKind; inviteeEntityTypeId: EntityTypeId }>;

export function kindOfLoginAction(action: WorkInvitationKind): InvitationKind {
  return action === 'familyInvitation' ? 'family' : 'advisor';
}
