import { MemberInvitationInfo } from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';

/** GET /api/member-invitation?token (docs/product/invitations.md#calls, public): what the landing page shows. Expired → 31, unknown → 20. */
export function getMemberInvitation(token: string): Promise<MemberInvitationInfo> {
  return call('getMemberInvitation', { query: { token } });
}
