import * as z from 'zod';
import { eventIdPattern } from '../contract-limits';
import { messageKeys } from '../validation';
import { familyIdField } from './canvas';
import { LiveCanvasChange } from './live-views';

/**
 * Contracts of the canvas journal (docs/architecture.md#the-journal): one history event per
 * canvas change, written in the same transaction as the change. The activity feed, undo
 * and restore, "since your last visit", the live channel and the digests all read these
 * events; nobody shapes an event anywhere else.
 */

export const historyActions = [
  'created',
  'updated',
  'deleted',
  'completed',
  'uncompleted',
  'archived',
  'unarchived',
  'voted',
  'unvoted',
  'titleChanged',
  'reset',
  'sharesChanged',
  'advisorAdded',
  'advisorChanged',
  'advisorRemoved',
  /** The family's work relation with an advisor company ended (itemType 'shares'; by either side or its access end date). */
  'relationEnded',
  'restored',
  'reverted',
  /** An item set back to how it was right after an earlier event of its own ("Restore this version"; revertsEventId names that event). */
  'versionRestored',
] as const;
export type HistoryAction = (typeof historyActions)[number];

export const historyItemTypes = ['answer', 'takeaway', 'goal', 'actionPoint', 'canvas', 'shares', 'advisor'] as const;
export type HistoryItemType = (typeof historyItemTypes)[number];

/** Who made a change, as they were then. */
export const HistoryActor = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  entityId: z.number(),
  entityName: z.string(),
  entityTypeId: z.number(),
});
export type HistoryActor = z.infer<typeof HistoryActor>;

/** An item's stored fields before or after a change (links and voters as lists); null when it did not exist. */
export const HistoryState = z.record(z.string(), z.unknown()).nullable();
export type HistoryState = z.infer<typeof HistoryState>;

/**
 * The fields a before/after view shows, as the wire names them (the journal's states keep the
 * stored names: `text` is an item's description, `goalTerm` the term, `assigneeId` the
 * assignee, the link lists `linked…Ids`). An answer's text is `text`.
 */
export const historyChangeFields = [
  'title',
  'text',
  'description',
  'term',
  'priority',
  'assignee',
  'dueDate',
  'linkedGoals',
  'linkedTakeaways',
  'linkedActionPoints',
  'archived',
  'completed',
] as const;
export type HistoryChangeField = (typeof historyChangeFields)[number];

/** One field of a change, before and after (null: none; links as lists of item ids the reader may see). */
export const HistoryChange = z.object({ field: z.enum(historyChangeFields), before: z.unknown(), after: z.unknown() });
export type HistoryChange = z.infer<typeof HistoryChange>;

/**
 * One change of a canvas. `before`/`after` are what an undo needs: the item's fields before
 * and after (for a delete the whole item with its links and voters). A reader who does not
 * see every section gets them without link lists (links may point into hidden sections).
 */
export const HistoryEvent = z.object({
  /** Sortable by time: a later event has a greater id. */
  id: z.string(),
  createdDate: z.string(),
  familyId: z.number(),
  actor: HistoryActor,
  action: z.enum(historyActions),
  itemType: z.enum(historyItemTypes),
  itemId: z.string(),
  sectionId: z.number().nullable(),
  categoryId: z.number().nullable(),
  /** The item's title, or an answer's first 80 characters. */
  title: z.string(),
  /** Events of one user action share it (a reset is one batch of many deletes). */
  batchId: z.string(),
  /** For a revert or restore: the event it undid. */
  revertsEventId: z.string().nullable(),
  before: HistoryState,
  after: HistoryState,
  /**
   * What changed, field by field, as this reader may see it (functions/records/journal.ts
   * visibleEvent computes it on the way out; stored events do not carry it). A create lists
   * the fields it set, a delete what was deleted.
   */
  changes: z.array(HistoryChange).optional(),
});
export type HistoryEvent = z.infer<typeof HistoryEvent>;

/** A page size in a query string: 1 to `max`. */
const limitParameter = (max: number) =>
  z
    .string()
    .regex(/^\d{1,3}$/, { error: messageKeys.invalidInput })
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= max, { error: messageKeys.invalidInput });

/**
 * A paging cursor in a query string: the `next` of the previous page, sent back as it came.
 * Only its characters are checked here; the server checks that it made it, for this list
 * (else VALIDATION_ERROR, 2).
 */
export const cursorField = () => z.string().regex(/^[A-Za-z0-9_.-]{1,1000}$/, { error: messageKeys.invalidInput });

export const eventIdField = () => z.string({ error: messageKeys.required }).regex(eventIdPattern, { error: messageKeys.invalidInput });

/** GET /api/canvas/history[/{familyId}] */
export const HistoryQuery = z.strictObject({
  limit: limitParameter(100).optional(),
  /** The `next` of the previous page. */
  cursor: cursorField().optional(),
  userId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: messageKeys.invalidInput })
    .optional(),
  sectionId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: messageKeys.invalidInput })
    .transform(Number)
    .optional(),
  itemType: z.enum(historyItemTypes, { error: messageKeys.invalidInput }).optional(),
  /** `deleted`: the family's "Recently deleted" list. */
  action: z.enum(historyActions, { error: messageKeys.invalidInput }).optional(),
  /**
   * The live channel's catch-up after a reconnect (docs/product/live.md#in-the-browser): with
   * it the page also carries `canvas`, the items its events at or after this time touched, as
   * the caller's canvas read shows them now (an ISO date-time, e.g. `2026-03-12T09:30:00.000Z`).
   */
  canvasSince: z.iso.datetime({ error: messageKeys.invalidInput }).optional(),
  /** One item's own history (its versions), newest first: an answer, takeaway, goal or action point id. */
  itemId: z
    .string()
    .regex(/^[1-9]\d{0,11}\.[0-9a-f]{32}$/, { error: messageKeys.invalidInput })
    .optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryPage = z.object({
  results: z.array(HistoryEvent),
  next: z.string().nullable(),
  /** Only with `canvasSince`: what this page's events since then changed on the caller's canvas, as a live `change` carries it. */
  canvas: LiveCanvasChange.optional(),
});
export type HistoryPage = z.infer<typeof HistoryPage>;

export const HistoryFamilyPath = z.strictObject({ familyId: familyIdField() });
export const EventIdPath = z.strictObject({ eventId: eventIdField() });

/** POST /api/canvas/history/{eventId}/revert: the events the revert wrote (one per undone event). */
export const RevertResponse = z.object({ results: z.array(HistoryEvent) });
export type RevertResponse = z.infer<typeof RevertResponse>;

/** POST /api/canvas/history/{eventId}/restore: the item's `version` the restorer read (a later change refuses it with 409, code 71). */
export const RestoreVersionRequest = z.strictObject({
  version: z.number({ error: messageKeys.required }).int({ error: messageKeys.invalidInput }).min(1, { error: messageKeys.invalidInput }),
});
export type RestoreVersionRequest = z.infer<typeof RestoreVersionRequest>;

/** The body of a refused revert or stale update (409, code 71): the item as it is now and who changed it last. */
export const ItemChangedDetails = z.object({
  itemType: z.enum(historyItemTypes),
  itemId: z.string(),
  /** The item now; null when it no longer exists. */
  current: z.record(z.string(), z.unknown()).nullable(),
  changedBy: z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  changedDate: z.string().nullable(),
});
export type ItemChangedDetails = z.infer<typeof ItemChangedDetails>;

// ---- the advisor access log ---------------------------------------------------------------

const dayField = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messageKeys.invalidInput })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: messageKeys.invalidInput });

/** GET /api/canvas/access-log(.csv), GET /api/entities/access-log: days (YYYY-MM-DD, UTC, inclusive). */
export const AccessLogQuery = z.strictObject({
  from: dayField().optional(),
  to: dayField().optional(),
  cursor: cursorField().optional(),
  limit: limitParameter(500).optional(),
  /** Only this advisor's visits (a user id, as in `advisors`). */
  advisor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: messageKeys.invalidInput })
    .optional(),
  /** Only the visits of this advisor company's members (an entity id, as in `advisors`). */
  company: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, { error: messageKeys.invalidInput })
    .transform(Number)
    .optional(),
});
export type AccessLogQuery = z.infer<typeof AccessLogQuery>;

/** A section read (or exported, in the plan book) during a visit. */
export const AccessLogSection = z.object({ sectionId: z.number(), sectionTitle: z.string(), kind: z.enum(['read', 'export']) });
export type AccessLogSection = z.infer<typeof AccessLogSection>;

/**
 * One visit of one advisor to one family's canvas: reads less than 30 minutes apart
 * (docs/product/history-and-undo.md "Visits in the access log"), the sections read, first and last.
 */
export const AccessLogRow = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  entityId: z.number(),
  entityName: z.string(),
  familyId: z.number(),
  familyName: z.string(),
  /** The sections read or exported during the visit, by title. */
  sections: z.array(AccessLogSection),
  firstDate: z.string(),
  lastDate: z.string(),
  /** Section-hours with at least one read (at most one record per user, section and hour). */
  count: z.number(),
});
export type AccessLogRow = z.infer<typeof AccessLogRow>;

/** An advisor with visits in the period (unfiltered): what the advisor and company filters offer. */
export const AccessLogAdvisor = z.object({ userId: z.string(), firstName: z.string(), lastName: z.string(), entityId: z.number(), entityName: z.string() });
export type AccessLogAdvisor = z.infer<typeof AccessLogAdvisor>;

export const AccessLogPage = z.object({ results: z.array(AccessLogRow), next: z.string().nullable(), advisors: z.array(AccessLogAdvisor) });
export type AccessLogPage = z.infer<typeof AccessLogPage>;
