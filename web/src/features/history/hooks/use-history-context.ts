import { createContext, useContext } from 'react';

/** Features do not import each other or the app: the route hands in links and the canvas refresh. */
export type HistoryLinks = {
  /** The category page with one of its items opened (answer, takeaway, goal, action point). */
  item: (categoryId: number, itemId: string) => string;
};

export type HistoryContextValue = {
  links: HistoryLinks;
  /** Refetches the canvas after an undo or restore changed it. */
  onCanvasChanged: () => void;
  /** The title of a canvas item the page has loaded (a change's links name items by id); undefined when not on the canvas. */
  itemTitle?: (itemId: string) => string | undefined;
};

/** Provided by HistoryProvider (components/HistoryProvider.tsx), which also renders the dialogs that read it. */
export const HistoryContext = createContext<HistoryContextValue | null>(null);

export function useHistoryContext(): HistoryContextValue {
  const value = useContext(HistoryContext);
  if (!value) throw new Error('The history needs a HistoryProvider');
  return value;
}
