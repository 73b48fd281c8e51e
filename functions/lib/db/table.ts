import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteItem,
  QueryCommand,
  type QueryCommandInput,
  BatchGetCommand,
  BatchWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { transactionCancellationReasons, AppError } from '../errors';

/**
 * The data layer's operations on the one table (docs/architecture-decisions.md, "Server data
 * access"): writes built from specs, transactions with named outcomes, the retry of a write
 * that met a change, paged queries and batches. The connection is ./client.ts.
 */

/**
 * The one builder of DynamoDB writes (docs/architecture-decisions.md, "Server data access"):
 * an entity module describes a write as data (a key, an UpdateSpec, a Condition) and it is
 * turned into expression strings once, here, when it is sent. Nothing adds to or rewrites
 * an expression after it is built: a clause every write of a kind needs (a stamp, an index)
 * is added to the spec before.
 */

/** Every item's primary key. */
export type Key = { PK: string; SK: string };

/**
 * A condition on an item: `#name` placeholders are attribute names (found in the text),
 * `:name` the values given here.
 */
export type Condition = { expression: string; values?: Record<string, unknown> };

/** The item exists (an update or check of something that must be there). */
export const itemExists: Condition = { expression: 'attribute_exists(PK)' };
/** The key is still free (a new item). */
export const itemIsNew: Condition = { expression: 'attribute_not_exists(PK)' };

/** An attribute named in a condition: a plain top-level name (it becomes `#name`). */
function conditionName(attribute: string): string {
  if (!/^\w+$/.test(attribute)) throw new Error(`not a plain attribute name: ${attribute}`);
  return `#${attribute}`;
}
/** A condition on one attribute and one value; the value's placeholder is named after the attribute (`:version`). */
function withValue(attribute: string, value: unknown, expression: (name: string, placeholder: string) => string, placeholder = `:${attribute}`): Condition {
  return { expression: expression(conditionName(attribute), placeholder), values: { [placeholder]: value } };
}

/** The attribute holds this value: a version, a title or a revision as it was read (unchanged since), a Scan's filter. */
export const attributeIs = (attribute: string, value: unknown): Condition => withValue(attribute, value, (name, at) => `${name} = ${at}`);
/** The attribute is absent. */
export const attributeMissing = (attribute: string): Condition => ({ expression: `attribute_not_exists(${conditionName(attribute)})` });
/** A list or set attribute holds the value. */
export const listHolds = (attribute: string, value: unknown): Condition => withValue(attribute, value, (name, at) => `contains(${name}, ${at})`);
/** A list or set attribute does not hold the value (an absent one holds nothing). */
export const listLacks = (attribute: string, value: unknown): Condition => withValue(attribute, value, (name, at) => `NOT contains(${name}, ${at})`);
/** A list or set attribute has fewer than `count` elements. */
export const sizeBelow = (attribute: string, count: number): Condition =>
  withValue(attribute, count, (name, at) => `size(${name}) < ${at}`, `:${attribute}Limit`);
/** An item that can be archived or completed is not: its flag (`archived`, `completed`) is false. */
export const stillOpen = (flag: string): Condition => withValue(flag, false, (name, at) => `${name} = ${at}`, ':open');

/** Any of the conditions. */
export function anyOf(first: Condition, ...others: Condition[]): Condition {
  if (others.length === 0) return first;
  const all = [first, ...others];
  return { expression: all.map((condition) => `(${condition.expression})`).join(' OR '), values: mergedValues(all) };
}

/** The values of several conditions; one placeholder with two different values is a mistake in the caller. */
function mergedValues(conditions: readonly Condition[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [placeholder, value] of conditions.flatMap((condition) => Object.entries(condition.values ?? {}))) {
    if (placeholder in merged && merged[placeholder] !== value) throw new Error(`condition value ${placeholder} given twice`);
    merged[placeholder] = value;
  }
  return merged;
}

/** All of the conditions (left-out ones ignored). */
export function allOf(...conditions: Array<Condition | undefined>): Condition | undefined {
  const present = conditions.filter((condition): condition is Condition => condition !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return {
    expression: present.map((condition) => `(${condition.expression})`).join(' AND '),
    values: mergedValues(present),
  };
}

/**
 * What an update changes. Attribute names are plain names or document paths
 * (`addresses[2]`, `access.canvas`); each part becomes a `#name` placeholder.
 */
export type UpdateSpec = {
  /** attribute = value */
  set?: Record<string, unknown>;
  /** attribute = value, only where the attribute is absent (if_not_exists) */
  setIfAbsent?: Record<string, unknown>;
  /** attribute = the value of another attribute of the same item */
  copy?: Record<string, string>;
  /** a list attribute gets these elements at its end (an absent list starts empty) */
  append?: Record<string, readonly unknown[]>;
  remove?: readonly string[];
  /** ADD to a number (negative: subtract; absent counts as 0) or to a set */
  add?: Record<string, unknown>;
  /** DELETE elements from a set */
  deleteFromSet?: Record<string, unknown>;
  /** attribute = attribute + n (an absent one counts as 0); unlike `add`, also for a nested path (`counts.7`) */
  increment?: Record<string, number>;
};

/** One write of a transaction (or sent alone), as data; `name` names its condition for the caller. */
export type Write<Name extends string = string> =
  | { put: Record<string, unknown>; condition?: Condition; name?: Name }
  | { update: Key; spec: UpdateSpec; condition?: Condition; name?: Name }
  | { delete: Key; condition?: Condition; name?: Name }
  | { check: Key; condition: Condition; name?: Name };

type Built = {
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

/** Builds the expressions of an update spec and a condition, with collision-free placeholders. */
function buildExpressions(spec: UpdateSpec | undefined, condition: Condition | undefined): Built {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let next = 0;
  const path = (attribute: string) =>
    attribute
      .split('.')
      .map((part) => {
        const match = /^([^[\]]+)((?:\[\d+\])*)$/.exec(part);
        if (!match) throw new Error(`not an attribute path: ${attribute}`);
        const placeholder = `#${match[1]!.replace(/\W/g, '_')}`;
        names[placeholder] = match[1]!;
        return `${placeholder}${match[2]}`;
      })
      .join('.');
  const value = (given: unknown) => {
    next += 1;
    const placeholder = `:v${next}`;
    values[placeholder] = given;
    return placeholder;
  };
  const sets: string[] = [];
  for (const [attribute, given] of Object.entries(spec?.set ?? {})) sets.push(`${path(attribute)} = ${value(given)}`);
  for (const [attribute, given] of Object.entries(spec?.setIfAbsent ?? {}))
    sets.push(`${path(attribute)} = if_not_exists(${path(attribute)}, ${value(given)})`);
  for (const [attribute, source] of Object.entries(spec?.copy ?? {})) sets.push(`${path(attribute)} = ${path(source)}`);
  for (const [attribute, delta] of Object.entries(spec?.increment ?? {}))
    sets.push(`${path(attribute)} = if_not_exists(${path(attribute)}, ${value(0)}) + ${value(delta)}`);
  for (const [attribute, elements] of Object.entries(spec?.append ?? {})) {
    sets.push(`${path(attribute)} = list_append(if_not_exists(${path(attribute)}, ${value([])}), ${value(elements)})`);
  }
  const adds = Object.entries(spec?.add ?? {}).map(([attribute, given]) => `${path(attribute)} ${value(given)}`);
  const deletes = Object.entries(spec?.deleteFromSet ?? {}).map(([attribute, given]) => `${path(attribute)} ${value(given)}`);
  const removes = (spec?.remove ?? []).map(path);
  const updateExpression = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
    deletes.length ? `DELETE ${deletes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  let conditionExpression: string | undefined;
  if (condition) {
    // The condition's own placeholders are kept; its names are found in the text.
    conditionExpression = condition.expression;
    for (const match of condition.expression.matchAll(/#(\w+)/g)) names[`#${match[1]}`] = match[1]!;
    for (const [placeholder, given] of Object.entries(condition.values ?? {})) {
      if (placeholder in values) throw new Error(`condition value ${placeholder} collides with the update's`);
      values[placeholder] = given;
    }
  }
  return {
    ...(spec ? { UpdateExpression: updateExpression } : {}),
    ...(conditionExpression ? { ConditionExpression: conditionExpression } : {}),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** The request of one write, as a TransactWriteItem (also the input of its single command). */
export function transactItemOf(write: Write): TransactWriteItem {
  const TableName = tableName();
  if ('put' in write) return { Put: { TableName, Item: write.put, ...buildExpressions(undefined, write.condition) } };
  if ('update' in write) {
    if (!write.spec || Object.values(write.spec).every((part) => part === undefined || Object.keys(part).length === 0)) {
      throw new Error('an update that changes nothing');
    }
    return { Update: { TableName, Key: write.update, ...buildExpressions(write.spec, write.condition) } as NonNullable<TransactWriteItem['Update']> };
  }
  if ('delete' in write) return { Delete: { TableName, Key: write.delete, ...buildExpressions(undefined, write.condition) } };
  return {
    ConditionCheck: { TableName, Key: write.check, ...buildExpressions(undefined, write.condition) } as NonNullable<TransactWriteItem['ConditionCheck']>,
  };
}

/**
 * A write's condition did not hold. `name` is the name the write gave its condition
 * (undefined when it gave none); `writeIndex` its place in the transaction.
 */
export class ConditionFailed<Name extends string = string> extends Error {
  constructor(
    readonly condition: Name | undefined,
    readonly writeIndex: number,
  ) {
    super(`condition failed: ${condition ?? `write ${writeIndex}`}`);
    this.name = 'ConditionFailed';
  }
}

/**
 * Sends one write alone. A failed condition throws ConditionFailed (with the write's name);
 * anything else passes through.
 */
export async function sendWrite<Name extends string>(write: Write<Name>): Promise<Record<string, unknown> | undefined> {
  const request = transactItemOf(write);
  try {
    if (request.Put) await db().send(new PutCommand(request.Put));
    else if (request.Delete) await db().send(new DeleteCommand(request.Delete));
    else if (request.Update) {
      const result = await db().send(new UpdateCommand({ ...request.Update, ReturnValues: 'ALL_NEW' }));
      return result.Attributes;
    } else throw new Error('a condition check is only sent inside a transaction');
    return undefined;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw new ConditionFailed(write.name, 0);
    throw error;
  }
}

/** DynamoDB's limit on the items of one transaction. */
export const maxTransactionItems = 100;

/**
 * Runs the writes as one transaction. When it is cancelled, the first write whose condition
 * failed names the outcome: `outcomes[name]()` is thrown when given, ConditionFailed
 * otherwise. A cancellation without a failed condition (another transaction held the same
 * items) throws ChangedMeanwhile, for retryWhileChanged (above) to plan again.
 */
export async function transactWrites<Name extends string>(
  writes: ReadonlyArray<Write<Name>>,
  outcomes: Partial<Record<Name, () => Error>> = {},
): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length > maxTransactionItems) throw new Error(`a transaction of ${writes.length} writes (at most ${maxTransactionItems})`);
  try {
    await db().send(new TransactWriteCommand({ TransactItems: writes.map(transactItemOf) }));
  } catch (error) {
    const reasons = transactionCancellationReasons(error);
    if (!reasons) throw error;
    const failedIndex = reasons.findIndex((reason) => reason === 'ConditionalCheckFailed');
    if (failedIndex < 0) throw new ChangedMeanwhile();
    const name = writes[failedIndex]?.name;
    const outcome = name !== undefined ? outcomes[name] : undefined;
    if (outcome) throw outcome();
    throw new ConditionFailed(name, failedIndex);
  }
}

/**
 * sendWrite for a write that answers the item as it was before it (DynamoDB's ALL_OLD):
 * undefined when there was none. A failed condition throws ConditionFailed.
 */
export async function sendWriteReturningOld<Name extends string>(write: Write<Name>): Promise<Record<string, unknown> | undefined> {
  const request = transactItemOf(write);
  try {
    if (request.Put) return (await db().send(new PutCommand({ ...request.Put, ReturnValues: 'ALL_OLD' }))).Attributes;
    if (request.Delete) return (await db().send(new DeleteCommand({ ...request.Delete, ReturnValues: 'ALL_OLD' }))).Attributes;
    if (request.Update) return (await db().send(new UpdateCommand({ ...request.Update, ReturnValues: 'ALL_OLD' }))).Attributes;
    throw new Error('a condition check is only sent inside a transaction');
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw new ConditionFailed(write.name, 0);
    throw error;
  }
}

/** The requests of a transaction of writes, in their order. */
export function transactItemsOf(writes: ReadonlyArray<Write>): TransactWriteItem[] {
  return writes.map(transactItemOf);
}

/**
 * What a write throws when something it planned on changed between its read and its
 * write (a condition of its transaction, or a concurrent transaction on the same items):
 * retryWhileChanged reads, plans and writes again. After the retries, or should it escape
 * them, the client gets the one catalogue error for it (CHANGED_MEANWHILE, 72).
 */
export class ChangedMeanwhile extends AppError {
  constructor(message?: string) {
    super('CHANGED_MEANWHILE', message ? { message } : {});
    this.name = 'ChangedMeanwhile';
  }
}

export type RetryPolicy = {
  /** How many times the work runs at most. */
  attempts: number;
  /** The pause before attempt `attempt + 1` (attempt counts from 1); none when left out. */
  pauseMs?: (attempt: number) => number;
  /**
   * What is thrown when the last attempt also met a change: the last ChangedMeanwhile
   * (CHANGED_MEANWHILE, 72) unless the work has a meaning of its own for it.
   */
  whenExhausted?: (lastError: ChangedMeanwhile) => Error;
};

/**
 * Runs `work` (read, plan, write) again while it throws ChangedMeanwhile, up to the
 * policy's attempts; anything else it throws passes through. The one retry loop of the
 * server's writes.
 */
export async function retryWhileChanged<T>(work: (attempt: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work(attempt);
    } catch (error) {
      if (!(error instanceof ChangedMeanwhile)) throw error;
      if (attempt >= policy.attempts) throw policy.whenExhausted ? policy.whenExhausted(error) : error;
      const pause = policy.pauseMs?.(attempt) ?? 0;
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Every item of one Query, following LastEvaluatedKey page by page (one round trip per
 * 1 MB page), or the first `limit` of them. The one pagination loop of the data layer.
 */
export async function queryAll<T = Record<string, unknown>>(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>,
  options: { limit?: number } = {},
): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const limit = options.limit === undefined ? {} : { Limit: options.limit - items.length };
    const page = await db().send(new QueryCommand({ ...input, ...limit, TableName: tableName(), ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey && (options.limit === undefined || items.length < options.limit));
  return items;
}

/** DynamoDB's limit of keys per BatchGetItem request. */
const maxKeysPerBatch = 100;

/**
 * Sends a batch again with what DynamoDB left unprocessed (throttled, over a request's
 * limits), after a growing pause, at most `sends` times. This is not retryWhileChanged
 * (above): nothing changed meanwhile and nothing is read or planned again; the same
 * requests go out once more. The one such loop of the batch reads and writes.
 */
async function sendUntilProcessed<T>(
  requests: T[],
  send: (pending: T[]) => Promise<T[]>,
  policy: { sends: number; basePauseMs: number; exhausted: string },
): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length; attempt += 1) {
    if (attempt === policy.sends) throw new Error(policy.exhausted);
    if (attempt) await new Promise((resolve) => setTimeout(resolve, policy.basePauseMs * 2 ** attempt));
    pending = await send(pending);
  }
}

/**
 * Reads items by key with BatchGetItem: one round trip per 100 keys, plus retries of the
 * keys DynamoDB left unprocessed. Missing items are simply absent; order is not kept.
 * A projection (`#type`, `#count` name those reserved words) reads only those attributes.
 * `consistent`: strongly consistent reads (an access decision must not see an item that
 * was deleted a moment ago).
 */
export async function batchGetItems<T>(itemKeys: readonly Key[], projection?: string, options: { consistent?: boolean } = {}): Promise<T[]> {
  // `#type` and `#count` name the reserved words `type` and `count`.
  const names = Object.fromEntries(['type', 'count'].filter((word) => projection?.includes(`#${word}`)).map((word) => [`#${word}`, word]));
  const projected = projection ? { ProjectionExpression: projection, ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}) } : {};
  const unique = [...new Map(itemKeys.map((key) => [`${key.PK}\u0000${key.SK}`, key])).values()];
  const found: T[] = [];
  for (let start = 0; start < unique.length; start += maxKeysPerBatch) {
    await sendUntilProcessed<Record<string, unknown>>(
      unique.slice(start, start + maxKeysPerBatch),
      async (pending) => {
        const result = await db().send(
          new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...projected, ...(options.consistent ? { ConsistentRead: true } : {}) } } }),
        );
        found.push(...((result.Responses?.[tableName()] ?? []) as T[]));
        return (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Array<Record<string, unknown>>;
      },
      { sends: 5, basePauseMs: 20, exhausted: 'BatchGetItem left keys unprocessed' },
    );
  }
  return found;
}

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } };

/** DynamoDB's limit of requests per BatchWriteItem; a few batches go out at once. */
const batchSize = 25;
const batchParallelism = 4;

async function writeBatch(requests: WriteRequest[]): Promise<void> {
  await sendUntilProcessed(
    requests,
    async (pending) => {
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      return (result.UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
    },
    { sends: 9, basePauseMs: 25, exhausted: 'batch write left unprocessed items' },
  );
}

async function writeAll(requests: WriteRequest[]): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let start = 0; start < requests.length; start += batchSize) chunks.push(requests.slice(start, start + batchSize));
  for (let start = 0; start < chunks.length; start += batchParallelism) {
    await Promise.all(chunks.slice(start, start + batchParallelism).map(writeBatch));
  }
}

/** Writes many items (template, test fixtures) in batches of 25, a few batches at a time; no conditions. */
export async function batchPut(records: Array<Record<string, unknown>>): Promise<void> {
  await writeAll(records.map((Item) => ({ PutRequest: { Item } })));
}

/** Deletes many items in batches of 25 (canvas reset, an ended relation); no conditions. */
export async function batchDelete(itemKeys: Key[]): Promise<void> {
  await writeAll(itemKeys.map((Key) => ({ DeleteRequest: { Key: { PK: Key.PK, SK: Key.SK } } })));
}
