import { useMemo } from 'react';
import { lazyPart } from '../../../components/ui/lazy-dialog';
import { CanvasActivity } from '../components/CanvasActivity';
import { UndoResetNotice } from '../components/UndoResetNotice';
import type { ItemHistoryProps } from '../components/ItemHistory';
import type { CanvasHistoryScope } from '../lib/types';
import { useOfferUndo, type JournalScope } from './use-undo';

// An item's history shows in its form only: its code (and the before/after view) loads with the first form opened.
const ItemHistory = lazyPart(() => import('../components/ItemHistory').then((module) => module.ItemHistory));

/**
 * What the history gives a canvas page (the canvas feature's CanvasJournal): the Undo on
 * the toast of each own change, the Activity button (with Ctrl+Z), "Undo reset", and an item's own history in its form.
 * The app's canvas routes hand it to the canvas feature.
 */
export function useCanvasJournal() {
  const offerUndo = useOfferUndo();
  return useMemo(
    () => ({
      offerUndo: (toastId: number, scope: JournalScope) => void offerUndo(toastId, scope),
      renderTools: (scope: CanvasHistoryScope) => <CanvasActivity scope={scope} />,
      renderNotice: (scope: CanvasHistoryScope) => <UndoResetNotice scope={scope} />,
      renderItemHistory: (item: ItemHistoryProps) => <ItemHistory {...item} />,
    }),
    [offerUndo],
  );
}
