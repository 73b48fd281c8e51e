import type { MemberInvitationInfo } from '../../../shared/contracts/invitations';
import { getEntity } from '../../records/entities';
import { toInvitationInfo } from './invitation-info';
import { fail } from '../../lib/errors';
import { findMemberInvitation } from './find-member-invitation';

/**
 * What the invitation landing page shows (public: the token is the credential). An
 * accepted invitation answers normally with accepted true, so the page can say "already
 * accepted" with a login button; cancelled → 33, expired → 31, unknown or
 * replaced → 20.
 */
export async function getMemberInvitation(token: string): Promise<MemberInvitationInfo> {
  const invitation = await findMemberInvitation(token);
  const entity = await getEntity(invitation.entityId);
  if (!entity) throw fail('INVALID_TOKEN');
  return { ...toInvitationInfo(invitation, entity), entityRoleId: invitation.entityRoleId };
}
