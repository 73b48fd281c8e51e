import { useQuery } from '@tanstack/react-query';
import { EntityMember } from '../../../../../shared/contracts/members';
import { call } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** GET /api/entity-member/{memberId} (docs/product/organisations-and-members.md#calls): one member of the current entity. */
export function getMember(memberId: string): Promise<EntityMember> {
  return call('getMember', { params: { memberId } });
}

export function useMember(entityId: number, memberId: string | null) {
  return useQuery({ queryKey: memberKeys.member(entityId, memberId ?? ''), queryFn: () => getMember(memberId!), enabled: memberId !== null });
}
