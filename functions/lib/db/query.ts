import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

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
