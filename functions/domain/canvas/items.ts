import { BatchWriteCommand, GetCommand, TransactWriteCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { CategoryTypeId, GoalTerm, Priority, SectionTypeId } from '../../../shared/enums';
import { db, tableName } from '../../lib/db/client';
import { canvasRecordKindOf, keys } from '../../lib/db/keys';
import { queryAll } from '../../lib/db/query';
import type { LinkField } from '../../../shared/canvas-links';

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

type Key = { PK: string; SK: string };

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
 * in runSteps via assigneeIndexUpdate), never copied from a stored or journaled state.
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
 * An update of an action point, with its assignee index set or removed to match the state
 * the update leaves (`after`, as the journal records it). runSteps applies it to every
 * journaled action point update, so no writer (edit, complete, undo) can forget the index.
 */
export function assigneeIndexUpdate(op: TransactWriteItem, familyId: number, after: Record<string, unknown>): TransactWriteItem {
  const update = op.Update;
  if (!update || canvasRecordKindOf(String(update.Key?.SK)) !== 'actionPoint') return op;
  const index = assigneeIndexOf(familyId, after as unknown as ActionPointItem);
  const names = { ...update.ExpressionAttributeNames, '#GSI2PK': 'GSI2PK', '#GSI2SK': 'GSI2SK' };
  let expression = update.UpdateExpression ?? '';
  const values = { ...update.ExpressionAttributeValues };
  if (index) {
    values[':assigneeIndexPk'] = index.GSI2PK;
    values[':assigneeIndexSk'] = index.GSI2SK;
    const clause = '#GSI2PK = :assigneeIndexPk, #GSI2SK = :assigneeIndexSk';
    expression = /(^|\s)SET /.test(expression) ? expression.replace(/(^|\s)SET /, `$1SET ${clause}, `) : `SET ${clause} ${expression}`;
  } else {
    const clause = '#GSI2PK, #GSI2SK';
    expression = /(^|\s)REMOVE /.test(expression) ? expression.replace(/(^|\s)REMOVE /, `$1REMOVE ${clause}, `) : `${expression} REMOVE ${clause}`;
  }
  return { Update: { ...update, UpdateExpression: expression.trim(), ExpressionAttributeNames: names, ExpressionAttributeValues: values } };
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

// ---- transaction items -------------------------------------------------------------------

/** A condition on an item: `#name` placeholders are attribute names, `:name` values given here. */
export type Condition = { expression: string; values?: Record<string, unknown> };

function namesIn(...expressions: Array<string | undefined>): Record<string, string> | undefined {
  const names: Record<string, string> = {};
  for (const expression of expressions) for (const match of (expression ?? '').matchAll(/#(\w+)/g)) names[`#${match[1]}`] = match[1] as string;
  return Object.keys(names).length ? names : undefined;
}

/** Put one item; with `mustBeNew` it fails when the key exists (new content). */
export function putOp(record: Record<string, unknown>, options: { mustBeNew?: boolean } = {}): TransactWriteItem {
  return {
    Put: {
      TableName: tableName(),
      Item: record,
      ...(options.mustBeNew ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}),
    },
  };
}

export type UpdateSpec = {
  set?: Record<string, unknown>;
  remove?: readonly string[];
  /** ADD to a number or a set. */
  add?: Record<string, unknown>;
  /** DELETE elements from a set. */
  deleteFromSet?: Record<string, unknown>;
};

/** Update one existing item and bump its version; the condition always includes that the item exists. */
export function updateOp(key: Key, spec: UpdateSpec, condition?: Condition): TransactWriteItem {
  const values: Record<string, unknown> = { ':versionStep': 1 };
  const set = Object.entries(spec.set ?? {}).map(([name, value]) => {
    values[`:set_${name}`] = value;
    return `#${name} = :set_${name}`;
  });
  const add = ['#version :versionStep'];
  for (const [name, value] of Object.entries(spec.add ?? {})) {
    values[`:add_${name}`] = value;
    add.push(`#${name} :add_${name}`);
  }
  const del = Object.entries(spec.deleteFromSet ?? {}).map(([name, value]) => {
    values[`:del_${name}`] = value;
    return `#${name} :del_${name}`;
  });
  const expression = [
    set.length ? `SET ${set.join(', ')}` : '',
    spec.remove?.length ? `REMOVE ${spec.remove.map((name) => `#${name}`).join(', ')}` : '',
    `ADD ${add.join(', ')}`,
    del.length ? `DELETE ${del.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const conditionExpression = condition ? `attribute_exists(PK) AND (${condition.expression})` : 'attribute_exists(PK)';
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: expression,
      ConditionExpression: conditionExpression,
      ExpressionAttributeNames: namesIn(expression, conditionExpression),
      ExpressionAttributeValues: { ...values, ...condition?.values },
    },
  };
}

const contentRecordKinds = new Set<string | undefined>(['answer', 'takeaway', 'goal', 'actionPoint']);
const isContentSortKey = (sk: unknown) => contentRecordKinds.has(canvasRecordKindOf(String(sk)));

/**
 * Marks a put or update of an answer, takeaway, goal or action point with who changed it
 * and when (runSteps does it for every journaled transaction, so no writer can forget).
 * Other items pass unchanged.
 */
export function stampChange(op: TransactWriteItem, userId: string, at: string): TransactWriteItem {
  if (op.Put && isContentSortKey(op.Put.Item?.SK)) {
    return { Put: { ...op.Put, Item: { ...op.Put.Item, changedAt: at, changedByUserId: userId } } };
  }
  if (op.Update && isContentSortKey(op.Update.Key?.SK)) {
    const stamp = '#changedAt = :changedAt, #changedByUserId = :changedByUserId';
    const expression = op.Update.UpdateExpression ?? '';
    return {
      Update: {
        ...op.Update,
        UpdateExpression: expression.startsWith('SET ') ? expression.replace('SET ', `SET ${stamp}, `) : `SET ${stamp} ${expression}`,
        ExpressionAttributeNames: { ...op.Update.ExpressionAttributeNames, '#changedAt': 'changedAt', '#changedByUserId': 'changedByUserId' },
        ExpressionAttributeValues: { ...op.Update.ExpressionAttributeValues, ':changedAt': at, ':changedByUserId': userId },
      },
    };
  }
  return op;
}

/** Delete one item; with a condition, only while it holds (and the item exists). */
export function deleteOp(key: Key, condition?: Condition): TransactWriteItem {
  const expression = condition ? `attribute_exists(PK) AND (${condition.expression})` : undefined;
  return {
    Delete: {
      TableName: tableName(),
      Key: key,
      ...(expression
        ? { ConditionExpression: expression, ExpressionAttributeNames: namesIn(expression), ...(condition?.values ? { ExpressionAttributeValues: condition.values } : {}) }
        : {}),
    },
  };
}

/** Check a condition on an item without changing it (it must exist). */
function checkOp(key: Key, condition?: Condition): TransactWriteItem {
  const expression = condition ? `attribute_exists(PK) AND (${condition.expression})` : 'attribute_exists(PK)';
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: key,
      ConditionExpression: expression,
      ExpressionAttributeNames: namesIn(expression),
      ...(condition?.values ? { ExpressionAttributeValues: condition.values } : {}),
    },
  };
}

/** The active membership of a user in the family, checked inside a canvas transaction (initiators). */
export function activeFamilyMemberCheck(familyId: number, userId: string): TransactWriteItem {
  return checkOp(keys.member(familyId, userId), { expression: '#isActive = :isActive', values: { ':isActive': true } });
}

/** Runs one transaction (at most 100 items). */
export async function transact(items: TransactWriteItem[]): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

// ---- batches ----------------------------------------------------------------------------

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } };

const batchSize = 25;
const batchParallelism = 4;

async function writeBatch(requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length; attempt += 1) {
    if (attempt > 0) {
      if (attempt > 8) throw new Error('batch write left unprocessed items');
      await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    }
    const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = (result.UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
  }
}

async function writeAll(requests: WriteRequest[]): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let start = 0; start < requests.length; start += batchSize) chunks.push(requests.slice(start, start + batchSize));
  for (let start = 0; start < chunks.length; start += batchParallelism) {
    await Promise.all(chunks.slice(start, start + batchParallelism).map(writeBatch));
  }
}

/** Writes many items (template, test fixtures) in batches of 25, a few batches at a time. */
export async function batchPut(records: Array<Record<string, unknown>>): Promise<void> {
  await writeAll(records.map((Item) => ({ PutRequest: { Item } })));
}

/** Deletes many items in batches of 25 (canvas reset). */
export async function batchDelete(itemKeys: Key[]): Promise<void> {
  await writeAll(itemKeys.map((Key) => ({ DeleteRequest: { Key: { PK: Key.PK, SK: Key.SK } } })));
}

/**
 * The family's canvas name on its entity follows the canvas title (the select and invite
 * pages show it), as one item of the rename transaction.
 */
export function renameEntityCanvasOp(familyId: number, title: string): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.entity(familyId),
      UpdateExpression: 'SET canvasName = :title',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':title': title },
    },
  };
}
