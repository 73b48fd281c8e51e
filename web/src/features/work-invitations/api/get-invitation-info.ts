import { useQuery } from '@tanstack/react-query';
import { WorkRelationInvitationInfo } from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';
import { invitationKinds, type InvitationKind } from '../lib/kinds';
import { workInvitationKeys } from './keys';

/** GET /api/{family,advisor}-invitation?token= (docs/product/invitations.md#calls, public): what the landing page needs. */
export function getInvitationInfo(kind: InvitationKind, token: string): Promise<WorkRelationInvitationInfo> {
  return call(invitationKinds[kind].routes.info, { query: { token } });
}

export function useInvitationInfo(kind: InvitationKind, token: string) {
  return useQuery({ queryKey: workInvitationKeys.info(kind, token), queryFn: () => getInvitationInfo(kind, token), retry: false, gcTime: 0 });
}
