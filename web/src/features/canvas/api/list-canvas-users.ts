import { useQuery } from '@tanstack/react-query';
import { CanvasUsersResponse } from '../../../../../shared/contracts/members';
import { call } from '../../../lib/api-client';
import { canvasKeys } from './keys';

/** GET /api/entity-member/list-canvas-users/{entityId}: the people who work on a family's canvas. */
export function listCanvasUsers(familyId: number): Promise<CanvasUsersResponse> {
  return call('listCanvasUsers', { params: { entityId: familyId } });
}

/** Names for initiators, assignees and authors. A caller who may not list them (an advisor) gets none. */
export function useCanvasUsers(familyId: number | undefined) {
  return useQuery({
    queryKey: canvasKeys.users(familyId ?? 0),
    queryFn: () => listCanvasUsers(familyId!),
    enabled: familyId !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
