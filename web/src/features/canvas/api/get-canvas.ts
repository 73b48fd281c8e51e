import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Canvas } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { canvasKeys } from './keys';

/** GET /api/canvas[/{familyId}] (docs/product/canvas.md#calls): without a family id, the current family's own canvas. */
export function getCanvas(familyId?: number): Promise<Canvas> {
  return familyId === undefined ? call('getOwnCanvas') : call('getCanvas', { params: { familyId } });
}

export function useCanvas(familyId?: number) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: canvasKeys.overview(entityId, familyId), queryFn: () => getCanvas(familyId) });
}
