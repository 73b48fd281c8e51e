import { AcceptMemberInvitationResponse } from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';

/**
 * GET /api/member-invitation/accept?token (docs/product/invitations.md#calls, docs/product/sessions-and-sign-in.md#after-login): the signed-in user joins the
 * invited entity, which becomes the session's current one; answers it with their role.
 */
export function acceptMemberInvitation(token: string): Promise<AcceptMemberInvitationResponse> {
  return call('acceptMemberInvitation', { query: { token } });
}
