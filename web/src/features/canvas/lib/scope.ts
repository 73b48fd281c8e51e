import type { CanvasAbilities } from '../../../../../shared/contracts/canvas';

/** What the item forms need to know about the canvas they work on. */
export type CanvasScope = {
  familyId: number;
  abilities: CanvasAbilities;
  /** The categories an item can be created in (the overview: all visible ones). */
  categories: ReadonlyArray<{ id: number; title: string; colorCode: string }>;
};

/** docs/product/canvas.md#validation, #permissions: delete needs edit rights and one's own item, or owner/admin on one's own canvas. */
export function canDeleteItem(scope: CanvasScope, item: { createdByUserId: string }, userId: string | null): boolean {
  if (!scope.abilities.canEditCanvas) return false;
  return item.createdByUserId === userId || scope.abilities.canDeleteOthersItems;
}

/** docs/product/canvas.md#permissions: the edit form of a goal or action point is editable only for its creator with edit rights. */
export function canEditOwnItem(scope: CanvasScope, item: { createdByUserId: string }, userId: string | null): boolean {
  return scope.abilities.canEditCanvas && item.createdByUserId === userId;
}
