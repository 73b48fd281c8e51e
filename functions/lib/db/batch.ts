import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

type Key = { PK: string; SK: string };

/** DynamoDB's limit of keys per BatchGetItem request. */
const maxKeysPerBatch = 100;

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
    let pending: Array<Record<string, unknown>> = unique.slice(start, start + maxKeysPerBatch);
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt === 5) throw new Error('BatchGetItem left keys unprocessed');
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      const result = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...projected, ...(options.consistent ? { ConsistentRead: true } : {}) } } }),
      );
      found.push(...((result.Responses?.[tableName()] ?? []) as T[]));
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Array<Record<string, unknown>>;
    }
  }
  return found;
}
