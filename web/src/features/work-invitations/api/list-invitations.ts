import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { type AdvisorInvitation, type FamilyInvitation } from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { invitationKinds, type InvitationKind } from '../lib/kinds';
import { workInvitationKeys } from './keys';

/** A row of either list: advisor invitations also name the shared sections (empty: all). */
export type InvitationRow = FamilyInvitation & Partial<Pick<AdvisorInvitation, 'canvasSections' | 'canvasSectionIds'>>;

/** GET /api/{family,advisor}-invitation/list?orderBy= (docs/product/invitations.md#calls, docs/product/limits.md#invitations-limits): the whole list, no paging, sorted by the server. */
export function listInvitations(kind: InvitationKind, orderBy: string | undefined): Promise<InvitationRow[]> {
  return call(invitationKinds[kind].routes.list, { query: { orderBy } });
}

export function useInvitations(kind: InvitationKind, orderBy: string | undefined) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({
    queryKey: workInvitationKeys.list(kind, entityId, orderBy),
    queryFn: () => listInvitations(kind, orderBy),
    // A new sort keeps the rows on screen until the sorted ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** Refetches the lists of a kind (every sort) after an invite, resend or cancel. */
export function useRefreshInvitations(kind: InvitationKind) {
  const queryClient = useQueryClient();
  const entityId = useAtomValue(currentEntityIdAtom);
  return useCallback(() => queryClient.invalidateQueries({ queryKey: workInvitationKeys.lists(kind, entityId) }), [queryClient, kind, entityId]);
}
