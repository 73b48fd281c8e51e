import { createGroupHandler } from '../http/idempotency';
import { advisorInvitationRoutes } from '../../shared/routes/advisor-invitation';
import { acceptWorkRelationInvitation } from '../domain/invitations/accept-work-relation-invitation';
import { createWorkRelationInvitation } from '../domain/invitations/create-work-relation-invitation';
import { getWorkRelationInvitationInfo } from '../domain/invitations/get-work-relation-invitation-info';
import { listAdvisorInvitations } from '../domain/invitations/list-advisor-invitations';
import { resendWorkRelationInvitation } from '../domain/invitations/resend-work-relation-invitation';
import { revokeWorkRelationInvitation } from '../domain/invitations/revoke-work-relation-invitation';
import { sendWorkRelationInvitationEmail } from '../domain/invitations/send-work-relation-invitation-email';

/**
 * Advisor invitations (docs/product/invitations.md#calls): a family invites an advisor company to its canvas, to all sections or some.
 * The life cycle is shared with family invitations (functions/domain/invitations/).
 */
// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/advisor-invitation').then((module) => module.advisorInvitationContract);

export const handler = createGroupHandler('advisor-invitation', advisorInvitationRoutes, contract, {
  createAdvisorInvitation: async ({ session, body }) => ({ status: 201, body: await createWorkRelationInvitation(session, 'advisor', body) }),
  sendAdvisorInvitationEmail: async ({ session, body }) => ({ body: await sendWorkRelationInvitationEmail(session, 'advisor', body.id) }),
  listAdvisorInvitations: async ({ session, query }) => ({ body: await listAdvisorInvitations(session, query.orderBy) }),
  resendAdvisorInvitation: async ({ session, body }) => ({ body: await resendWorkRelationInvitation(session, 'advisor', body.id) }),
  revokeAdvisorInvitation: async ({ session, path }) => {
    await revokeWorkRelationInvitation(session, 'advisor', path.id);
    return { status: 204 };
  },
  // Public: the landing page reads the invitation before anyone signs in or up.
  getAdvisorInvitation: async ({ query }) => ({ body: await getWorkRelationInvitationInfo('advisor', query.token) }),
  acceptAdvisorInvitation: async ({ session, body }) => ({ body: await acceptWorkRelationInvitation(session, 'advisor', body) }),
});
