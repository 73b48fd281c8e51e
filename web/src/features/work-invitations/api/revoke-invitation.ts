import { call } from '../../../lib/api-client';
import { invitationKinds, type InvitationKind } from '../lib/kinds';

/** DELETE /api/{family,advisor}-invitation/revoke/{id} (docs/product/invitations.md#calls): the link dies; an accepted one's relation stays. */
export async function revokeInvitation(kind: InvitationKind, id: string): Promise<void> {
  await call(invitationKinds[kind].routes.revoke, { params: { id } });
}
