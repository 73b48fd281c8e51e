import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { transactionCancellationReasons } from '../errors';
import { ChangedMeanwhile } from './retry';

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

/** All of the conditions (left-out ones ignored). */
export function allOf(...conditions: Array<Condition | undefined>): Condition | undefined {
  const present = conditions.filter((condition): condition is Condition => condition !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return {
    expression: present.map((condition) => `(${condition.expression})`).join(' AND '),
    values: Object.assign({}, ...present.map((condition) => condition.values ?? {})),
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
  | { check: Key; condition: Condition; name?: Name }
  /** A request another module built itself, sent as it is (modules not moved onto this builder yet). */
  | { prebuilt: TransactWriteItem; name?: Name };

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
  if ('prebuilt' in write) return write.prebuilt;
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
 * items) throws ChangedMeanwhile, for retryWhileChanged (./retry.ts) to plan again.
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

/** A write as data, or a bare request an entity module not yet on this builder built itself. */
export type WriteOrBuilt<Name extends string = string> = Write<Name> | TransactWriteItem;

function asWrite<Name extends string>(write: WriteOrBuilt<Name>): Write<Name> {
  return 'put' in write || 'update' in write || 'delete' in write || 'check' in write || 'prebuilt' in write
    ? (write as Write<Name>)
    : { prebuilt: write as TransactWriteItem };
}

/** The requests of a transaction of writes and bare built requests, in their order. */
export function transactItemsOf(writes: ReadonlyArray<WriteOrBuilt>): TransactWriteItem[] {
  return writes.map((write) => transactItemOf(asWrite(write)));
}

/**
 * transactWrites for a transaction that also carries bare requests an entity module not
 * yet on this builder built (they have no name: their failed condition throws
 * ConditionFailed without one).
 */
export function transactWritesWithBuilt<Name extends string>(
  writes: ReadonlyArray<WriteOrBuilt<Name>>,
  outcomes: Partial<Record<Name, () => Error>> = {},
): Promise<void> {
  return transactWrites(writes.map(asWrite), outcomes);
}
