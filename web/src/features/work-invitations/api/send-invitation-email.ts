import { SendWorkRelationInvitationResponse } from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';
import { invitationKinds, type InvitationKind } from '../lib/kinds';

/** POST /api/{family,advisor}-invitation/send-email {id} (docs/product/invitations.md#calls): e-mails a fresh link, valid 14 days. */
export function sendInvitationEmail(kind: InvitationKind, id: string): Promise<SendWorkRelationInvitationResponse> {
  return call(invitationKinds[kind].routes.sendEmail, { body: { id } });
}
