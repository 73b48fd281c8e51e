import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { HistoryEvent } from '../../../../shared/contracts/history';
import type { LiveCanvasChange } from '../../../../shared/contracts/live';
import { canvasKeys, useInvalidateCanvasContent } from '../../features/canvas/api/keys';
import { onServerClock } from '../../lib/api-client';
import { catchUpSince } from '../../features/canvas/live/catch-up';
import { useApplyCanvasChange } from '../../features/canvas/live/use-apply-canvas-change';
import { historyKeys, historyQueryTouchedBy } from '../../features/history/api/keys';
import { newestHistoryMark, type HistoryMark } from '../../features/history/api/missed-events';

/** Event ids applied lately (live, or by a catch-up), so one seen twice is applied once. */
const appliedKept = 1_000;

/**
 * The live channel and the canvas cache (docs/product/live.md#in-the-browser): each change's
 * items, as the server shaped them for this reader, are put into the cached overview and
 * category pages by id (refetched only where they cannot be), the history lists are read
 * again. The echo of this browser's own write changes nothing: its items come at the version
 * the write's answer already put in the cache (apply-live-change.ts keeps an item that is the
 * same or newer). After a reconnect the changes missed while away come from the history since
 * the last one seen, with their items as the server shaped them for this reader now
 * (features/canvas/live/catch-up.ts), applied by id the same way. On the first open the page has
 * just read the canvas, but before the socket listened: the same catch-up, from when that read was
 * answered (on the server's clock), brings what was written meanwhile, and the canvas is not read a
 * second time. Where the cache stands is unknown (no read to start from, a long absence, a failed
 * read), the newest event is noted and the canvas is read again.
 */
export function useLiveCanvasSync() {
  const queryClient = useQueryClient();
  const applyCanvasChange = useApplyCanvasChange();
  const invalidateCanvas = useInvalidateCanvasContent();
  /** Up to where the cache has the canvas's changes; null until known. */
  const mark = useRef<{ familyId: number; at: HistoryMark | null } | null>(null);
  const firstOpenMark = useFirstOpenMark();
  const applied = useRef(new Set<string>());

  /** Notes an event as applied (false when it was already); the caller applies its items. */
  const note = useCallback((event: HistoryEvent): boolean => {
    if (applied.current.has(event.id)) return false;
    applied.current.add(event.id);
    if (applied.current.size > appliedKept) applied.current.delete(applied.current.values().next().value as string);
    const current = mark.current;
    if (current?.familyId === event.familyId && (current.at === null || event.id > current.at.id))
      current.at = { id: event.id, createdDate: event.createdDate };
    return true;
  }, []);

  const onChange = useCallback(
    (event: HistoryEvent, canvas: LiveCanvasChange) => {
      if (note(event)) void applyCanvasChange(canvas);
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    },
    [applyCanvasChange, note, queryClient],
  );

  const onResync = useCallback(
    /** Resolves to the changes it caught up on (the live feature highlights them). */
    async ({ familyId, isReconnect }: { familyId: number; isReconnect: boolean }): Promise<HistoryEvent[]> => {
      // The history lists the page just read on a first open are read again only if something was missed.
      if (isReconnect) void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      const known = mark.current?.familyId === familyId ? mark.current : isReconnect ? null : firstOpenMark(familyId);
      if (known) {
        if (!isReconnect) mark.current = known;
        try {
          const missed = await catchUpSince(familyId, known.at);
          if (missed) {
            const caughtUp = missed.events.filter(note);
            // The pages' items as this reader sees them now; nothing to do when every event was applied already.
            if (caughtUp.length > 0) for (const change of missed.changes) void applyCanvasChange(change);
            if (!isReconnect) {
              void queryClient.invalidateQueries({ queryKey: historyKeys.all, predicate: (query) => historyQueryTouchedBy(query.queryKey, caughtUp) });
            }
            return caughtUp;
          }
        } catch (error) {
          console.warn('Catching up on the canvas history failed: the canvas is read again', error);
        }
      }
      // Note the newest event first: the canvas read after it has at least that much.
      mark.current = null;
      if (!isReconnect) void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      try {
        mark.current = { familyId, at: await newestHistoryMark(familyId) };
      } catch (error) {
        console.warn('The canvas history could not be read: the next reconnect reads the canvas again', error);
      }
      await invalidateCanvas();
      return [];
    },
    [applyCanvasChange, firstOpenMark, invalidateCanvas, note, queryClient],
  );

  return { onChange, onResync };
}

/**
 * Where the cache stands when the socket first opens: the earliest answer of this canvas's pages shown
 * now (the overview, a category), on the server's clock, as a mark with no event id (any event counts as
 * newer). Null when no page of it is cached or the server's clock is not known yet.
 */
function useFirstOpenMark() {
  const queryClient = useQueryClient();
  return useCallback(
    (familyId: number): { familyId: number; at: HistoryMark } | null => {
      const answeredAt = queryClient
        .getQueryCache()
        .findAll({ queryKey: canvasKeys.content, type: 'active' })
        // The overview's id and a category's familyId are the family's id.
        .filter((query) => {
          const data = query.state.data as { familyId?: number; id?: number } | undefined;
          return data !== undefined && (data.familyId ?? data.id) === familyId;
        })
        .map((query) => query.state.dataUpdatedAt);
      if (answeredAt.length === 0) return null;
      const serverMs = onServerClock(Math.min(...answeredAt));
      return serverMs === null ? null : { familyId, at: { id: '', createdDate: new Date(serverMs).toISOString() } };
    },
    [queryClient],
  );
}
