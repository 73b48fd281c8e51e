import { IdPath } from '../../shared/contracts/common';
import {
  AcceptAdvisorInvitationRequest,
  CreateAdvisorInvitationRequest,
  InvitationTokenQuery,
  ListAdvisorInvitationsQuery,
  ResendWorkRelationInvitationRequest,
  SendWorkRelationInvitationRequest,
} from '../../shared/contracts/invitations';
import { createGroupHandler, defineRoute } from '../lib/http';
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
export const handler = createGroupHandler('advisor-invitation', {
  createAdvisorInvitation: defineRoute({
    body: CreateAdvisorInvitationRequest,
    handler: async ({ session, body }) => ({ status: 201, body: await createWorkRelationInvitation(session, 'advisor', body) }),
  }),
  sendAdvisorInvitationEmail: defineRoute({
    body: SendWorkRelationInvitationRequest,
    handler: async ({ session, body }) => ({ body: await sendWorkRelationInvitationEmail(session, 'advisor', body.id) }),
  }),
  listAdvisorInvitations: defineRoute({
    query: ListAdvisorInvitationsQuery,
    handler: async ({ session, query }) => ({ body: await listAdvisorInvitations(session, query.orderBy) }),
  }),
  resendAdvisorInvitation: defineRoute({
    body: ResendWorkRelationInvitationRequest,
    handler: async ({ session, body }) => ({ body: await resendWorkRelationInvitation(session, 'advisor', body.id) }),
  }),
  revokeAdvisorInvitation: defineRoute({
    path: IdPath,
    handler: async ({ session, path }) => {
      await revokeWorkRelationInvitation(session, 'advisor', path.id);
      return { status: 204 };
    },
  }),
  // Public: the landing page reads the invitation before anyone signs in or up.
  getAdvisorInvitation: defineRoute({
    query: InvitationTokenQuery,
    handler: async ({ query }) => ({ body: await getWorkRelationInvitationInfo('advisor', query.token) }),
  }),
  acceptAdvisorInvitation: defineRoute({
    body: AcceptAdvisorInvitationRequest,
    handler: async ({ session, body }) => ({ body: await acceptWorkRelationInvitation(session, 'advisor', body) }),
  }),
});
