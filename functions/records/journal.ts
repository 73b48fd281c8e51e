import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { anotherAdvisorActor, anotherAdvisorId } from '../../shared/another-advisor';
import type {
  HistoryAction,
  HistoryActor,
  HistoryChange,
  HistoryChangeField,
  HistoryEvent,
  HistoryItemType,
  HistoryState,
} from '../../shared/contracts/history';
import { EntityType } from '../../shared/enums';
import { canSeeCanvasChange, canSeeWholeCanvas, isOtherAdvisorCompany, type CanvasAccess } from '../../shared/permissions';
import { now } from '../lib/clock';
import { batchGetItems, itemExists, itemIsNew, type Write } from '../lib/db/table';
import { db, tableName } from '../lib/db/client';
import type { ActionPointItem, AnswerItem, ContentKind, GoalItem, TakeawayItem } from './items';
import type { EntityItem } from './entities';
import { entityIdOfPartition, isUserPartition, keys } from '../lib/db/keys';
import type { UserItem } from './users';
import type { Session, SessionActor } from './session-items';
import { sessionUpdateWrite } from './session-items';
import type { CanvasSnapshot } from './canvas-snapshot';
import { isLinkField, linkFields } from '../../shared/canvas-links';
import { contentKindOfType } from './items';

/**
 * The journal (docs/architecture.md#the-journal): the one place that shapes a history
 * event and decides who may see it. Writers describe their change as entries; runSteps
 * (runSteps in functions/domain/canvas/context.ts) turns them into events in the change's own
 * transaction. The feed, the revert, the live sender, the digest and the plan book read
 * events through `visibleEvent`. Its entity module too: the events' items (below, with
 * their queries and write builders) and the states they keep (stateOf, itemOfState).
 */

/** One change of one item, as a writer describes it. */
export type JournalEntry = {
  action: HistoryAction;
  itemType: HistoryItemType;
  itemId: string;
  sectionId: number | null;
  categoryId: number | null;
  title: string;
  before: HistoryState;
  after: HistoryState;
  revertsEventId?: string;
};

/** What runSteps needs to journal a transaction: whose change, and what changed. */
export type PendingJournal = {
  familyId: number;
  actor: () => Promise<HistoryActor>;
  entries: JournalEntry[];
  /** Ids decided beforehand, when one user action spans several transactions (a reset). */
  batch?: { batchId: string; eventIds: string[]; at: Date };
  /**
   * The canvas read the change was planned on: runSteps derives the family's dashboard
   * summary from it in the same transaction (functions/records/canvas-summary.ts). Without it the
   * summary is rebuilt right after the write.
   */
  snapshot?: CanvasSnapshot;
  /** The caller's session: a write whose actor it does not keep yet keeps it, in the same transaction (sessionActorToKeep). */
  session?: Session;
};

export type ContentItem = AnswerItem | TakeawayItem | GoalItem | ActionPointItem;

export const kindOfContent = (item: Pick<ContentItem, 'type'>): ContentKind => contentKindOfType[item.type];

/** The title an event shows: the item's title, or an answer's first 80 characters. */
export function titleOf(item: Pick<ContentItem, 'type'> & { title?: string; text?: string | null }): string {
  if (item.type === 'Answer') return (item.text ?? '').slice(0, 80);
  return item.title ?? '';
}

/** The entry of a change of an answer, takeaway, goal or action point (before or after may be absent: create, delete). */
export function contentEntry(action: HistoryAction, before: ContentItem | null, after: ContentItem | null, revertsEventId?: string): JournalEntry {
  const item = (after ?? before) as ContentItem;
  return {
    action,
    itemType: kindOfContent(item),
    itemId: item.id,
    sectionId: item.sectionId,
    categoryId: item.categoryId,
    title: titleOf(item),
    before: stateOf(before),
    after: stateOf(after),
    ...(revertsEventId ? { revertsEventId } : {}),
  };
}

/** An advisor's canvas role set, changed or taken away; the role null means none stored (the default applies). */
export function advisorEntry(
  action: HistoryAction,
  change: { advisorId: number; userId: string; name: string; before: number | null; after: number | null; revertsEventId?: string },
): JournalEntry {
  const state = (workRelationRoleId: number | null) => ({ advisorId: change.advisorId, userId: change.userId, workRelationRoleId });
  return {
    action,
    itemType: 'advisor',
    itemId: `${change.advisorId}:${change.userId}`,
    sectionId: null,
    categoryId: null,
    title: change.name,
    before: state(change.before),
    after: state(change.after),
    ...(change.revertsEventId ? { revertsEventId: change.revertsEventId } : {}),
  };
}

/** The sections a family shares with an advisor company (empty: all), before and after. */
export function sharesEntry(
  action: HistoryAction,
  change: { familyId: number; advisorId: number; companyName: string; before: readonly number[]; after: readonly number[]; revertsEventId?: string },
): JournalEntry {
  return {
    action,
    itemType: 'shares',
    itemId: String(change.advisorId),
    sectionId: null,
    categoryId: null,
    title: change.companyName,
    before: { advisorId: change.advisorId, sharedSectionIds: [...change.before] },
    after: { advisorId: change.advisorId, sharedSectionIds: [...change.after] },
    ...(change.revertsEventId ? { revertsEventId: change.revertsEventId } : {}),
  };
}

/**
 * A work relation ended (either side, or its access end date): the company's sharing as it
 * was, and nothing after. It is a 'shares' event, so the live sender decides every socket of
 * the canvas again when it meets it (functions/domain/live/deliver-changes.ts) and the advisors' sockets
 * close. It cannot be undone: a new invitation starts a new relation.
 */
export function relationEndedEntry(change: {
  advisorId: number;
  companyName: string;
  sharedSectionIds: readonly number[];
  accessUntil: string | null;
}): JournalEntry {
  return {
    action: 'relationEnded',
    itemType: 'shares',
    itemId: String(change.advisorId),
    sectionId: null,
    categoryId: null,
    title: change.companyName,
    before: { advisorId: change.advisorId, sharedSectionIds: [...change.sharedSectionIds], accessUntil: change.accessUntil },
    after: null,
  };
}

/** The canvas title, before and after. */
export function titleEntry(action: HistoryAction, change: { familyId: number; before: string; after: string; revertsEventId?: string }): JournalEntry {
  return {
    action,
    itemType: 'canvas',
    itemId: String(change.familyId),
    sectionId: null,
    categoryId: null,
    title: change.after,
    before: { title: change.before },
    after: { title: change.after },
    ...(change.revertsEventId ? { revertsEventId: change.revertsEventId } : {}),
  };
}

/** The events of a journal, with their ids: one batch per user action. */
export async function eventsOf(journal: PendingJournal): Promise<HistoryEvent[]> {
  const actor = await journal.actor();
  const at = journal.batch?.at ?? now();
  const ids = journal.batch?.eventIds ?? newEventIds(at, journal.entries.length);
  const batchId = journal.batch?.batchId ?? (ids[0] as string);
  return journal.entries.map((entry, index) => ({
    id: ids[index] as string,
    createdDate: at.toISOString(),
    familyId: journal.familyId,
    actor,
    action: entry.action,
    itemType: entry.itemType,
    itemId: entry.itemId,
    sectionId: entry.sectionId,
    categoryId: entry.categoryId,
    title: entry.title,
    batchId,
    revertsEventId: entry.revertsEventId ?? null,
    before: entry.before,
    after: entry.after,
  }));
}

// ---- who acts ------------------------------------------------------------------------------

const actorCacheMs = 60_000;
const actorCache = new Map<string, { actor: HistoryActor; until: number }>();

/**
 * The caller as events name them: their name and the entity they act for. From the session
 * when it keeps them for its current entity (Session.actor: kept by the session's first
 * canvas write, forgotten on a rename); otherwise one BatchGet (user and entity), kept a
 * minute per session in this process.
 */
export async function resolveActor(session: Session): Promise<HistoryActor> {
  const membership = session.membership;
  const kept = session.actor;
  if (kept && kept.entityId === (membership?.entityId ?? 0)) {
    return {
      userId: session.userId,
      firstName: kept.firstName,
      lastName: kept.lastName,
      entityId: kept.entityId,
      entityName: kept.entityName,
      entityTypeId: membership?.entityTypeId ?? 0,
    };
  }
  const cacheKey = `${session.tokenHash}#${membership?.entityId ?? ''}`;
  const cached = actorCache.get(cacheKey);
  if (cached && cached.until > Date.now()) return cached.actor;
  const found = await batchGetItems<(UserItem | EntityItem) & { PK: string }>([
    keys.user(session.userId),
    ...(membership ? [keys.entity(membership.entityId)] : []),
  ]);
  const user = found.find((item) => isUserPartition(item.PK)) as UserItem | undefined;
  const entity = found.find((item) => entityIdOfPartition(item.PK) !== undefined) as EntityItem | undefined;
  const actor: HistoryActor = {
    userId: session.userId,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    entityId: membership?.entityId ?? 0,
    entityName: entity?.entityName ?? '',
    entityTypeId: membership?.entityTypeId ?? 0,
  };
  if (actorCache.size > 1000) actorCache.clear();
  actorCache.set(cacheKey, { actor, until: Date.now() + actorCacheMs });
  return actor;
}

/** Tests: this process has read no actor yet (a cold Lambda). */
export function resetActorCacheForTests(): void {
  actorCache.clear();
}

/**
 * The write that keeps on the caller's session what a canvas write's transaction can carry
 * for it (one more write of that transaction, no round trip of its own): the actor, when the
 * session does not keep it yet (or keeps other names), and the push of the idle expiry the
 * request owes (Session.pendingTouch). Undefined when there is neither.
 */
export function sessionActorToKeep(session: Session, actor: HistoryActor): { write: Write<'sessionExists'>; kept: SessionActor; touched: boolean } | undefined {
  const kept: SessionActor = { entityId: actor.entityId, firstName: actor.firstName, lastName: actor.lastName, entityName: actor.entityName };
  const current = session.actor;
  const keepsIt =
    current !== undefined &&
    current.entityId === kept.entityId &&
    current.firstName === kept.firstName &&
    current.lastName === kept.lastName &&
    current.entityName === kept.entityName;
  const touch = session.pendingTouch;
  if (keepsIt && !touch) return undefined;
  return {
    write: sessionUpdateWrite(session.tokenHash, { ...(keepsIt ? {} : { actor: kept }), ...(touch ? { touch } : {}) }),
    kept,
    touched: touch !== undefined,
  };
}

// ---- who sees what -------------------------------------------------------------------------

function withoutLinks(state: HistoryState): HistoryState {
  if (!state) return state;
  return Object.fromEntries(Object.entries(state).filter(([field]) => !isLinkField(field)));
}

/** A state with one person's id replaced by anotherAdvisorId (in its fields and lists). */
function withoutPerson(state: HistoryState, userId: string): HistoryState {
  if (!state) return state;
  const replace = (value: unknown): unknown => (value === userId ? anotherAdvisorId : Array.isArray(value) ? value.map(replace) : value);
  return Object.fromEntries(Object.entries(state).map(([field, value]) => [field, replace(value)]));
}

/** The fields a before/after view shows: the state's field → its wire name (shared/contracts/history.ts historyChangeFields). */
const changeFieldsOfState: ReadonlyArray<readonly [string, HistoryChangeField]> = [
  ['title', 'title'],
  ['text', 'description'],
  ['goalTerm', 'term'],
  ['priority', 'priority'],
  ['assigneeId', 'assignee'],
  ['dueDate', 'dueDate'],
  ['linkedGoalIds', 'linkedGoals'],
  ['linkedTakeawayIds', 'linkedTakeaways'],
  ['linkedActionPointIds', 'linkedActionPoints'],
  ['archived', 'archived'],
  ['completed', 'completed'],
];

const contentItemTypes = new Set(['answer', 'takeaway', 'goal', 'actionPoint']);

/** A field's value as a change shows it: no value is null (links: an empty list; flags: false). */
function changeValue(state: Record<string, unknown> | null, field: string): unknown {
  const value = state?.[field];
  if (isLinkField(field)) return Array.isArray(value) ? [...(value as string[])].sort() : [];
  if (field === 'archived' || field === 'completed') return value === true;
  return value === undefined || value === '' ? null : value;
}

const isEmptyValue = (value: unknown) => value === null || value === false || (Array.isArray(value) && value.length === 0);

/**
 * What an event changed, field by field (the one place that computes it): for a create the
 * fields it set, for a delete what was deleted (the other side null), for any other change
 * the fields whose values differ. Link lists keep only the ids `linkSeen` allows (an item in
 * a hidden section is left out); a link change that leaves nothing visible is no change.
 */
export function changesOf(event: Pick<HistoryEvent, 'itemType' | 'before' | 'after'>, linkSeen: (itemId: string) => boolean): HistoryChange[] {
  if (event.itemType === 'canvas') {
    const before = (event.before?.title as string | undefined) ?? null;
    const after = (event.after?.title as string | undefined) ?? null;
    return before !== after && (before !== null || after !== null) ? [{ field: 'title', before, after }] : [];
  }
  if (!contentItemTypes.has(event.itemType)) return [];
  const before = event.before;
  const after = event.after;
  const isAnswer = (before ?? after)?.type === 'Answer';
  const changes: HistoryChange[] = [];
  for (const [stateField, wireField] of changeFieldsOfState) {
    let was = before === null ? null : changeValue(before, stateField);
    let now = after === null ? null : changeValue(after, stateField);
    if (isLinkField(stateField)) {
      if (was !== null) was = (was as string[]).filter(linkSeen);
      if (now !== null) now = (now as string[]).filter(linkSeen);
    }
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    // A create or a delete lists the fields that hold something.
    if ((before === null || after === null) && isEmptyValue(before === null ? now : was)) continue;
    changes.push({ field: isAnswer && wireField === 'description' ? 'text' : wireField, before: was, after: now });
  }
  return changes;
}

/**
 * An event as one reader may receive it, or null when they may not (shared/permissions.ts
 * canSeeCanvasChange: its section must be visible; an event without a section needs the
 * whole canvas). A reader limited to some sections gets the undo data without link lists,
 * which may name items of sections hidden from them, and `changes` with only the links
 * `linkSeen` says they may see (the caller that has the canvas read passes it: the item
 * exists and sits in a visible section; without it such a reader sees no link changes).
 */
export function visibleEvent(access: CanvasAccess, event: HistoryEvent, linkSeen?: (itemId: string) => boolean): HistoryEvent | null {
  if (!canSeeCanvasChange(access, event.sectionId)) return null;
  // Another company's relation (its shares, its advisors) is the family's business.
  if (
    (event.itemType === 'shares' || event.itemType === 'advisor') &&
    isOtherAdvisorCompany(access, { entityId: Number(event.itemId.split(':')[0]), entityTypeId: EntityType.AdvisorCompany })
  )
    return null;
  // Another company's person acts as "another advisor" (no name, no id), also where the
  // item's states name them (the creator, an assignee or voter who is the actor).
  const seen = isOtherAdvisorCompany(access, event.actor)
    ? { ...event, actor: anotherAdvisorActor, before: withoutPerson(event.before, event.actor.userId), after: withoutPerson(event.after, event.actor.userId) }
    : event;
  if (canSeeWholeCanvas(access)) return { ...seen, changes: changesOf(seen, () => true) };
  return { ...seen, before: withoutLinks(seen.before), after: withoutLinks(seen.after), changes: changesOf(seen, linkSeen ?? (() => false)) };
}

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

/** When an event was written: its id's time prefix (newEventIds), epoch ms. */
export const eventIdTime = (eventId: string): number => Number.parseInt(eventId.slice(0, 9), 36);

/** The time prefix of the event ids written at an instant (newEventIds): events sort by it. */
const eventTimePrefix = (at: Date) => at.getTime().toString(36).padStart(9, '0');

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
