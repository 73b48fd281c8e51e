import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { PersonOption } from './use-canvas-people';

/** Which canvas a page shows, as the history needs it (the API leaves the family id out on one's own canvas). */
export type CanvasJournalScope = { familyId: number; apiFamilyId: number | undefined };

/** What a canvas page tells the history tools about itself. */
export type CanvasToolsContext = CanvasJournalScope & {
  canEdit: boolean;
  /** Owners and admins on their own canvas: undo anyone's change, restore anything, undo a reset. */
  canRevertOthers: boolean;
  sections: ReadonlyArray<{ id: number; title: string }>;
  people: readonly PersonOption[];
  /** On a category page: its category (where the user is, for the others' presence). */
  categoryId?: number;
};

/**
 * The canvas journal's part in the canvas pages (issue "every change recorded"): the app
 * hands in the history feature's tools, since features do not import each other. Without
 * a provider the pages work as before, without undo.
 */
export type CanvasJournal = {
  /** After one's own change: offer Undo on the change's success toast. */
  offerUndo: (toastId: number, scope: CanvasJournalScope) => void;
  /** In the page header: the Activity button and drawer. */
  renderTools?: (context: CanvasToolsContext) => ReactNode;
  /** Above the content: notices such as "Undo reset". */
  renderNotice?: (context: CanvasToolsContext) => ReactNode;
  /** On a category card: who is on that category now (the live canvas). */
  renderCategoryPeople?: (categoryId: number) => ReactNode;
  /** On an item: who is editing it, or who just changed it. */
  renderItemNote?: (itemId: string) => ReactNode;
  /** Inside an open item form: the item's own history with "Restore this version" (the history feature's). */
  renderItemHistory?: (item: ItemHistorySlot) => ReactNode;
  /** Inside an open item form: tells the others that the user is editing it. */
  renderEditing?: (itemId: string) => ReactNode;
  /** The live channel said the user's access to this canvas ended: the pages turn read-only and say so. */
  isAccessEnded?: boolean;
  /**
   * Sections the family stopped sharing with the user's company while the canvas was open (the live
   * channel's `accessChanged`): the overview names those gone from it; a category page of one whose read
   * is then refused keeps what it showed, read-only (isAccessEnded with `lostSection`, its title).
   */
  sectionsHidden?: ReadonlyArray<{ id: number; title: string }>;
  /** Set with isAccessEnded on a category page whose section is no longer shared: the words name it instead of the whole canvas. */
  lostSection?: string;
};

/** What an item form tells its history: which item, the version it read, whether the user may change it. */
export type ItemHistorySlot = {
  itemId: string;
  version: number | undefined;
  apiFamilyId: number | undefined;
  canRestore: boolean;
  people: ReadonlyArray<{ id: string; name: string }>;
  onRestored: () => void;
};

const noJournal: CanvasJournal = { offerUndo: () => undefined };

const CanvasJournalContext = createContext<CanvasJournal>(noJournal);
const JournalScopeContext = createContext<CanvasJournalScope | null>(null);

export function CanvasJournalProvider({ journal, children }: { journal: CanvasJournal; children: ReactNode }) {
  return <CanvasJournalContext.Provider value={journal}>{children}</CanvasJournalContext.Provider>;
}

/** Set by the overview and the category page: the canvas their changes are made on. */
export function CanvasJournalScopeProvider({ scope, children }: { scope: CanvasJournalScope; children: ReactNode }) {
  return <JournalScopeContext.Provider value={scope}>{children}</JournalScopeContext.Provider>;
}

export function useCanvasJournal(): CanvasJournal {
  return useContext(CanvasJournalContext);
}

/** The canvas of the page around (null outside a canvas page). */
export function useJournalScope(): CanvasJournalScope | null {
  return useContext(JournalScopeContext);
}

/** Offers Undo on the toast of an own change, on the canvas of the page around. */
export function useOfferUndo(): (toastId: number) => void {
  const journal = useContext(CanvasJournalContext);
  const scope = useContext(JournalScopeContext);
  return useCallback((toastId: number) => (scope ? journal.offerUndo(toastId, scope) : undefined), [journal, scope]);
}
