import { randomBytes } from 'node:crypto';
import type { HistoryEvent, HistoryState } from '../../shared/contracts/history';
import { itemExists, itemIsNew, type Write } from '../lib/db/table';
import { keys } from '../lib/db/keys';
import { linkFields } from '../../shared/canvas-links';

/**
 * The journal's items and states: an event as its stored item (ids, keys, expiry, the write that
 * appends it) and an item's fields as the journal keeps them (stateOf, itemOfState).
 */

// ---- the events' items ------------------------------------------------------------------

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
export const batchPrefixOf = (eventId: string) => eventId.slice(0, 9);

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

/** When an event was written: its id's time prefix (newEventIds), epoch ms. */
export const eventIdTime = (eventId: string): number => Number.parseInt(eventId.slice(0, 9), 36);

/** The time prefix of the event ids written at an instant (newEventIds): events sort by it. */
export const eventTimePrefix = (at: Date) => at.getTime().toString(36).padStart(9, '0');

// ---- states: an item's fields as the journal keeps them ------------------------------------

/** The item fields that are sets when stored: votes and links. */
const setFields = new Set<string>(['voterIds', ...linkFields]);

/** An item's key and index attributes: never part of a journaled state (the writes derive them). */
export const keyFields: readonly string[] = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'];

/** An item's fields as the journal keeps them: sets as sorted lists, no keys. */
export function stateOf(item: object | null | undefined): HistoryState {
  if (!item) return null;
  const state: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(item)) {
    if (keyFields.includes(field) || value === undefined) continue;
    state[field] = value instanceof Set ? [...value].sort() : value;
  }
  return state;
}

/** A journaled state back as an item: lists back to sets, empty sets left out. */
export function itemOfState(state: Record<string, unknown>): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(state)) {
    if (setFields.has(field)) {
      if (Array.isArray(value) && value.length) item[field] = new Set(value as string[]);
    } else item[field] = value;
  }
  return item;
}
