import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * DELETE /api/work-relation/{entityId}: the current entity ends its work relation with the
 * other side (a family with an advisor company, or an advisor company leaving a family).
 */
export function endWorkRelation(otherEntityId: number): Promise<unknown> {
  return call('endWorkRelation', { params: { entityId: otherEntityId } });
}

/** Ends the relation; afterwards every list and page that showed it is read again. */
export function useEndWorkRelation(otherEntityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endWorkRelation(otherEntityId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['work-relations'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['canvas'] });
    },
  });
}
