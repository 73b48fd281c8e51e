import { createGroupHandler } from '../http/idempotency';
import { memberInvitationRoutes } from '../../shared/routes/member-invitation';
import { acceptMemberInvitation } from '../domain/invitations/accept-member-invitation';
import { createMemberInvitation } from '../domain/invitations/create-member-invitation';
import { getMemberInvitation } from '../domain/invitations/get-member-invitation';
import { listMemberInvitations } from '../domain/invitations/list-member-invitations';
import { resendMemberInvitation } from '../domain/invitations/resend-member-invitation';
import { revokeMemberInvitation } from '../domain/invitations/revoke-member-invitation';
import { sendMemberInvitationEmail } from '../domain/invitations/send-member-invitation-email';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/member-invitation').then((module) => module.memberInvitationContract);

export const handler = createGroupHandler('member-invitation', memberInvitationRoutes, contract, {
  createMemberInvitation: async ({ session, body }) => ({ status: 201, body: await createMemberInvitation(session, body) }),
  sendMemberInvitationEmail: async ({ session, body }) => ({ body: await sendMemberInvitationEmail(session, body.id) }),
  listMemberInvitations: async ({ session, query }) => ({ body: await listMemberInvitations(session, query) }),
  resendMemberInvitation: async ({ session, body }) => ({ body: await resendMemberInvitation(session, body.id) }),
  revokeMemberInvitation: async ({ session, path }) => {
    await revokeMemberInvitation(session, path.id);
    return { status: 204 };
  },
  // Public: the landing page reads the invitation before anyone signs in or up.
  getMemberInvitation: async ({ query }) => ({ body: await getMemberInvitation(query.token) }),
  // A GET that writes (the spec's call): the manifest marks it changesState, so a cross-site
  // navigation cannot make a signed-in user join an entity (functions/http/http.ts).
  acceptMemberInvitation: async ({ session, query }) => ({ body: await acceptMemberInvitation(session, query.token) }),
});
