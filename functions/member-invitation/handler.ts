import { IdPath } from '../../shared/contracts/common';
import {
  CreateMemberInvitationRequest,
  InvitationTokenQuery,
  ListMemberInvitationsQuery,
  ResendMemberInvitationRequest,
  SendMemberInvitationRequest,
} from '../../shared/contracts/invitations';
import { createGroupHandler, defineRoute } from '../lib/http';
import { acceptMemberInvitation } from '../domain/invitations/accept-member-invitation';
import { createMemberInvitation } from '../domain/invitations/create-member-invitation';
import { getMemberInvitation } from '../domain/invitations/get-member-invitation';
import { listMemberInvitations } from '../domain/invitations/list-member-invitations';
import { resendMemberInvitation } from '../domain/invitations/resend-member-invitation';
import { revokeMemberInvitation } from '../domain/invitations/revoke-member-invitation';
import { sendMemberInvitationEmail } from '../domain/invitations/send-member-invitation-email';

export const handler = createGroupHandler('member-invitation', {
  createMemberInvitation: defineRoute({
    body: CreateMemberInvitationRequest,
    handler: async ({ session, body }) => ({ status: 201, body: await createMemberInvitation(session, body) }),
  }),
  sendMemberInvitationEmail: defineRoute({
    body: SendMemberInvitationRequest,
    handler: async ({ session, body }) => ({ body: await sendMemberInvitationEmail(session, body.id) }),
  }),
  listMemberInvitations: defineRoute({
    query: ListMemberInvitationsQuery,
    handler: async ({ session, query }) => ({ body: await listMemberInvitations(session, query) }),
  }),
  resendMemberInvitation: defineRoute({
    body: ResendMemberInvitationRequest,
    handler: async ({ session, body }) => ({ body: await resendMemberInvitation(session, body.id) }),
  }),
  revokeMemberInvitation: defineRoute({
    path: IdPath,
    handler: async ({ session, path }) => {
      await revokeMemberInvitation(session, path.id);
      return { status: 204 };
    },
  }),
  // Public: the landing page reads the invitation before anyone signs in or up.
  getMemberInvitation: defineRoute({
    query: InvitationTokenQuery,
    handler: async ({ query }) => ({ body: await getMemberInvitation(query.token) }),
  }),
  // A GET that writes (the spec's call): the manifest marks it changesState, so a cross-site
  // navigation cannot make a signed-in user join an entity (functions/lib/http.ts).
  acceptMemberInvitation: defineRoute({
    query: InvitationTokenQuery,
    handler: async ({ session, query }) => ({ body: await acceptMemberInvitation(session, query.token) }),
  }),
});
