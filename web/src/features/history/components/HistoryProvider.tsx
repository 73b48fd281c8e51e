import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import { HistoryContext, type HistoryContextValue } from '../hooks/use-history-context';
import { itemChangedConflictAtom } from '../hooks/use-revert';
import { ShortcutsHelp } from './ShortcutsHelp';

// Shown only when an undo meets a change (409): its code loads then (the canvas's first-visit budget, bench/spa-size.ts).
const ItemChangedDialog = lazyDialog<{ isOpen: boolean }>(() => import('./ItemChangedDialog').then((module) => module.ItemChangedDialog));

function ItemChangedDialogWhenNeeded() {
  const conflict = useAtomValue(itemChangedConflictAtom);
  return <ItemChangedDialog isOpen={conflict !== null} />;
}

/** Wraps a canvas page: the links and refresh the history needs, and the one "item changed since" dialog. */
export function HistoryProvider({ links, onCanvasChanged, itemTitle, children }: HistoryContextValue & { children: ReactNode }) {
  return (
    <HistoryContext.Provider value={{ links, onCanvasChanged, itemTitle }}>
      {children}
      <ItemChangedDialogWhenNeeded />
      <ShortcutsHelp />
    </HistoryContext.Provider>
  );
}
