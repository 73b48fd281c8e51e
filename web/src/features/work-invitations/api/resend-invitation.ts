import { ResendWorkRelationInvitationResponse } from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';
import { invitationKinds, type InvitationKind } from '../lib/kinds';

/** POST /api/{family,advisor}-invitation/resend {id} (docs/product/invitations.md#calls): renews the invitation; its answer's id goes to send-email. */
export function resendInvitation(kind: InvitationKind, id: string): Promise<ResendWorkRelationInvitationResponse> {
  return call(invitationKinds[kind].routes.resend, { body: { id } });
}
