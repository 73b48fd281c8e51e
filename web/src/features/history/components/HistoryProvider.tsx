import type { ReactNode } from 'react';
import { HistoryContext, type HistoryContextValue } from '../hooks/use-history-context';
import { ItemChangedDialog } from './ItemChangedDialog';
import { ShortcutsHelp } from './ShortcutsHelp';

/** Wraps a canvas page: the links and refresh the history needs, and the one "item changed since" dialog. */
export function HistoryProvider({ links, onCanvasChanged, itemTitle, children }: HistoryContextValue & { children: ReactNode }) {
  return (
    <HistoryContext.Provider value={{ links, onCanvasChanged, itemTitle }}>
      {children}
      <ItemChangedDialog />
      <ShortcutsHelp />
    </HistoryContext.Provider>
  );
}
