import { UpdateMemberResponse, type UpdateMemberRequest } from '../../../../../shared/contracts/members';
import { call } from '../../../lib/api-client';

/** POST /api/entity-member/{memberId} (docs/product/organisations-and-members.md#calls): a member's role and company position. */
export function updateMember(memberId: string, input: UpdateMemberRequest): Promise<UpdateMemberResponse> {
  return call('updateMember', { params: { memberId }, body: input });
}
