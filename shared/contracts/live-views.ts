import * as z from 'zod';
import { ActionPoint, Answer, Goal, LinkedItem, Takeaway } from './canvas';

/**
 * Canvas items as one reader's canvas read shows them, built on the server
 * (functions/domain/canvas/live-view.ts) for the live channel's `change` (shared/contracts/live.ts)
 * and the history's catch-up page (shared/contracts/history.ts HistoryPage `canvas`): the
 * browser only inserts, replaces or removes them by id. Apart from live.ts because the
 * history contract carries them too (live.ts imports history.ts).
 */

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
