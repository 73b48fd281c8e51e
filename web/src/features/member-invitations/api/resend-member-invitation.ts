import { ResendMemberInvitationResponse } from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';
import { sendMemberInvitationEmail } from './send-member-invitation-email';

/** POST /api/member-invitation/resend (docs/product/invitations.md#calls): renews a pending or expired invitation; answers the id to e-mail. */
export function resendMemberInvitation(id: string): Promise<ResendMemberInvitationResponse> {
  return call('resendMemberInvitation', { body: { id } });
}

/** Resend, then e-mail the new link (the same two steps as inviting). */
export async function resendAndSend(id: string): Promise<void> {
  const renewed = await resendMemberInvitation(id);
  await sendMemberInvitationEmail(renewed.id);
}
