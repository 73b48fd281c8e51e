import * as z from 'zod';
import { HistoryActor, HistoryEvent } from './history';
import { LiveCanvasChange } from './live-views';

export { LiveCanvasChange, LiveItemView } from './live-views';

/**
 * The live channel (`/ws`, docs/architecture.md#live-channel): one WebSocket follows one canvas.
 * These are the messages on the wire, both ways, as JSON text frames. The server sends
 * `change` after every canvas write (the history event as GET /api/canvas/history shows it
 * to this reader, and the changed items as this reader's canvas read would show them),
 * `presence` whenever somebody joins, leaves, moves or starts/stops editing,
 * `presenceTooSoon` when a presence message came within the rate's gap (not taken: the client
 * sends its latest presence again after `retryInMs`), `accessChanged` when what the reader may see or
 * do changed while the socket stays open, and `closed` just before it closes the socket. The client sends `presence` (on open and
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
 * `change` events of a canvas come in the order the journal committed them (one item's
 * events always in that item's order; two people's simultaneous writes may arrive a few
 * milliseconds out of the order of their ids, which the history sorts by).
 */
export const LiveServerMessage = z.discriminatedUnion('type', [
  // `canvas` is required: the SPA and the Lambdas ship in one deploy, so no sender of another version talks to this browser.
  z.object({ type: z.literal('change'), event: HistoryEvent, canvas: LiveCanvasChange }),
  z.object({ type: z.literal('presence'), members: z.array(PresenceMember) }),
  z.object({ type: z.literal('closed'), reason: z.enum(closeReasons) }),
  // What this reader may do or see on the canvas changed (shares narrowed or widened, a role): read the canvas again.
  // `sectionsHidden`: the sections they could see until now and no longer can, to be named to them.
  z.object({ type: z.literal('accessChanged'), sectionsHidden: z.array(z.object({ id: z.number(), title: z.string() })) }),
  z.object({ type: z.literal('pong') }),
  // A presence message came sooner than presenceMessagesPerSecond allows and was not taken: send the latest presence again after `retryInMs`.
  z.object({ type: z.literal('presenceTooSoon'), retryInMs: z.number().int().nonnegative() }),
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

/**
 * At most this many presence messages per second and socket are taken (measured when the
 * server handles them); one that comes sooner is answered `presenceTooSoon` with the time
 * left, and the client sends its latest presence again then, so a last move is never lost.
 */
export const presenceMessagesPerSecond = 1;

/**
 * At most this many pings per second and socket are answered (measured when the server handles
 * them); the others are dropped without an answer, before the access decision. The app pings every
 * `heartbeatSeconds` and when its tab is shown again.
 */
export const pingsPerSecond = 1;

/**
 * The app's heartbeat: a `ping` this often on an open socket, and nothing else while nothing
 * changes (presence goes only when it changed). API Gateway closes a socket that sent nothing for
 * 10 minutes (infra/traffic-plan.ts accountQuotas.webSocketIdleSeconds); a background tab's timers
 * may run up to a minute late (the browser's throttling), so even with one ping lost the gap stays
 * at 7 minutes. It also bounds how long an idle or expired session's socket stays open on a quiet
 * canvas (its next ping decides it again).
 */
export const heartbeatSeconds = 180;

/**
 * Open sockets a user may have: per session, and over all their sessions. The handshake
 * of one more is refused with 429 (TOO_MANY_REQUESTS) before it opens.
 */
export const maxSocketsPerSession = 10;
export const maxSocketsPerUser = 30;
