import * as z from 'zod';
import { ActionPoint, Answer, Goal, LinkedItem, Takeaway } from './canvas';
import { HistoryActor, HistoryEvent } from './history';

/**
 * The live channel (`/ws`, docs/architecture.md#live-channel): one WebSocket follows one canvas.
 * These are the messages on the wire, both ways, as JSON text frames. The server sends
 * `change` after every canvas write (the history event as GET /api/canvas/history shows it
 * to this reader, and the changed items as this reader's canvas read would show them),
 * `presence` whenever somebody joins, leaves, moves or starts/stops editing,
 * and `closed` just before it closes the socket. The client sends `presence` (on open and
 * whenever its place changes; the reply is the full list) and `ping`.
 */

/** The path of the channel on the app's own origin; `?familyId=<id>` names the canvas (a family member may leave it out). */
export const livePath = '/ws';

export const presenceStates = ['active', 'away'] as const;
export type PresenceState = (typeof presenceStates)[number];

export const closeReasons = ['signedOut', 'accessRemoved', 'expired'] as const;
export type CloseReason = (typeof closeReasons)[number];

/** One person on the canvas. A reader who cannot see a section gets null for where they are in it. */
export const PresenceMember = HistoryActor.extend({
  state: z.enum(presenceStates),
  sectionId: z.number().nullable(),
  categoryId: z.number().nullable(),
  editingItemId: z.string().nullable(),
});
export type PresenceMember = z.infer<typeof PresenceMember>;

/**
 * A changed answer, takeaway, goal or action point as the receiving reader's GET /canvas or
 * GET /canvas/category would show it now (functions/domain/canvas/views.ts), with how it
 * appears among another category's linked items (`linked`) and whether the overview lists
 * it (`overview`: active takeaways, every goal and action point).
 */
export const LiveItemView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('answer'), item: Answer }),
  z.object({ kind: z.literal('takeaway'), item: Takeaway, linked: LinkedItem, overview: z.boolean() }),
  z.object({ kind: z.literal('goal'), item: Goal, linked: LinkedItem, overview: z.boolean() }),
  z.object({ kind: z.literal('actionPoint'), item: ActionPoint, linked: LinkedItem, overview: z.boolean() }),
]);
export type LiveItemView = z.infer<typeof LiveItemView>;

/**
 * What a change did to the reader's canvas, already filtered by what they may see: items to
 * insert or replace by id (`upsert`: the changed item and those whose links it changed),
 * ids to remove (deleted, or no longer visible), the canvas title when it changed;
 * `reload` when the change is not one of items (a reset, shares, an advisor's role) and the
 * canvas is read again.
 */
export const LiveCanvasChange = z.object({
  upsert: z.array(LiveItemView),
  remove: z.array(z.object({ kind: z.enum(['answer', 'takeaway', 'goal', 'actionPoint']), id: z.string() })),
  title: z.string().optional(),
  reload: z.boolean(),
});
export type LiveCanvasChange = z.infer<typeof LiveCanvasChange>;

/**
 * `change` events of a canvas come in the order the journal committed them (one item's
 * events always in that item's order; two people's simultaneous writes may arrive a few
 * milliseconds out of the order of their ids, which the history sorts by).
 */
export const LiveServerMessage = z.discriminatedUnion('type', [
  // `canvas` is absent only from a sender of an earlier deploy: the browser then patches from the event's states, as after a catch-up.
  z.object({ type: z.literal('change'), event: HistoryEvent, canvas: LiveCanvasChange.optional() }),
  z.object({ type: z.literal('presence'), members: z.array(PresenceMember) }),
  z.object({ type: z.literal('closed'), reason: z.enum(closeReasons) }),
  z.object({ type: z.literal('pong') }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessage>;

const id = z.number().int().positive().nullable();

/** What a client says. Anything else (or malformed JSON) is dropped. */
export const LiveClientMessage = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('presence'),
    sectionId: id.optional(),
    categoryId: id.optional(),
    editingItemId: z.string().max(64).nullable().optional(),
    state: z.enum(presenceStates).optional(),
  }),
  z.strictObject({ action: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

/** At most this many presence messages per second and socket are taken; more are dropped. */
export const presenceMessagesPerSecond = 1;

/**
 * Open sockets a user may have: per session, and over all their sessions. The handshake
 * of one more is refused with 429 (TOO_MANY_REQUESTS) before it opens.
 */
export const maxSocketsPerSession = 10;
export const maxSocketsPerUser = 30;
