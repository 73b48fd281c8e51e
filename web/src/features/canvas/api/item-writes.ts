import { useMutation } from '@tanstack/react-query';
import type { ActionPoint, Goal, Takeaway } from '../../../../../shared/contracts/canvas';
import { useApplyOwnWrite, type OwnItem } from '../live/use-apply-canvas-change';
import { archiveTakeaway } from './archive-takeaway';
import { completeActionPoint } from './complete-action-point';
import { completeGoal } from './complete-goal';
import { deleteActionPoint } from './delete-action-point';
import { deleteGoal } from './delete-goal';
import { deleteTakeaway } from './delete-takeaway';

type ItemKind = Exclude<OwnItem['kind'], 'answer'>;
type Item = Goal | ActionPoint | Takeaway;
type ClosingChange = { id: string; closed: boolean; version: number };

/** docs/product/canvas.md#rules: goals and action points are completed or made active again, takeaways archived or brought back. */
const setClosedOf: Record<ItemKind, (change: ClosingChange) => Promise<Item>> = {
  goal: ({ id, closed, version }) => completeGoal({ id, completed: closed, version }),
  actionPoint: ({ id, closed, version }) => completeActionPoint({ id, completed: closed, version }),
  takeaway: ({ id, closed, version }) => archiveTakeaway({ id, archived: closed, version }),
};

const deleteOf: Record<ItemKind, (id: string) => Promise<void>> = { goal: deleteGoal, actionPoint: deleteActionPoint, takeaway: deleteTakeaway };

/**
 * The writes of one item form (docs/product/canvas.md#calls). An answer goes into the cache and the live echo adds what it
 * cannot carry; a deleted item is removed by id and the echo brings the linked items' new versions (use-apply-canvas-change.ts).
 */
export function useItemWrites(kind: ItemKind) {
  const own = useApplyOwnWrite();
  // The answer of a form's write is an item of the form's kind.
  const saved = (item: Item) => own.saved({ kind, item } as OwnItem);
  return {
    /** Creates or updates the item: the form names the call, as its body differs per kind. */
    save: useMutation({ mutationFn: (write: () => Promise<Item>) => write(), onSuccess: saved }),
    setClosed: useMutation({ mutationFn: (change: ClosingChange) => setClosedOf[kind](change), onSuccess: saved }),
    remove: useMutation({ mutationFn: (id: string) => deleteOf[kind](id), onSuccess: (_done, id) => own.deleted(kind, id) }),
  };
}
