import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CategoryTypeId, GoalTerm, Priority, SectionTypeId } from '../../shared/enums';
import { db, tableName } from '../lib/db/client';
import { canvasRecordKindOf, keys } from '../lib/db/keys';
import { queryAll, allOf, itemExists, itemIsNew, type Condition, type Key, type UpdateSpec, type Write } from '../lib/db/table';
import type { LinkField } from '../../shared/canvas-links';

/**
 * The canvas of a family: every item in the partition CANVAS#<familyId> (docs/data-model.md),
 * so a whole canvas is one paginated Query. Items stay small (ids, short texts, no
 * counters): a canvas of 1,000 items is one Query page.
 *
 * Fewer items make that Query cheaper, so the per-user facts live on the item they are
 * about, as string sets: the voters of an answer or takeaway (`voterIds`: one vote per
 * user, the vote count is its size) and who answered a question (`answeredBy`: one answer
 * per user and question). Conditions on those sets hold both rules in a race.
 *
 * Links between takeaways, goals and action points are string sets on both items
 * (absent when empty), changed in one transaction with ADD/DELETE on the other side.
 * Every content item carries a `version` that each write bumps, so an update that
 * rewrites an item's own link set can be conditioned on the version it read.
 */

export type CanvasMetaItem = {
  type: 'Canvas';
  familyId: number;
  title: string;
  createdAt: string;
  createdByUserId: string;
  /** The family's choice: advisors see which other advisor companies work with it (absent: no). */
  advisorCompaniesVisibleToAdvisors?: boolean;
};

/** Sections and categories name their creator: the canvas's creator for the template's. */
export type SectionItem = { type: 'Section'; id: number; sectionTypeId: SectionTypeId; title: string; sequenceNumber: number; createdByUserId: string };

export type CategoryItem = {
  type: 'Category';
  id: number;
  sectionId: number;
  categoryTypeId: CategoryTypeId;
  title: string;
  colorCode: string;
  sequenceNumber: number;
  createdByUserId: string;
};

export type QuestionItem = {
  type: 'Question';
  id: string;
  categoryId: number;
  sectionId: number;
  text: string;
  sequenceNumber: number;
  /** The users with an answer to this question (absent when none). */
  answeredBy?: Set<string>;
};

/** What every answer, takeaway, goal and action point carries. sectionId is copied so visibility needs no lookup. */
type ContentBase = {
  id: string;
  categoryId: number;
  sectionId: number;
  createdByUserId: string;
  createdAt: string;
  version: number;
  /** The last journaled change of the item (its own or a link another item made), and by whom: "since your last visit". */
  changedAt?: string;
  changedByUserId?: string;
};

/** The users who voted for an answer or takeaway (absent when nobody did). */
type Votable = { voterIds?: Set<string> };

export type AnswerItem = ContentBase & Votable & { type: 'Answer'; questionId: string; text: string };

export type TakeawayItem = ContentBase &
  Votable & {
    type: 'Takeaway';
    title: string;
    text: string | null;
    initiatorId: string | null;
    /**
     * The initiator's names, copied when the initiator is set (a canvas read stays one Query);
     * absent with no initiator. A later change of the person's names shows on the next edit.
     */
    initiator?: InitiatorNames;
    archived: boolean;
    linkedGoalIds?: Set<string>;
  };

export type GoalItem = ContentBase & {
  type: 'Goal';
  title: string;
  text: string | null;
  initiatorId: string | null;
  goalTerm: GoalTerm;
  /** YYYY-MM-DD; absent or null without one. */
  dueDate?: string | null;
  completed: boolean;
  linkedTakeawayIds?: Set<string>;
  linkedActionPointIds?: Set<string>;
};

export type ActionPointItem = ContentBase & {
  type: 'ActionPoint';
  title: string;
  text: string | null;
  initiatorId: string | null;
  assigneeId: string | null;
  priority: Priority;
  /** YYYY-MM-DD; absent or null without one. */
  dueDate?: string | null;
  completed: boolean;
  linkedGoalIds?: Set<string>;
  /** The assignee index (keys.assignedActionPoint): present exactly while open and assigned. */
  GSI2PK?: string;
  GSI2SK?: string;
};

export type InitiatorNames = { firstName: string; lastName: string };

export type ContentKind = 'answer' | 'takeaway' | 'goal' | 'actionPoint';
export type LinkableKind = 'takeaway' | 'goal' | 'actionPoint';
export type { LinkField };

export type ContentItemOf = { answer: AnswerItem; takeaway: TakeawayItem; goal: GoalItem; actionPoint: ActionPointItem };

/** The key of an answer, takeaway, goal or action point. */
export function contentKey(familyId: number, kind: ContentKind, id: string): Key {
  switch (kind) {
    case 'answer':
      return keys.answer(familyId, id);
    case 'takeaway':
      return keys.takeaway(familyId, id);
    case 'goal':
      return keys.goal(familyId, id);
    case 'actionPoint':
      return keys.actionPoint(familyId, id);
  }
}

/**
 * Every item of a family's canvas, page by page (one page for any canvas within the item
 * limits). Strongly consistent, so a read right after a write sees it.
 */
export async function queryCanvas(familyId: number): Promise<Array<Record<string, unknown>>> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.canvasPartition(familyId), ':prefix': 'C#' },
    ConsistentRead: true,
  });
  return items;
}

/** A user's action points on the assignee index ("My actions"), every family's; eventually consistent. */
export async function queryAssignedActionPoints(userId: string): Promise<Array<ActionPointItem & { PK: string; GSI2SK: string }>> {
  return queryAll<ActionPointItem & { PK: string; GSI2SK: string }>({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.actionPointsOfAssignee(userId) },
  });
}

/** The canvas meta item (title), if the family has a canvas. */
export async function getCanvasMeta(familyId: number): Promise<CanvasMetaItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.canvas(familyId), ConsistentRead: true }));
  return result.Item as CanvasMetaItem | undefined;
}

// ---- items with their keys ----------------------------------------------------------------

export function canvasMetaRecord(meta: CanvasMetaItem) {
  return { ...keys.canvas(meta.familyId), ...meta };
}

export function sectionRecord(familyId: number, section: SectionItem) {
  return { ...keys.section(familyId, section.id), ...section };
}

export function categoryRecord(familyId: number, category: CategoryItem) {
  return { ...keys.category(familyId, category.id), ...category };
}

export function questionRecord(familyId: number, question: QuestionItem) {
  return withoutEmptySets({ ...keys.question(familyId, question.categoryId, question.id), ...question });
}

/**
 * The assignee-index keys an action point in this state carries ("My actions"): only while
 * open and assigned. Derived from the item every time it is written (a put here, an update
 * in runSteps via withAssigneeIndex), never copied from a stored or journaled state.
 */
export function assigneeIndexOf(familyId: number, item: Pick<ActionPointItem, 'id' | 'assigneeId' | 'completed' | 'dueDate'>) {
  if (!item.assigneeId || item.completed) return undefined;
  return keys.assignedActionPoint(item.assigneeId, familyId, item.dueDate, item.id);
}

/** An answer, takeaway, goal or action point with its key (an action point with its assignee index). */
export function contentRecord(familyId: number, item: AnswerItem | TakeawayItem | GoalItem | ActionPointItem) {
  const record: Record<string, unknown> = { ...contentKey(familyId, contentKindOfType[item.type], item.id), ...item };
  delete record.GSI2PK;
  delete record.GSI2SK;
  if (item.type === 'ActionPoint') Object.assign(record, assigneeIndexOf(familyId, item));
  return withoutEmptySets(record);
}

/**
 * A journaled write of an action point with its assignee index set or removed to match the
 * state the write leaves (`after`, as the journal records it): added to the spec before it
 * is built. runSteps applies it to every journaled action point update, so no writer (edit,
 * complete, undo) can forget the index.
 */
export function withAssigneeIndex(write: Write, familyId: number, after: Record<string, unknown>): Write {
  if (!('update' in write) || canvasRecordKindOf(write.update.SK) !== 'actionPoint') return write;
  const index = assigneeIndexOf(familyId, after as unknown as ActionPointItem);
  const spec: UpdateSpec = index
    ? { ...write.spec, set: { ...write.spec.set, GSI2PK: index.GSI2PK, GSI2SK: index.GSI2SK } }
    : { ...write.spec, remove: [...(write.spec.remove ?? []), 'GSI2PK', 'GSI2SK'] };
  return { ...write, spec };
}

/** DynamoDB has no empty sets: an empty link, voter or answerer set is left out. */
function withoutEmptySets(record: Record<string, unknown>): Record<string, unknown> {
  for (const [field, value] of Object.entries(record)) if (value instanceof Set && value.size === 0) delete record[field];
  return record;
}

/** The content kind of each stored item type: the one map of them. */
export const contentKindOfType = { Answer: 'answer', Takeaway: 'takeaway', Goal: 'goal', ActionPoint: 'actionPoint' } as const satisfies Record<
  (AnswerItem | TakeawayItem | GoalItem | ActionPointItem)['type'],
  ContentKind
>;

// ---- writes (data for functions/lib/db/table.ts) ------------------------------------------

/** Put one item; with `mustBeNew` it fails when the key exists (new content). */
export function putOp(record: Record<string, unknown>, options: { mustBeNew?: boolean } = {}): Write {
  return { put: record, ...(options.mustBeNew ? { condition: itemIsNew } : {}) };
}

/** Update one existing item and bump its version; the condition always includes that the item exists. */
export function updateOp(key: Key, spec: UpdateSpec, condition?: Condition): Write {
  return { update: key, spec: { ...spec, add: { version: 1, ...spec.add } }, condition: allOf(itemExists, condition) };
}

const contentRecordKinds = new Set<string | undefined>(['answer', 'takeaway', 'goal', 'actionPoint']);
const isContentSortKey = (sk: unknown) => contentRecordKinds.has(canvasRecordKindOf(String(sk)));

/**
 * Marks a put or update of an answer, takeaway, goal or action point with who changed it
 * and when, in its data before it is built (runSteps does it for every journaled
 * transaction, so no writer can forget). Other writes pass unchanged.
 */
export function stampChange(write: Write, userId: string, at: string): Write {
  const stamp = { changedAt: at, changedByUserId: userId };
  if ('put' in write && isContentSortKey(write.put.SK)) return { ...write, put: { ...write.put, ...stamp } };
  if ('update' in write && isContentSortKey(write.update.SK)) return { ...write, spec: { ...write.spec, set: { ...write.spec.set, ...stamp } } };
  return write;
}

/** Delete one item; with a condition, only while it holds (and the item exists). */
export function deleteOp(key: Key, condition?: Condition): Write {
  return { delete: key, ...(condition ? { condition: allOf(itemExists, condition) } : {}) };
}

/** The active membership of a user in the family, checked inside a canvas transaction (initiators). */
export function activeFamilyMemberCheck(familyId: number, userId: string): Write {
  return {
    check: keys.member(familyId, userId),
    condition: allOf(itemExists, { expression: '#isActive = :isActive', values: { ':isActive': true } }) as Condition,
  };
}

/**
 * The family's canvas name on its entity follows the canvas title (the select and invite
 * pages show it), as one item of the rename transaction.
 */
export function renameEntityCanvasOp(familyId: number, title: string): Write {
  return { update: keys.entity(familyId), spec: { set: { canvasName: title } }, condition: itemExists };
}

/** Whether advisors see the other advisor companies, on the canvas item (a setting: no version bump, not journaled). */
export function advisorCompaniesVisibilityWrite(familyId: number, visible: boolean): Write {
  return { update: keys.canvas(familyId), spec: { set: { advisorCompaniesVisibleToAdvisors: visible } }, condition: itemExists };
}
