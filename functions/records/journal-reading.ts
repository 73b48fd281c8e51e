import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { HistoryEvent } from '../../shared/contracts/history';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { batchPrefixOf, eventOf, eventTimePrefix } from './journal-codec';

/**
 * Reading the journal: the history feed's query with its filters and pages, one event, a batch,
 * an item's latest event, and the events between two instants.
 */

export type HistoryFilter = { userId?: string; sectionId?: number; itemType?: string; action?: string; itemId?: string };

function filterExpression(filter: HistoryFilter) {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (filter.userId) {
    parts.push('#actor.#userId = :userId');
    Object.assign(names, { '#actor': 'actor', '#userId': 'userId' });
    values[':userId'] = filter.userId;
  }
  if (filter.sectionId !== undefined) {
    parts.push('#sectionId = :sectionId');
    names['#sectionId'] = 'sectionId';
    values[':sectionId'] = filter.sectionId;
  }
  if (filter.itemType) {
    parts.push('#itemType = :itemType');
    names['#itemType'] = 'itemType';
    values[':itemType'] = filter.itemType;
  }
  if (filter.action) {
    parts.push('#action = :action');
    names['#action'] = 'action';
    values[':action'] = filter.action;
  }
  return parts.length ? { FilterExpression: parts.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values } : undefined;
}

/**
 * The DynamoDB pages one history request may read. A filter (person, section, type) or a
 * section-limited reader can drop most events of a partition; without a bound one request
 * would read the whole two years of a family's journal. Four pages hold at most 4 MB
 * (1,024 read units, consistent) and, at the page sizes below, several hundred to 2,000
 * events: enough that an unfiltered or lightly filtered page is always full, and small enough
 * that a request stays well under a second on DynamoDB. Past it the answer carries a cursor
 * at the last event read and the client asks again (docs/reference.md "API compatibility").
 */
export const maxHistoryPagesPerRequest = 4;

/**
 * Events of a family, newest first, older than `cursor`, that match the filter and `keep`
 * (the caller's visibility), until `limit` are found. Deleted-item events come from their
 * own index. `events` holds one more than asked when there is a next page. When the page
 * bound (maxHistoryPagesPerRequest) stops the read first, `resumeAfter` is the id of the
 * last event read (kept or not): the next page starts after it, so nothing is lost or repeated.
 */
export async function queryHistory(
  familyId: number,
  options: { limit: number; cursor?: string; filter: HistoryFilter; keep: (event: HistoryEvent) => boolean; nowSeconds: number },
): Promise<{ events: HistoryEvent[]; resumeAfter?: string }> {
  const found: HistoryEvent[] = [];
  const fromDeletedIndex = options.filter.action === 'deleted';
  // One item's history comes from its own index (GSI2: the events of a content item).
  const ofItem = options.filter.itemId;
  const filter = { ...options.filter, itemId: undefined, ...(fromDeletedIndex ? { action: undefined } : {}) };
  const extra = filterExpression(filter);
  let startKey: Record<string, unknown> | undefined;
  let pages = 0;
  do {
    // The first page reads just what a reader who sees everything needs (one more tells
    // whether there is a next page); later pages, only when filters dropped events, read more.
    const pageLimit = pages === 0 && !extra ? options.limit + 1 : Math.min(500, (options.limit + 1 - found.length) * 4 + 10);
    pages += 1;
    const key = ofItem
      ? {
          IndexName: 'GSI2',
          KeyConditionExpression: options.cursor ? 'GSI2PK = :pk AND GSI2SK < :cursor' : 'GSI2PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.eventsOfItem(familyId, ofItem), ...(options.cursor ? { ':cursor': options.cursor } : {}) },
        }
      : fromDeletedIndex
        ? {
            IndexName: 'GSI1',
            KeyConditionExpression: options.cursor ? 'GSI1PK = :pk AND GSI1SK < :cursor' : 'GSI1PK = :pk',
            ExpressionAttributeValues: { ':pk': keys.deletedEventsOf(familyId), ...(options.cursor ? { ':cursor': options.cursor } : {}) },
          }
        : {
            // Consistent: a live client catching up after a reconnect must see an event written a moment ago.
            ConsistentRead: true,
            KeyConditionExpression: options.cursor ? 'PK = :pk AND SK BETWEEN :from AND :cursor' : 'PK = :pk AND begins_with(SK, :from)',
            ExpressionAttributeValues: {
              ':pk': keys.canvasPartition(familyId),
              ':from': keys.historyPrefix,
              ...(options.cursor ? { ':cursor': `${keys.historyPrefix}${options.cursor}` } : {}),
            },
          };
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...key,
        ...(extra ? { FilterExpression: extra.FilterExpression, ExpressionAttributeNames: extra.ExpressionAttributeNames } : {}),
        ExpressionAttributeValues: { ...key.ExpressionAttributeValues, ...extra?.ExpressionAttributeValues },
        ScanIndexForward: false,
        Limit: pageLimit,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const record of page.Items ?? []) {
      const event = eventOf(record);
      // BETWEEN includes the cursor itself; TTL deletion lags.
      if (event.id === options.cursor || Number(record.expiresAt) <= options.nowSeconds) continue;
      if (!options.keep(event)) continue;
      found.push(event);
      if (found.length > options.limit) return { events: found };
    }
    startKey = page.LastEvaluatedKey;
    // The last key read, filtered out or not, is where the next request goes on from.
    if (startKey && pages >= maxHistoryPagesPerRequest)
      return { events: found, resumeAfter: ofItem ? String(startKey.GSI2SK) : eventIdOfKey(startKey, fromDeletedIndex) };
  } while (startKey);
  return { events: found };
}

/** The event id in a history key: the sort key after its prefix, or the deleted index's sort key. */
function eventIdOfKey(key: Record<string, unknown>, fromDeletedIndex: boolean): string {
  return fromDeletedIndex ? String(key.GSI1SK) : String(key.SK).slice(keys.historyPrefix.length);
}

/** One event by id, if it exists. */
export async function getHistoryEvent(familyId: number, eventId: string): Promise<HistoryEvent | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.historyEvent(familyId, eventId), ConsistentRead: true }));
  return result.Item ? eventOf(result.Item) : undefined;
}

/** Every event of a batch, in the order they were written. */
export async function getHistoryBatch(familyId: number, batchId: string): Promise<HistoryEvent[]> {
  const items: HistoryEvent[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        FilterExpression: 'batchId = :batchId',
        ExpressionAttributeValues: { ':pk': keys.canvasPartition(familyId), ':prefix': `${keys.historyPrefix}${batchPrefixOf(batchId)}`, ':batchId': batchId },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).map(eventOf));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.sort((a, b) => a.id.localeCompare(b.id));
}

/** The latest event of a content item (who changed it last), from its index. */
export async function latestEventOfItem(familyId: number, itemId: string): Promise<HistoryEvent | undefined> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.eventsOfItem(familyId, itemId) },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const record = page.Items?.[0];
  return record ? eventOf(record) : undefined;
}

/**
 * The id of a family's newest journal event, if any: one item of the `H#` range, newest
 * first, its key alone sent back. Strongly consistent when the caller reads the canvas
 * after it and needs every event committed before (functions/domain/canvas/refresh-summaries.ts).
 */
export async function newestEventId(familyId: number, consistency: 'strong' | 'eventual'): Promise<string | undefined> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.canvasPartition(familyId), ':prefix': keys.historyPrefix },
      ProjectionExpression: 'SK',
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: consistency === 'strong',
    }),
  );
  const sk = page.Items?.[0]?.SK;
  return typeof sk === 'string' ? sk.slice(keys.historyPrefix.length) : undefined;
}

/**
 * A family's events from `from` (inclusive) to `to` (exclusive), oldest first, a DynamoDB
 * page at a time: a range of the event ids' time prefix, so the Query reads just that stretch
 * (the digest's "what changed since the last one"). The caller stops when it has read enough.
 */
export async function* eventPagesBetween(familyId: number, from: Date, to: Date): AsyncGenerator<HistoryEvent[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.canvasPartition(familyId),
          ':from': `${keys.historyPrefix}${eventTimePrefix(from)}`,
          // Every id of the last millisecond before `to` sorts before this one.
          ':to': `${keys.historyPrefix}${eventTimePrefix(to)}`,
        },
        ExclusiveStartKey: startKey,
      }),
    );
    yield (page.Items ?? []).map(eventOf);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
