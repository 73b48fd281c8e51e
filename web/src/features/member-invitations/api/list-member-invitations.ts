import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MemberInvitationsResponse } from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';
import { invitationKeys } from './keys';

/** GET /api/member-invitation/list (docs/product/invitations.md#calls): every invitation of the current entity, sorted by `orderBy` (default newest first). */
export function listMemberInvitations(orderBy?: string): Promise<MemberInvitationsResponse> {
  return call('listMemberInvitations', { query: { orderBy } });
}

export function useMemberInvitations(entityId: number, orderBy?: string) {
  return useQuery({ queryKey: invitationKeys.list(entityId, orderBy), queryFn: () => listMemberInvitations(orderBy), placeholderData: keepPreviousData });
}
