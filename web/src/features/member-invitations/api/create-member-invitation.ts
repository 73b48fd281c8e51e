import { CreateMemberInvitationResponse, type CreateMemberInvitationRequest } from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';

/** POST /api/member-invitation/create (docs/product/invitations.md#calls, #rules): step one of inviting; answers the id to e-mail. */
export function createMemberInvitation(input: CreateMemberInvitationRequest): Promise<CreateMemberInvitationResponse> {
  return call('createMemberInvitation', { body: input });
}
