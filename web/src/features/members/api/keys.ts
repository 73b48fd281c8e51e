import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Query keys of the members feature, per entity: a switch of entity never shows another's members. */
export const memberKeys = {
  all: ['members'] as const,
  ofEntity: (entityId: number) => ['members', entityId] as const,
  list: (entityId: number, orderBy: string | undefined) => ['members', entityId, 'list', orderBy ?? 'default'] as const,
  owners: (entityId: number) => ['members', entityId, 'owners'] as const,
  member: (entityId: number, memberId: string) => ['members', entityId, 'member', memberId] as const,
};

/** Refetches the lists, owners and members of an entity after a change. */
export function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return useCallback((entityId: number) => queryClient.invalidateQueries({ queryKey: memberKeys.ofEntity(entityId) }), [queryClient]);
}
