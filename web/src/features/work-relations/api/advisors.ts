import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type * as z from 'zod';
import { AdvisorMember, AdvisorsResponse, ListAdvisorsRequest } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { workRelationKeys } from './keys';

/** Whose advisors: a family's (an advisor looking at it, or the family itself), optionally of one company. */
export type AdvisorScope = { familyId?: number; companyId?: number };

/**
 * POST /api/entity-member/list-advisors[/{familyId}] {orderBy, filterBy} (docs/product/work-relations.md#calls): with
 * a family, every advisor of its companies with their canvas rights there; for the current
 * advisor company without one, its own members.
 */
export function listAdvisors(scope: AdvisorScope, orderBy?: string): Promise<AdvisorsResponse> {
  const body: z.input<typeof ListAdvisorsRequest> = {};
  if (orderBy) body.orderBy = orderBy;
  if (scope.companyId !== undefined) body.filterBy = { entityId: scope.companyId };
  return scope.familyId === undefined ? call('listAdvisors', { body }) : call('listAdvisorsOfFamily', { params: { familyId: scope.familyId }, body });
}

export function useAdvisors(scope: AdvisorScope, orderBy?: string, options: { enabled?: boolean } = {}) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({
    queryKey: workRelationKeys.advisors(entityId, scope, orderBy),
    queryFn: () => listAdvisors(scope, orderBy),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/entity-member/advisor/{memberId}: one advisor, for the read-only modal. */
export function getAdvisor(memberId: string): Promise<AdvisorMember> {
  return call('getAdvisor', { params: { memberId } });
}

export function useAdvisor(memberId: string | null) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: workRelationKeys.advisor(entityId, memberId ?? ''), queryFn: () => getAdvisor(memberId as string), enabled: memberId !== null });
}

/** GET /api/entity-member/list-advisors-not-for-family/{entityId}: the advisors without access, for the add modal (docs/product/work-relations.md#validation). */
export function listAdvisorsWithoutAccess(familyId: number): Promise<AdvisorsResponse> {
  return call('listAdvisorsNotForFamily', { params: { entityId: familyId } });
}

export function useAdvisorsWithoutAccess(familyId: number, options: { enabled: boolean }) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({
    queryKey: workRelationKeys.advisorsWithoutAccess(entityId, familyId),
    queryFn: () => listAdvisorsWithoutAccess(familyId),
    enabled: options.enabled,
    staleTime: 0,
  });
}
