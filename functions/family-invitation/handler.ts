import { createGroupHandler } from '../http/idempotency';
import { familyInvitationRoutes } from '../../shared/routes/family-invitation';
import { acceptWorkRelationInvitation } from '../domain/invitations/accept-work-relation-invitation';
import { createWorkRelationInvitation } from '../domain/invitations/create-work-relation-invitation';
import { getWorkRelationInvitationInfo } from '../domain/invitations/get-work-relation-invitation-info';
import { listFamilyInvitations } from '../domain/invitations/list-family-invitations';
import { resendWorkRelationInvitation } from '../domain/invitations/resend-work-relation-invitation';
import { revokeWorkRelationInvitation } from '../domain/invitations/revoke-work-relation-invitation';
import { sendWorkRelationInvitationEmail } from '../domain/invitations/send-work-relation-invitation-email';

/**
 * Family invitations (docs/product/invitations.md#calls): an advisor company invites a family to work with it.
 * The life cycle is shared with advisor invitations (functions/domain/invitations/).
 */
// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/family-invitation').then((module) => module.familyInvitationContract);

export const handler = createGroupHandler('family-invitation', familyInvitationRoutes, contract, {
  createFamilyInvitation: async ({ session, body }) => ({ status: 201, body: await createWorkRelationInvitation(session, 'family', body) }),
  sendFamilyInvitationEmail: async ({ session, body }) => ({ body: await sendWorkRelationInvitationEmail(session, 'family', body.id) }),
  listFamilyInvitations: async ({ session, query }) => ({ body: await listFamilyInvitations(session, query.orderBy) }),
  resendFamilyInvitation: async ({ session, body }) => ({ body: await resendWorkRelationInvitation(session, 'family', body.id) }),
  revokeFamilyInvitation: async ({ session, path }) => {
    await revokeWorkRelationInvitation(session, 'family', path.id);
    return { status: 204 };
  },
  // Public: the landing page reads the invitation before anyone signs in or up.
  getFamilyInvitation: async ({ query }) => ({ body: await getWorkRelationInvitationInfo('family', query.token) }),
  acceptFamilyInvitation: async ({ session, body }) => ({ body: await acceptWorkRelationInvitation(session, 'family', body) }),
});
