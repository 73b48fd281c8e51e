import { call } from '../../../lib/api-client';

/** DELETE /api/entity-member/{memberId} (docs/product/organisations-and-members.md#calls): removes a member from the current entity. */
export async function removeMember(memberId: string): Promise<void> {
  await call('removeMember', { params: { memberId } });
}
