import { useQuery } from '@tanstack/react-query';
import { InviteEntityOptionsResponse } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { invitationKinds, type InvitationKind } from '../lib/kinds';
import { workInvitationKeys } from './keys';

/**
 * GET /api/entities/list-families-for-invite/{inviterEntityId} and
 * list-advisor-companies-for-invite/{inviterEntityId} (docs/product/invitations.md#calls): the user's entities
 * that may accept (of the invited type, owner or admin), each saying whether it already
 * works with the inviter.
 */
export function listEntitiesForInvite(kind: InvitationKind, inviterEntityId: number): Promise<InviteEntityOptionsResponse> {
  return call(invitationKinds[kind].routes.entitiesForInvite, { params: { inviterId: inviterEntityId } });
}

export function useEntitiesForInvite(kind: InvitationKind, inviterEntityId: number) {
  return useQuery({
    queryKey: workInvitationKeys.entitiesForInvite(kind, inviterEntityId),
    queryFn: () => listEntitiesForInvite(kind, inviterEntityId),
    staleTime: 0,
  });
}
