import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import type { Canvas } from '../../../../../shared/contracts/canvas';
import { local, storageKeys } from '../../../stores/browser-storage';
import { userIdAtom } from '../../../stores/session';

// Kept apart from the tour itself (../components/CanvasTour.tsx), which loads only when it is due.

/** Whether the tour is due: a family member on their own canvas after their first login (auth's finishLogin marks it). */
export function useCanvasTour(canvas: Canvas): { isDue: boolean; close: () => void } {
  const userId = useAtomValue(userIdAtom);
  const key = userId === null ? null : storageKeys.canvasTourDue(userId);
  const wasDue = useMemo(() => key !== null && local.get(key) !== null, [key]);
  const [closedKey, setClosedKey] = useState<string | null>(null);
  const isDue = key !== null && wasDue && closedKey !== key && canvas.abilities.accessKind === 'own';
  const close = () => {
    if (key === null || userId === null) return;
    local.remove(key);
    local.set(storageKeys.canvasIntroDismissed(userId, canvas.id), new Date().toISOString());
    setClosedKey(key);
  };
  return { isDue, close };
}
