import { SendMemberInvitationResponse } from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';

/** POST /api/member-invitation/send-email (docs/product/invitations.md#calls, #rules): step two, e-mails a fresh 14-day link. */
export function sendMemberInvitationEmail(id: string): Promise<SendMemberInvitationResponse> {
  return call('sendMemberInvitationEmail', { body: { id } });
}
