import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { t } from '../../../messages/en-US';
import { userIdAtom } from '../../../stores/session';
import { useToasts } from '../../../stores/toasts';
import { historyKeys } from '../api/keys';
import { listHistory } from '../api/list-history';
import { describeChange, isRevertEvent, latestUndoable } from '../lib/events';
import { undoSubject, useRevert } from './use-revert';

/** Which canvas a change was made on: the API's family id is left out on the family's own canvas. */
export type JournalScope = { familyId: number; apiFamilyId: number | undefined };

/** How long the Undo stays on a change's toast. */
const undoToastMs = 10_000;
/** Enough of one's own recent events to walk back over a few undos. */
const ownEventsForUndo = 50;

/**
 * After one's own change: finds its event (the newest of one's own on this canvas) and puts
 * an Undo on the change's toast. The event is looked up, not guessed, so an Undo can only
 * ever revert the user's own change.
 */
export function useOfferUndo() {
  const userId = useAtomValue(userIdAtom);
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const revert = useRevert();
  return useCallback(
    async (toastId: number, scope: JournalScope) => {
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      if (!userId) return;
      const page = await listHistory({ familyId: scope.apiFamilyId, userId, limit: 1 }).catch(() => null);
      const event = page?.results[0];
      if (!event || event.actor.userId !== userId || isRevertEvent(event)) return;
      toasts.addAction(toastId, { label: t('history.undo'), onAction: () => void revert(event, scope.apiFamilyId), subject: undoSubject(event) }, undoToastMs);
    },
    [queryClient, revert, toasts, userId],
  );
}

/** Text fields keep their own Ctrl+Z. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A dialog (a form, a confirmation) has the user's attention: the canvas behind it stays as it is. */
function isDialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]:not([data-activity-panel]), [role="alertdialog"]') !== null;
}

/**
 * Ctrl+Z (Cmd+Z on a Mac) on a canvas page undoes the user's own last change there that
 * is not undone yet (never anyone else's); pressed again, the one before. Outside text
 * fields and dialogs only, one at a time.
 */
export function useUndoShortcut(scope: JournalScope, isEnabled: boolean) {
  const userId = useAtomValue(userIdAtom);
  const toasts = useToasts();
  const revert = useRevert();
  const isBusy = useRef(false);

  const undoLast = useCallback(async () => {
    if (!userId || isBusy.current) return;
    isBusy.current = true;
    try {
      const page = await listHistory({ familyId: scope.apiFamilyId, userId, limit: ownEventsForUndo }).catch(() => null);
      if (!page) {
        toasts.show({ mode: 'error', text: t('history.undoFailed') });
        return;
      }
      const target = latestUndoable(page.results, userId);
      if (!target) {
        toasts.show({ mode: 'info', text: t('history.nothingToUndo') });
        return;
      }
      const change = describeChange(target);
      await revert(target, scope.apiFamilyId, `${t('history.undone')} (${change.charAt(0).toUpperCase()}${change.slice(1)})`);
    } finally {
      isBusy.current = false;
    }
  }, [revert, scope.apiFamilyId, toasts, userId]);

  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
      if (event.defaultPrevented || isEditable(event.target) || isDialogOpen()) return;
      event.preventDefault();
      void undoLast();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isEnabled, undoLast]);

  return undoLast;
}
