/**
 * What a canvas page tells the history about itself (the canvas feature's CanvasToolsContext
 * has the same shape; features do not import each other).
 */
export type CanvasHistoryScope = {
  familyId: number;
  /** The family id for the API, or undefined on the family's own canvas. */
  apiFamilyId: number | undefined;
  canEdit: boolean;
  /** Owners and admins on their own canvas: undo anyone's change, restore anything, undo a reset. */
  canRevertOthers: boolean;
  sections: ReadonlyArray<{ id: number; title: string }>;
  people: ReadonlyArray<{ id: string; name: string }>;
};
