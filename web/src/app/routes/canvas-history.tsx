import type { ReactNode } from 'react';
import { useInvalidateCanvasContent } from '../../features/canvas/api/keys';
import { CanvasJournalProvider } from '../../features/canvas/hooks/use-canvas-journal';
import { HistoryProvider, type HistoryLinks } from '../../features/history/hooks/use-history-context';
import { useCanvasJournal } from '../../features/history/hooks/use-canvas-journal';
import { paths } from '../paths';

const historyLinks: HistoryLinks = {
  item: (categoryId, itemId) => paths.canvasCategory({ categoryId }, { open: itemId }),
};

/**
 * The canvas pages with their history (features do not import each other, so the app
 * joins them): the Activity panel, Undo on each own change, Ctrl/Cmd+Z and "Undo reset"
 * from the history feature, and the canvas refreshed after an undo.
 */
export function CanvasWithHistory({ children }: { children: ReactNode }) {
  const invalidateCanvas = useInvalidateCanvasContent();
  return (
    <HistoryProvider links={historyLinks} onCanvasChanged={() => void invalidateCanvas()}>
      <JournalBridge>{children}</JournalBridge>
    </HistoryProvider>
  );
}

function JournalBridge({ children }: { children: ReactNode }) {
  const journal = useCanvasJournal();
  return <CanvasJournalProvider journal={journal}>{children}</CanvasJournalProvider>;
}
