import { createGroupHandler } from '../lib/http';
import { acceptWorkRelationInvitation } from '../lib/work-relations/accept-invitation';
import {
  createWorkRelationInvitation,
  getWorkRelationInvitationInfo,
  listAdvisorInvitations,
  resendWorkRelationInvitation,
  revokeWorkRelationInvitation,
  sendWorkRelationInvitationEmail,
} from '../lib/work-relations/invitations';

/**
 * Advisor invitations (docs/product/invitations.md#calls): a family invites an advisor company to its canvas, to all sections or some.
 * The life cycle is shared with family invitations (functions/lib/work-relations/).
 */
export const handler = createGroupHandler('advisor-invitation', {
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
