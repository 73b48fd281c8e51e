import { createContext, useContext, type ReactNode } from 'react';
import { ItemChangedDialog } from '../components/ItemChangedDialog';

/** Features do not import each other or the app: the route hands in links and the canvas refresh. */
export type HistoryLinks = {
  /** The category page with one of its items opened (answer, takeaway, goal, action point). */
  item: (categoryId: number, itemId: string) => string;
};

export type HistoryContextValue = {
  links: HistoryLinks;
  /** Refetches the canvas after an undo or restore changed it. */
  onCanvasChanged: () => void;
};

const HistoryContext = createContext<HistoryContextValue | null>(null);

/** Wraps a canvas page: the links and refresh the history needs, and the one "item changed since" dialog. */
export function HistoryProvider({ links, onCanvasChanged, children }: HistoryContextValue & { children: ReactNode }) {
  return (
    <HistoryContext.Provider value={{ links, onCanvasChanged }}>
      {children}
      <ItemChangedDialog />
    </HistoryContext.Provider>
  );
}

export function useHistoryContext(): HistoryContextValue {
  const value = useContext(HistoryContext);
  if (!value) throw new Error('The history needs a HistoryProvider');
  return value;
}
