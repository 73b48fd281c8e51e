import type { ActionPoint, Canvas, Goal } from '../../../../../shared/contracts/canvas';
import { goalTerms, priorities, type GoalTerm, type Priority } from '../../../../../shared/enums';

/** One column of the goals and actions tab: the open items, and the completed ones apart. */
export type Column<K extends string, T> = { key: K; active: T[]; completed: T[] };

function columns<K extends string, T extends { completed: boolean }>(keys: readonly K[], items: readonly T[], keyOf: (item: T) => K): Column<K, T>[] {
  return keys.map((key) => {
    const inColumn = items.filter((item) => keyOf(item) === key);
    return { key, active: inColumn.filter((item) => !item.completed), completed: inColumn.filter((item) => item.completed) };
  });
}

/** docs/product/canvas.md#screens: goals in short, mid, long and no term columns. */
export function goalColumns(goals: readonly Goal[]): Column<GoalTerm, Goal>[] {
  return columns(goalTerms, goals, (goal) => goal.goalTerm);
}

/** docs/product/canvas.md#screens: action points in high, medium, low and no priority columns. */
export function actionPointColumns(actionPoints: readonly ActionPoint[]): Column<Priority, ActionPoint>[] {
  return columns(priorities, actionPoints, (actionPoint) => actionPoint.priority);
}

/** Every category of the canvas, in canvas order. */
export function allCategories(canvas: Canvas) {
  return canvas.sections.flatMap((section) => section.categories);
}

export function allGoals(canvas: Canvas): Goal[] {
  return allCategories(canvas).flatMap((category) => category.goals);
}

export function allActionPoints(canvas: Canvas): ActionPoint[] {
  return allCategories(canvas).flatMap((category) => category.actionPoints);
}

/** Whether anyone has written a takeaway, goal or action point anywhere on the canvas (archived and completed ones count too). */
export function hasCanvasContent(canvas: Canvas): boolean {
  return allCategories(canvas).some((category) => category.takeaways.length > 0 || category.goals.length > 0 || category.actionPoints.length > 0);
}
