import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { HistoryEvent } from '../../../shared/contracts/history';
import { db, tableName } from '../../lib/db/client';
import { keys } from '../../lib/db/keys';
import { itemExists, itemIsNew, type Write } from '../../lib/db/write';

/**
 * The journal's items (docs/data-model.md "The journal"): one item per history event in the
 * family's canvas partition under `H#<eventId>`, which the canvas Query (`C#`) never reads.
 * A delete event also sits on GSI1 (the "Recently deleted" list) and every event of a
 * content item on GSI2 (that item's history). Events expire after two years (TTL).
 */

/** How long events are kept. A deleted item can be restored as long as its event lives (at least 90 days). */
export const historyRetentionSeconds = 2 * 365 * 24 * 3600;

export type HistoryEventRecord = HistoryEvent & { type: 'HistoryEvent'; PK: string; SK: string; expiresAt: number };

/**
 * A new event id: the time (ms, base 36, 9 characters), the event's place in its batch
 * (3 characters) and 10 random hex digits. Ids sort by time; the events of one batch share
 * the time and the random part, so a batch is one `begins_with` Query.
 */
export function newEventIds(at: Date, count: number): string[] {
  const time = at.getTime().toString(36).padStart(9, '0');
  const random = randomBytes(5).toString('hex');
  return Array.from({ length: count }, (_, index) => `${time}${index.toString(36).padStart(3, '0')}${random}`);
}

/** The events of a batch share this prefix of their ids. */
const batchPrefixOf = (eventId: string) => eventId.slice(0, 9);

export function historyEventRecord(event: HistoryEvent): HistoryEventRecord {
  const expiresAt = Math.floor(Date.parse(event.createdDate) / 1000) + historyRetentionSeconds;
  const isContent = ['answer', 'takeaway', 'goal', 'actionPoint'].includes(event.itemType);
  return {
    ...keys.historyEvent(event.familyId, event.id),
    type: 'HistoryEvent',
    ...event,
    expiresAt,
    ...(event.action === 'deleted' ? { GSI1PK: keys.deletedEventsOf(event.familyId), GSI1SK: event.id } : {}),
    ...(isContent ? { GSI2PK: keys.eventsOfItem(event.familyId, event.itemId), GSI2SK: event.id } : {}),
  } as HistoryEventRecord;
}

/** Appends an event as one item of the change's own transaction; its condition fails only on an id collision. */
export function putHistoryEventOp(event: HistoryEvent): Write<'eventIsNew'> {
  return { put: historyEventRecord(event), condition: itemIsNew, name: 'eventIsNew' };
}

/** A restored item leaves the "Recently deleted" list: its delete event leaves that index (the event itself stays). */
export function forgetDeletedEventOp(familyId: number, eventId: string): Write {
  return { update: keys.historyEvent(familyId, eventId), spec: { remove: ['GSI1PK', 'GSI1SK'] }, condition: itemExists };
}

/** A stored event item back as the event (keys and bookkeeping removed); the live sender reads stream images with it. */
export const eventOf = (record: Record<string, unknown>): HistoryEvent => {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, type: _type, expiresAt: _expiresAt, ...event } = record;
  return event as unknown as HistoryEvent;
};

export type HistoryFilter = { userId?: string; sectionId?: number; itemType?: string; action?: string };

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
 * Events of a family, newest first, older than `cursor`, that match the filter and `keep`
 * (the caller's visibility), until `limit` are found. Deleted-item events come from their
 * own index. Returns one more than asked when there is a next page.
 */
export async function queryHistory(
  familyId: number,
  options: { limit: number; cursor?: string; filter: HistoryFilter; keep: (event: HistoryEvent) => boolean; nowSeconds: number },
): Promise<HistoryEvent[]> {
  const found: HistoryEvent[] = [];
  const fromDeletedIndex = options.filter.action === 'deleted';
  const filter = fromDeletedIndex ? { ...options.filter, action: undefined } : options.filter;
  const extra = filterExpression(filter);
  let startKey: Record<string, unknown> | undefined;
  let pages = 0;
  do {
    // The first page reads just what a reader who sees everything needs (one more tells
    // whether there is a next page); later pages, only when filters dropped events, read more.
    const pageLimit = pages === 0 && !extra ? options.limit + 1 : Math.min(500, (options.limit + 1 - found.length) * 4 + 10);
    pages += 1;
    const key = fromDeletedIndex
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
      if (found.length > options.limit) return found;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
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

/** The time prefix of the event ids written at an instant (newEventIds): events sort by it. */
const eventTimePrefix = (at: Date) => at.getTime().toString(36).padStart(9, '0');

/**
 * A family's events from `from` (inclusive) to `to` (exclusive), oldest first, at most
 * `limit`: a range of the event ids' time prefix, so one Query reads just that stretch (the
 * digest's "what changed since the last one").
 */
export async function eventsBetween(familyId: number, from: Date, to: Date, limit = 1000): Promise<HistoryEvent[]> {
  const found: HistoryEvent[] = [];
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
        Limit: limit - found.length,
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(page.Items ?? []).map(eventOf));
    startKey = page.LastEvaluatedKey;
  } while (startKey && found.length < limit);
  return found;
}
