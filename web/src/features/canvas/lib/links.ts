import type { ActionPoint, Goal, LinkedItem, Takeaway } from '../../../../../shared/contracts/canvas';

/** docs/product/canvas.md#screens, docs/product/limits.md#canvas-limits: linked lists show 10 items, then 10 more on each show-more. */
export const linkPageSize = 10;

/** An item a form can link, or shows as linked. */
export type LinkOption = { id: string; title: string; categoryId: number; isClosed: boolean };

export const takeawayOption = (takeaway: Takeaway): LinkOption => ({
  id: takeaway.id,
  title: takeaway.title,
  categoryId: takeaway.categoryId,
  isClosed: takeaway.archived,
});
export const goalOption = (goal: Goal): LinkOption => ({ id: goal.id, title: goal.title, categoryId: goal.categoryId, isClosed: goal.completed });
export const actionPointOption = (actionPoint: ActionPoint): LinkOption => ({
  id: actionPoint.id,
  title: actionPoint.title,
  categoryId: actionPoint.categoryId,
  isClosed: actionPoint.completed,
});
export const linkedItemOption = (item: LinkedItem): LinkOption => ({ ...item });

/**
 * What a link list offers (docs/product/canvas.md#validation): the items already linked (kept even when closed
 * since, so a save does not drop them) and the open items not linked yet. Linked ones first.
 */
export function linkChoices(candidates: readonly LinkOption[], linkedIds: readonly string[], elsewhere: readonly LinkOption[] = []): LinkOption[] {
  const known = new Map<string, LinkOption>();
  for (const option of [...candidates, ...elsewhere]) if (!known.has(option.id)) known.set(option.id, option);
  const linked = linkedIds.flatMap((id) => {
    const option = known.get(id);
    return option ? [option] : [];
  });
  const open = candidates.filter((option) => !option.isClosed && !linkedIds.includes(option.id));
  return [...linked, ...open];
}

/** docs/product/canvas.md#rules: completing a goal asks first when a linked action point is still open. */
export function openLinkedActionPoints(goal: Pick<Goal, 'linkedActionPointIds'>, actionPoints: readonly Pick<ActionPoint, 'id' | 'completed'>[]): string[] {
  const open = new Set(actionPoints.filter((actionPoint) => !actionPoint.completed).map((actionPoint) => actionPoint.id));
  return goal.linkedActionPointIds.filter((id) => open.has(id));
}

/** docs/product/canvas.md#rules: archiving a takeaway asks first when a linked goal is not completed. */
export function openLinkedGoals(item: { linkedGoalIds: readonly string[] }, goals: readonly Pick<Goal, 'id' | 'completed'>[]): string[] {
  const open = new Set(goals.filter((goal) => !goal.completed).map((goal) => goal.id));
  return item.linkedGoalIds.filter((id) => open.has(id));
}

/** docs/product/canvas.md#screens hover: a takeaway lights up its linked goals and their action points. */
export function highlightOf(takeaway: Pick<Takeaway, 'linkedGoalIds'>, goals: readonly Goal[]): { goalIds: Set<string>; actionPointIds: Set<string> } {
  const goalIds = new Set(takeaway.linkedGoalIds);
  const actionPointIds = new Set(goals.filter((goal) => goalIds.has(goal.id)).flatMap((goal) => goal.linkedActionPointIds));
  return { goalIds, actionPointIds };
}
