import { EntityType } from '../../../shared/enums';
import { canEditCanvas, canSeeSection, type CanvasAccess } from '../../../shared/permissions';
import { decideAccess, takeRelationRecord } from '../access/decide';
import {
  queryCanvas,
  type ActionPointItem,
  type AnswerItem,
  type CanvasMetaItem,
  type CategoryItem,
  type ContentItemOf,
  type ContentKind,
  type GoalItem,
  type QuestionItem,
  type SectionItem,
  type TakeawayItem,
  stampChange,
  withAssigneeIndex,
} from '../../records/items';
import { batchGetItems, ChangedMeanwhile, retryWhileChanged, maxTransactionItems, transactWrites, type Write } from '../../lib/db/table';
import { listMembersOfEntity } from '../../records/members';
import { summaryFromRecord, type CanvasSummaryItem } from '../../records/canvas-summary';
import type { CanvasVisitItem } from '../../records/visits';
import type { WorkRelationMemberItem } from '../../records/work-relation-members';
import type { WorkRelationItem } from '../../records/work-relations';
import { keys, canvasRecordKindOf, actionPointIdOfSortKey } from '../../lib/db/keys';
import { fail, AppError } from '../../lib/errors';
import { putHistoryEventOp } from '../../records/journal-codec';
import { resolveActor, sessionActorToKeep, type JournalEntry, type PendingJournal, eventsOf } from '../../records/journal-recording';
import { type Session } from '../sessions/session';
import { hadEndedRelation } from '../../records/work-relations';
import { type HistoryEvent } from '../../../shared/contracts/history';
import { countMetric } from '../../lib/observability';
import { businessMetrics, canvasWriteKindDimension } from '../../../shared/metrics';

/**
 * The frame of every canvas operation. The read a write plans on (and every canvas read
 * answers from): the one canvas Query into a snapshot, the caller's access decided on it, and
 * what the caller may see (loadCanvas). The write: one transaction that holds the change and
 * its journal (runSteps), planned again on a fresh read when the canvas changed meanwhile
 * (withCanvasRetry; below, after the snapshot).
 */

/** One family's canvas as one caller may see it: the snapshot, the access, and visibility. */
export type CanvasContext = {
  familyId: number;
  userId: string;
  access: CanvasAccess;
  snapshot: CanvasSnapshot;
  /** Whether a section (and everything in it) is visible to the caller. */
  canSee: (sectionId: number) => boolean;
  /**
   * When the caller last saw this canvas before the current visit (set by recordRead; null
   * on a first visit): items others changed since are marked `changedSinceLastVisit`.
   */
  previousVisitAt?: string | null;
  /** The caller as history events name them (read on the first write only). */
  actor: () => ReturnType<typeof resolveActor>;
  /**
   * For an advisor: the people (present and past members) of the other companies working
   * on this canvas, shown as "another advisor" (shared/contracts/history.ts anotherAdvisorId).
   * Empty for the family, and for an advisor whose company is the only one.
   */
  otherCompanyPeople?: ReadonlySet<string>;
  /** The caller's session (a write keeps the actor on it: functions/records/journal-recording.ts sessionActorToKeep). */
  session?: Session;
};

/** The journal of a write on this canvas by the caller: runSteps puts its events into the write's transaction. */
export function journalOf(
  context: Pick<CanvasContext, 'familyId' | 'actor'> & { snapshot?: CanvasSnapshot; session?: Session },
  ...entries: JournalEntry[]
): PendingJournal {
  return {
    familyId: context.familyId,
    actor: context.actor,
    entries,
    ...(context.snapshot ? { snapshot: context.snapshot } : {}),
    ...(context.session ? { session: context.session } : {}),
  };
}

/**
 * The family whose canvas a call without a family id means: the caller's own. An advisor
 * must name the family, so without one it is not found (docs/product/shell.md#routes).
 */
export function ownFamilyId(session: Session): number {
  const membership = session.membership;
  if (!membership || membership.entityTypeId !== EntityType.Family) throw fail('ITEM_NOT_FOUND');
  return membership.entityId;
}

/**
 * Reads a family's canvas for the caller with one Query and decides the access. No canvas,
 * or a canvas the caller may not read, answers ITEM_NOT_FOUND (4): nobody learns whether a
 * canvas they cannot see exists. A member of another family is refused before any read.
 */
export async function loadCanvas(session: Session, familyId: number): Promise<CanvasContext> {
  const membership = session.membership;
  if (!membership) throw fail('ITEM_NOT_FOUND');
  if (membership.entityTypeId === EntityType.Family && membership.entityId !== familyId) throw fail('ITEM_NOT_FOUND');
  const snapshot = CanvasSnapshot.fromItems(await queryCanvas(familyId));
  const access = await canvasAccessOrRefusal(session, familyId, snapshot);
  return { ...canvasContextOf(session, familyId, access, snapshot), otherCompanyPeople: await otherCompanyPeopleOf(access, snapshot) };
}

/**
 * The people of the other advisor companies of a canvas, for an advisor reading it: one
 * Query of each other company's members, in parallel (none when the caller's company is
 * the only one, or for the family).
 */
export async function otherCompanyPeopleOf(access: CanvasAccess, snapshot: CanvasSnapshot): Promise<ReadonlySet<string>> {
  if (access.kind !== 'workRelation') return noPeople;
  const others = [...snapshot.workRelations.keys()].filter((advisorId) => advisorId !== access.membership.entityId);
  if (others.length === 0) return noPeople;
  const lists = await Promise.all(others.map((advisorId) => listMembersOfEntity(advisorId)));
  return new Set(lists.flat().map((member) => member.userId));
}

const noPeople: ReadonlySet<string> = new Set();

/** The context of a canvas read by the caller with the given access. */
export function canvasContextOf(session: Session, familyId: number, access: CanvasAccess, snapshot: CanvasSnapshot): CanvasContext {
  return {
    familyId,
    userId: session.userId,
    access,
    snapshot,
    canSee: (sectionId) => canSeeSection(access, sectionId),
    actor: () => resolveActor(session),
    otherCompanyPeople: noPeople,
    session,
  };
}

/**
 * The caller's access to a family's canvas without reading its content: one BatchGet of
 * the canvas item and, for an advisor, their company's relation and their own role. For
 * what reads the journal rather than the canvas (the feed, the access log, the live
 * channel). No canvas, or no right to read it → ITEM_NOT_FOUND (4).
 */
export async function loadCanvasAccess(session: Session, familyId: number): Promise<{ access: CanvasAccess; snapshot: CanvasSnapshot }> {
  const membership = session.membership;
  if (!membership) throw fail('ITEM_NOT_FOUND');
  if (membership.entityTypeId === EntityType.Family && membership.entityId !== familyId) throw fail('ITEM_NOT_FOUND');
  const wanted = [keys.canvas(familyId)];
  if (membership.entityTypeId === EntityType.AdvisorCompany) {
    wanted.push(keys.workRelation(familyId, membership.entityId), keys.workRelationMember(familyId, membership.entityId, session.userId));
  }
  const snapshot = CanvasSnapshot.fromItems(await batchGetItems<Record<string, unknown>>(wanted));
  return { access: await canvasAccessOrRefusal(session, familyId, snapshot), snapshot };
}

/**
 * The caller's access (canvasAccessOf), or the refusal: ITEM_NOT_FOUND, except for someone of an
 * advisor company whose relation with this family ended lately and exists no more — they knew the
 * canvas and get ACCESS_ENDED (functions/records/work-relations.ts hadEndedRelation). Read only on a refusal.
 */
async function canvasAccessOrRefusal(session: Session, familyId: number, snapshot: CanvasSnapshot): Promise<CanvasAccess> {
  try {
    return canvasAccessOf(session, familyId, snapshot);
  } catch (error) {
    const membership = session.membership;
    if (
      error instanceof AppError &&
      membership?.entityTypeId === EntityType.AdvisorCompany &&
      !snapshot.workRelations.has(membership.entityId) &&
      (await hadEndedRelation(familyId, membership.entityId))
    )
      throw fail('ACCESS_ENDED');
    throw error;
  }
}

/**
 * The one access decision (functions/domain/access/decide.ts) for a request's caller on a
 * canvas: the session the request resolved, its current membership, the canvas items
 * read. Refused, or no canvas → ITEM_NOT_FOUND (4).
 */
function canvasAccessOf(session: Session, familyId: number, snapshot: CanvasSnapshot): CanvasAccess {
  const decision = decideAccess({
    userId: session.userId,
    session: { resolved: session },
    membership: 'fromSession',
    canvas: { familyId, relations: snapshot },
  });
  if (!decision.allowed || !decision.canvasAccess) throw fail('ITEM_NOT_FOUND');
  return decision.canvasAccess;
}

/** Writes need edit rights on the canvas (docs/product/canvas.md#permissions): FORBIDDEN (8) otherwise. */
export function requireEditRights(context: CanvasContext): void {
  if (!canEditCanvas(context.access)) throw fail('FORBIDDEN');
}

/** A category the caller can see, or ITEM_NOT_FOUND (4). */
export function requireVisibleCategory(context: CanvasContext, categoryId: number): CategoryItem {
  const category = context.snapshot.categories.get(categoryId);
  if (!category || !context.canSee(category.sectionId)) throw fail('ITEM_NOT_FOUND');
  return category;
}

/** A question the caller can see, or ITEM_NOT_FOUND (4). */
export function requireVisibleQuestion(context: CanvasContext, questionId: string): QuestionItem {
  const question = context.snapshot.questions.get(questionId);
  if (!question || !context.canSee(question.sectionId)) throw fail('ITEM_NOT_FOUND');
  return question;
}

/** An answer, takeaway, goal or action point the caller can see, or ITEM_NOT_FOUND (4). */
export function requireVisibleContent<K extends ContentKind>(context: CanvasContext, kind: K, id: string): ContentItemOf[K] {
  const item = context.snapshot.contentMap(kind).get(id);
  if (!item || !context.canSee(item.sectionId)) throw fail('ITEM_NOT_FOUND');
  return item;
}

/**
 * One canvas partition read into maps: what the one canvas Query returned, sorted by
 * item type (the SK prefix names it). Reads filter it for the caller; writes decide on it
 * and let DynamoDB conditions settle races.
 */
export class CanvasSnapshot {
  meta: CanvasMetaItem | undefined;
  readonly sections = new Map<number, SectionItem>();
  readonly categories = new Map<number, CategoryItem>();
  readonly questions = new Map<string, QuestionItem>();
  readonly answers = new Map<string, AnswerItem>();
  readonly takeaways = new Map<string, TakeawayItem>();
  readonly goals = new Map<string, GoalItem>();
  readonly actionPoints = new Map<string, ActionPointItem>();
  readonly workRelations = new Map<number, WorkRelationItem>();
  /** `<advisorId>#<userId>` → that advisor's canvas role. */
  readonly workRelationMembers = new Map<string, WorkRelationMemberItem>();
  /** userId → when they last saw this canvas ("since your last visit", the access log's hour). */
  readonly visits = new Map<string, CanvasVisitItem>();
  /** The stored dashboard card, as read (parsed only when asked for: a canvas write does not need it). */
  private summaryRecord: Record<string, unknown> | undefined;
  /** The dashboard card kept beside the canvas (functions/records/canvas-summary.ts); absent until first written. */
  get summary(): CanvasSummaryItem | undefined {
    return this.summaryRecord ? summaryFromRecord(this.summaryRecord) : undefined;
  }

  static fromItems(items: ReadonlyArray<Record<string, unknown>>): CanvasSnapshot {
    const snapshot = new CanvasSnapshot();
    for (const item of items) snapshot.add(item);
    return snapshot;
  }

  private add(record: Record<string, unknown>): void {
    if (takeRelationRecord(this, record)) return;
    switch (canvasRecordKindOf(String(record.SK))) {
      case 'summary':
        this.summaryRecord = record;
        break;
      case 'visit': {
        const visit = record as CanvasVisitItem;
        this.visits.set(visit.userId, visit);
        break;
      }
      case 'section':
        this.put(this.sections, record as SectionItem);
        break;
      case 'category':
        this.put(this.categories, record as CategoryItem);
        break;
      case 'question':
        this.put(this.questions, record as QuestionItem);
        break;
      case 'answer':
        this.put(this.answers, record as AnswerItem);
        break;
      case 'takeaway':
        this.put(this.takeaways, record as TakeawayItem);
        break;
      case 'goal':
        this.put(this.goals, record as GoalItem);
        break;
      case 'actionPoint':
        this.put(this.actionPoints, record as ActionPointItem);
        break;
    }
  }

  private put<K, V extends { id: K }>(map: Map<K, V>, item: V): void {
    map.set(item.id, item);
  }

  /** The map of one content kind. */
  contentMap<K extends ContentKind>(kind: K): Map<string, ContentItemOf[K]> {
    const maps = { answer: this.answers, takeaway: this.takeaways, goal: this.goals, actionPoint: this.actionPoints };
    return maps[kind] as Map<string, ContentItemOf[K]>;
  }

  /** Who voted for an answer or takeaway (nobody for an unknown id). */
  votersOf(itemId: string): ReadonlySet<string> {
    return (this.answers.get(itemId) ?? this.takeaways.get(itemId))?.voterIds ?? emptySet;
  }

  /** Whether the user has an answer to the question. */
  hasAnswered(questionId: string, userId: string): boolean {
    return this.questions.get(questionId)?.answeredBy?.has(userId) === true;
  }
}

const emptySet: ReadonlySet<string> = new Set();

/**
 * A canvas write is one TransactWriteItems whose conditions hold the rules (docs/product/canvas.md#rules, #validation, #permissions).
 * Each step is a write as data (functions/lib/db/table.ts) and says what its failed condition means: a client
 * error, or 'retry' when the canvas changed between the read and the write (the write is
 * then planned again on a fresh read).
 */
export type Step = { op: Write; onConditionFailed: () => AppError | 'retry' };

export { maxTransactionItems };

const changedMeanwhile = 'The canvas changed meanwhile. Reload and try again.';

/** The canvas changed between the read and the write: withCanvasRetry plans again. */
class CanvasChangedMeanwhile extends ChangedMeanwhile {
  constructor() {
    super(changedMeanwhile);
  }
}

/** Each step's condition is named after the step, its outcome the step's own meaning. */
const stepName = (index: number) => `step${index}`;

/**
 * Runs the steps as one transaction and maps a failed condition, by its name, to its
 * meaning. With a journal, the change's history events go into the same transaction (a
 * failed write leaves no event, an event never exists without its change) and every content
 * item written is stamped with who changed it, in its data before it is built; the events
 * are returned for the caller (and the live channel).
 */
export async function runSteps(steps: Step[], journal?: PendingJournal): Promise<HistoryEvent[]> {
  if (steps.length === 0) return [];
  const events = journal ? await eventsOf(journal) : [];
  // The state each journaled action point is left in: its assignee index follows it.
  const actionPointsAfter = new Map(events.filter((event) => event.itemType === 'actionPoint' && event.after).map((event) => [event.itemId, event.after!]));
  const indexed = (write: Write): Write => {
    const actionPointId = 'update' in write ? actionPointIdOfSortKey(write.update.SK) : undefined;
    const after = actionPointId !== undefined ? actionPointsAfter.get(actionPointId) : undefined;
    return after && journal ? withAssigneeIndex(write, journal.familyId, after) : write;
  };
  // The dashboard card is not written here: the journal's stream rebuilds it after the
  // commit (refreshSummariesAfter in ./refresh-summaries.ts), so writers of one canvas share no item.
  const stepWrites = steps.map((step, index): Write => {
    const write = step.op;
    const planned = events.length ? stampChange(indexed(write), events[0]!.actor.userId, events[0]!.createdDate) : write;
    return { ...planned, name: stepName(index) };
  });
  const writes: Write[] = events.length ? [...stepWrites, ...events.map(putHistoryEventOp)] : stepWrites;
  if (writes.length > maxTransactionItems) throw fail('INCORRECT_INPUT', { message: 'Too many changes at once.' });
  // The session keeps the actor the events name, where there is room: later writes read it from there.
  // The same write pushes the session's idle expiry when the request owes it (no round trip of its own).
  const keep = journal?.session && events[0] && writes.length < maxTransactionItems ? sessionActorToKeep(journal.session, events[0].actor) : undefined;
  if (keep) writes.push(keep.write);
  const outcomes: Record<string, () => Error> = {
    // An event's own condition (a new key, which fails only on an id collision): plan again on a fresh read.
    eventIsNew: () => new CanvasChangedMeanwhile(),
    // The session ended between its read and this write.
    sessionExists: () => fail('SESSION_EXPIRED'),
  };
  steps.forEach((step, index) => {
    outcomes[stepName(index)] = () => {
      const outcome = step.onConditionFailed();
      return outcome === 'retry' ? new CanvasChangedMeanwhile() : outcome;
    };
  });
  try {
    await transactWrites(writes, outcomes);
  } catch (error) {
    // Cancelled without a failed condition (another transaction held the same items).
    if (error instanceof ChangedMeanwhile && !(error instanceof CanvasChangedMeanwhile)) throw new CanvasChangedMeanwhile();
    throw error;
  }
  if (keep && journal?.session) {
    journal.session.actor = keep.kept;
    if (keep.touched) delete journal.session.pendingTouch;
  }
  countCanvasWrites(events);
  return events;
}

/** The CanvasWrites metric by kind: one per journaled change (a vote is a kind of its own). */
function countCanvasWrites(events: HistoryEvent[]): void {
  for (const event of events) {
    const kind = event.action === 'voted' || event.action === 'unvoted' ? 'vote' : event.itemType;
    countMetric(businessMetrics.canvasWrites, 1, { [canvasWriteKindDimension]: kind });
  }
}

/** A few tries for busy canvases (writers of one item, or of linked ones). */
const maxAttempts = 5;

/**
 * Reads, plans and writes again when the canvas changed meanwhile (a concurrent edit of
 * the same item or of a linked one, e.g. several people voting for one answer at once).
 * A short random pause spreads the retries of writers that collided with each other.
 * After a few lost races the caller is told to retry.
 */
export async function withCanvasRetry<T>(work: () => Promise<T>): Promise<T> {
  return retryWhileChanged(() => work(), {
    attempts: maxAttempts,
    pauseMs: (attempt) => Math.random() * 20 * attempt,
  });
}
