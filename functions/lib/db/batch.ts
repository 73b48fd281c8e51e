import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import type { Key } from './write';

/** DynamoDB's limit of keys per BatchGetItem request. */
const maxKeysPerBatch = 100;

/**
 * Sends a batch again with what DynamoDB left unprocessed (throttled, over a request's
 * limits), after a growing pause, at most `sends` times. This is not retryWhileChanged
 * (./retry.ts): nothing changed meanwhile and nothing is read or planned again; the same
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
