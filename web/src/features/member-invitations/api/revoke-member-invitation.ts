import { call } from '../../../lib/api-client';

/** DELETE /api/member-invitation/revoke/{id} (docs/product/invitations.md#calls): cancels an invitation; an accepted one's member stays. */
export async function revokeMemberInvitation(id: string): Promise<void> {
  await call('revokeMemberInvitation', { params: { id } });
}
