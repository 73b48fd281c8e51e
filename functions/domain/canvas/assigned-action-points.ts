import type { MyActionPoint } from '../../../shared/contracts/my-actions';
import { EntityType, priorities } from '../../../shared/enums';
import { canSeeSection, type CanvasAccess } from '../../../shared/permissions';
import { decideAccess } from '../access/decide';
import { batchGetItems } from '../../lib/db/table';
import type { CategoryItem, GoalItem } from '../../records/items';
import type { EntityItem } from '../../records/entities';
import { entityIdOfPartition, familyIdOfCanvasPartition, keys } from '../../lib/db/keys';
import type { Session } from '../sessions/session';
import { CanvasSnapshot } from './context';
import { queryAssignedActionPoints } from '../../records/items';

type Membership = NonNullable<Session['membership']>;

/**
 * A user's open action points across families ("My actions", the digest), in two round
 * trips whatever the number of canvases: one Query of the assignee index
 * (keys.assignedActionPoint, kept on an action point only while it is open and assigned),
 * then one BatchGet of what decides who sees what and names it — per family the canvas
 * item, the family, and for each advisor membership the company's relation and the user's
 * role there — plus the items' categories and linked goals. An item counts only where
 * one of `memberships` can read the canvas and see its section (shared/permissions.ts);
 * linked goals of hidden sections are left out.
 */
export async function assignedActionPoints(userId: string, memberships: readonly Membership[]): Promise<MyActionPoint[]> {
  if (!memberships.length) return [];
  const indexed = await queryAssignedActionPoints(userId);
  // The index is eventually consistent: an item completed a moment ago may still be listed.
  const open = indexed.filter((item) => item.assigneeId === userId && !item.completed);
  if (!open.length) return [];
  const familyIdOf = (item: { PK: string }) => familyIdOfCanvasPartition(item.PK);
  const families = [...new Set(open.map(familyIdOf))];
  const advisorMemberships = memberships.filter((membership) => membership.entityTypeId === EntityType.AdvisorCompany);
  const wanted = families.flatMap((familyId) => [
    keys.canvas(familyId),
    keys.entity(familyId),
    ...advisorMemberships.flatMap((membership) => [
      keys.workRelation(familyId, membership.entityId),
      keys.workRelationMember(familyId, membership.entityId, userId),
    ]),
  ]);
  for (const item of open) {
    const familyId = familyIdOf(item);
    wanted.push(keys.category(familyId, item.categoryId));
    for (const goalId of item.linkedGoalIds ?? []) wanted.push(keys.goal(familyId, goalId));
  }
  const found = await batchGetItems<Record<string, unknown> & { PK: string; SK: string }>(wanted);
  const byPartition = new Map<string, Array<Record<string, unknown> & { PK: string; SK: string }>>();
  const names = new Map<number, string>();
  for (const record of found) {
    const entityId = entityIdOfPartition(record.PK);
    if (entityId !== undefined) names.set(entityId, (record as unknown as EntityItem).entityName);
    else byPartition.set(record.PK, [...(byPartition.get(record.PK) ?? []), record]);
  }
  const accessOf = new Map<number, CanvasAccess[]>();
  const snapshots = new Map<number, CanvasSnapshot>();
  for (const familyId of families) {
    const snapshot = CanvasSnapshot.fromItems(byPartition.get(keys.canvasPartition(familyId)) ?? []);
    snapshots.set(familyId, snapshot);
    if (!snapshot.meta) continue;
    // The one access decision (functions/domain/access/decide.ts) for each membership on this canvas.
    const accesses = memberships.flatMap((membership) => {
      const decision = decideAccess({ userId, membership: { decided: membership }, canvas: { familyId, relations: snapshot } });
      return decision.allowed && decision.canvasAccess ? [decision.canvasAccess] : [];
    });
    accessOf.set(familyId, accesses);
  }
  const sees = (familyId: number, sectionId: number) => (accessOf.get(familyId) ?? []).some((access) => canSeeSection(access, sectionId));
  const result: MyActionPoint[] = [];
  for (const item of open) {
    const familyId = familyIdOf(item);
    if (!sees(familyId, item.sectionId)) continue;
    const snapshot = snapshots.get(familyId)!;
    const category = snapshot.categories.get(item.categoryId) as CategoryItem | undefined;
    const goals = [...(item.linkedGoalIds ?? [])]
      .map((goalId) => snapshot.goals.get(goalId) as GoalItem | undefined)
      .filter((goal): goal is GoalItem => goal !== undefined && sees(familyId, goal.sectionId));
    result.push({
      id: item.id,
      familyId,
      familyName: names.get(familyId) ?? snapshot.meta?.title ?? '',
      sectionId: item.sectionId,
      categoryId: item.categoryId,
      categoryTitle: category?.title ?? '',
      categoryColorCode: category?.colorCode ?? 'A5A5A5',
      title: item.title,
      priority: item.priority,
      dueDate: item.dueDate ?? null,
      linkedGoals: goals.map((goal) => ({ id: goal.id, categoryId: goal.categoryId, title: goal.title })).sort((a, b) => a.title.localeCompare(b.title)),
      createdDate: item.createdAt,
    });
  }
  return result.sort(byDueDateThenPriority);
}

/** Due date first (so overdue ones lead and undated ones trail), then priority (high first), then title. */
export function byDueDateThenPriority(
  a: Pick<MyActionPoint, 'dueDate' | 'priority' | 'title'>,
  b: Pick<MyActionPoint, 'dueDate' | 'priority' | 'title'>,
): number {
  const due = (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31');
  if (due) return due;
  const priority = priorities.indexOf(a.priority) - priorities.indexOf(b.priority);
  return priority || a.title.localeCompare(b.title);
}
