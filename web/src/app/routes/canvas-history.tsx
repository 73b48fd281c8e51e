import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { canvasKeys, useInvalidateCanvasContent } from '../../features/canvas/api/keys';
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
  const queryClient = useQueryClient();
  // A change's links name items by id: their titles come from the canvas pages already loaded.
  const itemTitle = useCallback((itemId: string) => cachedItemTitle(queryClient, itemId), [queryClient]);
  // Each change's items (live, or from the history after a reconnect) go into the cached canvas by id; read again only where they cannot.
  const live = useLiveCanvasSync();
  const store = useStore();
  const navigate = useNavigate();
  // Signed out from another device: said at once, not as "session expired" on the next click.
  const onSignedOut = () => endSession({ store, navigate: (to) => void navigate(to) }, 'signedOut');
  return (
    <HistoryProvider links={historyLinks} onCanvasChanged={() => void invalidateCanvas()} itemTitle={itemTitle}>
      <LiveProvider
        onChange={live.onChange}
        onResync={live.onResync}
        onAccessChanged={() => void invalidateCanvas()}
        onSignedOut={onSignedOut}
        createSocket={createSocket}
      >
        <JournalBridge>{children}</JournalBridge>
      </LiveProvider>
    </HistoryProvider>
  );
}

function JournalBridge({ children }: { children: ReactNode }) {
  const history = useCanvasJournal();
  const live = useLive();
  const isAccessEnded = live?.isAccessEnded === true;
  const sectionsHidden = live?.sectionsHidden;
  // The same object while the live state changes (status, people, notes): the parts it renders read that state
  // themselves, and every card of the canvas that reads the journal need not render again (bench/lighthouse.ts).
  const journal: CanvasJournal = useMemo(
    () => ({
      ...history,
      isAccessEnded,
      sectionsHidden,
      renderTools: (context) => (
        <>
          <LiveTools familyId={context.familyId} categoryId={context.categoryId ?? null} />
          {history.renderTools(context)}
        </>
      ),
      renderCategoryPeople: (categoryId) => <CategoryPeople categoryId={categoryId} />,
      renderItemNote: (itemId) => <ItemLiveNote itemId={itemId} />,
      renderEditing: (itemId) => <ReportEditing itemId={itemId} />,
    }),
    [history, isAccessEnded, sectionsHidden],
  );
  return <CanvasJournalProvider journal={journal}>{children}</CanvasJournalProvider>;
}

/** The title of a canvas item in the loaded canvas pages (the overview, category pages), if any shows it. */
function cachedItemTitle(queryClient: QueryClient, itemId: string): string | undefined {
  const find = (value: unknown, depth: number): string | undefined => {
    if (depth > 8 || value === null || typeof value !== 'object') return undefined;
    if (Array.isArray(value)) {
      for (const entry of value) {
        const found = find(entry, depth + 1);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    const record = value as Record<string, unknown>;
    if (record.id === itemId && typeof record.title === 'string') return record.title;
    for (const entry of Object.values(record)) {
      const found = find(entry, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  for (const [, data] of queryClient.getQueriesData({ queryKey: canvasKeys.content })) {
    const found = find(data, 0);
    if (found !== undefined) return found;
  }
  return undefined;
}
