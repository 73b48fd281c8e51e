import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const myActionsKeys = {
  /** Per current entity: a switch of entity shows another set of canvases. */
  list: (entityId: number | null) => ['my-actions', entityId] as const,
};

/** GET /api/canvas-action-point/mine: the caller's open action points, by due date then priority. */
export function useMyActionPoints(entityId: number | null) {
  return useQuery({
    queryKey: myActionsKeys.list(entityId),
    queryFn: () => call('listMyActionPoints'),
    // Others assign and complete items all the time: always read afresh when the page opens.
    staleTime: 0,
  });
}
