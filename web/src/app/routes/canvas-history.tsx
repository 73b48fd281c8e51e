import { useStore } from 'jotai';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useInvalidateCanvasContent } from '../../features/canvas/api/keys';
import { CanvasJournalProvider, type CanvasJournal } from '../../features/canvas/hooks/use-canvas-journal';
import { HistoryProvider } from '../../features/history/components/HistoryProvider';
import type { HistoryLinks } from '../../features/history/hooks/use-history-context';
import { useCanvasJournal } from '../../features/history/hooks/use-canvas-journal';
import { CategoryPeople, ItemLiveNote, LiveTools } from '../../features/live/components/LiveTools';
import { ReportEditing } from '../../features/live/components/ReportEditing';
import { LiveProvider, useLive } from '../../features/live/hooks/use-live';
import { paths } from '../paths';
import { endSession } from '../session';
import { useLiveCanvasSync } from './use-live-canvas-sync';

const historyLinks: HistoryLinks = {
  item: (categoryId, itemId) => paths.canvasCategory({ categoryId }, { open: itemId }),
};

/**
 * The canvas pages with their history and live updates (features do not import each
 * other, so the app joins them): the Activity panel, Undo on each own change, Ctrl/Cmd+Z
 * and "Undo reset" from the history feature, the canvas refreshed after an undo; who is
 * here, "X is editing" and the changes of others as they happen from the live feature.
 */
export function CanvasWithHistory({
  children,
  createSocket,
}: {
  children: ReactNode;
  /** Tests pass a fake socket. */ createSocket?: (url: string) => WebSocket;
}) {
  const invalidateCanvas = useInvalidateCanvasContent();
  // Each change's items (live, or from the history after a reconnect) go into the cached canvas by id; read again only where they cannot.
  const live = useLiveCanvasSync();
  const store = useStore();
  const navigate = useNavigate();
  // Signed out from another device: said at once, not as "session expired" on the next click.
  const onSignedOut = () => endSession({ store, navigate: (to) => void navigate(to) }, 'signedOut');
  return (
    <HistoryProvider links={historyLinks} onCanvasChanged={() => void invalidateCanvas()}>
      <LiveProvider onChange={live.onChange} onResync={live.onResync} onSignedOut={onSignedOut} createSocket={createSocket}>
        <JournalBridge>{children}</JournalBridge>
      </LiveProvider>
    </HistoryProvider>
  );
}

function JournalBridge({ children }: { children: ReactNode }) {
  const history = useCanvasJournal();
  const live = useLive();
  const journal: CanvasJournal = {
    ...history,
    isAccessEnded: live?.isAccessEnded === true,
    renderTools: (context) => (
      <>
        <LiveTools familyId={context.familyId} categoryId={context.categoryId ?? null} />
        {history.renderTools(context)}
      </>
    ),
    renderCategoryPeople: (categoryId) => <CategoryPeople categoryId={categoryId} />,
    renderItemNote: (itemId) => <ItemLiveNote itemId={itemId} />,
    renderEditing: (itemId) => <ReportEditing itemId={itemId} />,
  };
  return <CanvasJournalProvider journal={journal}>{children}</CanvasJournalProvider>;
}
