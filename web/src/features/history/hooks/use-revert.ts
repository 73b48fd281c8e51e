import { useQueryClient } from '@tanstack/react-query';
import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { ItemChangedDetails, type HistoryEvent } from '../../../../../shared/contracts/history';
import { ErrorCodes } from '../../../../../shared/errors';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { historyKeys } from '../api/keys';
import { revertEvent } from '../api/revert-event';
import { useHistoryContext } from './use-history-context';

/** A refused undo (409, code 71): the event and the item as it is now, for the explaining dialog. */
export type ItemChangedConflict = { event: HistoryEvent; details: ItemChangedDetails | null };

export const itemChangedConflictAtom = atom<ItemChangedConflict | null>(null);

/** What an Undo toast is about: the item its event changed. */
export const undoSubject = (event: HistoryEvent) => `undo:${event.itemId}`;

/**
 * Undoes an event (its whole batch) and refreshes the canvas and the history. Success
 * shows `successText`; a refusal because the item changed since opens the dialog that
 * says who changed it; other failures a short error toast. Resolves to whether it worked.
 */
export function useRevert() {
  const { onCanvasChanged } = useHistoryContext();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const setConflict = useSetAtom(itemChangedConflictAtom);
  return useCallback(
    async (event: HistoryEvent, apiFamilyId: number | undefined, successText: string = t('history.undone')): Promise<boolean> => {
      try {
        await revertEvent(event, apiFamilyId);
        toasts.show({ mode: 'success', text: successText });
        return true;
      } catch (error) {
        if (isApiError(error) && error.errorCode === ErrorCodes.ITEM_CHANGED) {
          const details = ItemChangedDetails.safeParse(error.details);
          setConflict({ event, details: details.success ? details.data : null });
          // The item changed since: an Undo still offered for it (the change's toast, when this came by Ctrl+Z or the Activity) would fail the same way.
          toasts.dismissAbout(undoSubject(event));
        } else if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) {
          toasts.show({ mode: 'error', text: t('history.undoFailed') });
        }
        return false;
      } finally {
        void queryClient.invalidateQueries({ queryKey: historyKeys.all });
        onCanvasChanged();
      }
    },
    [onCanvasChanged, queryClient, setConflict, toasts],
  );
}
