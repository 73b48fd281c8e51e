import type { HistoryAction, HistoryActor, HistoryEvent, HistoryItemType, HistoryState } from '../../shared/contracts/history';
import { now } from '../lib/clock';
import { batchGetItems, type Write } from '../lib/db/table';
import type { ActionPointItem, AnswerItem, ContentKind, GoalItem, TakeawayItem } from './items';
import type { EntityItem } from './entities';
import { entityIdOfPartition, isUserPartition, keys } from '../lib/db/keys';
import type { UserItem } from './users';
import type { Session, SessionActor } from './session-items';
import { sessionUpdateWrite } from './session-items';
import type { SummarySource } from './canvas-summary';
import { contentKindOfType } from './items';
import { newEventIds, stateOf } from './journal-codec';

/**
 * Recording the journal (docs/architecture.md#the-journal): writers describe their change as
 * entries; runSteps (functions/domain/canvas/context.ts) turns them into events, with the actor
 * who made them, in the change's own transaction.
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
  snapshot?: SummarySource;
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
