import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import * as z from 'zod';
import { CanvasSharesResponse } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { workRelationKeys } from './keys';

/** GET /api/canvas-shares/{companyId}: the sections the current family shares with a company; empty means all. */
export function getCanvasShares(companyId: number): Promise<CanvasSharesResponse> {
  return call('getCanvasShares', { params: { entityId: companyId } });
}

export function useCanvasShares(companyId: number) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: workRelationKeys.shares(entityId, companyId), queryFn: () => getCanvasShares(companyId) });
}

/**
 * PATCH /api/canvas-shares/{companyId} {canvasSections, accessUntil?}: empty shares all
 * sections; accessUntil a day (YYYY-MM-DD) sets or extends the end of the access, null
 * removes it, absent keeps it.
 */
export function updateCanvasShares(companyId: number, canvasSections: readonly number[], accessUntil?: string | null): Promise<CanvasSharesResponse> {
  return call('updateCanvasShares', {
    params: { entityId: companyId },
    body: { canvasSections: [...canvasSections], ...(accessUntil === undefined ? {} : { accessUntil }) },
  });
}

/** Only what the section picker needs of the family's own canvas. */
const CanvasSectionList = z.object({ sections: z.array(z.object({ id: z.number(), title: z.string(), sequenceNumber: z.number() })) });
export type CanvasSectionOption = { id: number; title: string };

/** GET /api/canvas: the sections of the current family's canvas, in canvas order (the options of the canvas rights tab). */
export async function listOwnCanvasSections(): Promise<CanvasSectionOption[]> {
  const canvas = await call('getOwnCanvas', { schema: CanvasSectionList });
  return [...canvas.sections].sort((a, b) => a.sequenceNumber - b.sequenceNumber).map(({ id, title }) => ({ id, title }));
}

export function useOwnCanvasSections() {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: workRelationKeys.canvasSections(entityId), queryFn: listOwnCanvasSections });
}
