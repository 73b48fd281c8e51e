import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import * as z from 'zod';
import { ErrorCodes } from '../../../../../shared/errors';
import { call, isApiError } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { workInvitationKeys } from './keys';

/** What the invite advisor page needs of the family's canvas: its title and its sections, in canvas order. */
const CanvasOutline = z.object({
  id: z.number(),
  title: z.string(),
  sections: z.array(z.object({ id: z.number(), title: z.string(), sequenceNumber: z.number() })),
});
export type CanvasOutline = z.infer<typeof CanvasOutline>;

/**
 * GET /api/canvas (docs/product/invitations.md#calls): the current family's canvas, read for its title and
 * section titles. A family without a canvas yet (4) has none: null.
 */
export async function getCanvasOutline(): Promise<CanvasOutline | null> {
  try {
    const canvas = await call('getOwnCanvas', { schema: CanvasOutline });
    return { ...canvas, sections: [...canvas.sections].sort((a, b) => a.sequenceNumber - b.sequenceNumber) };
  } catch (error) {
    if (isApiError(error) && error.errorCode === ErrorCodes.ITEM_NOT_FOUND) return null;
    throw error;
  }
}

export function useCanvasOutline() {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: workInvitationKeys.canvasOutline(entityId), queryFn: getCanvasOutline });
}
