import { createGroupHandler } from '../http/idempotency';
import { canvasTakeawayRoutes } from '../../shared/routes/canvas-takeaway';
import { archiveTakeaway } from '../domain/canvas/archive-takeaway';
import { createTakeaway } from '../domain/canvas/create-content-item';
import { deleteTakeaway } from '../domain/canvas/delete-takeaway';
import { addTakeawayVote, removeTakeawayVote } from '../domain/canvas/takeaway-votes';
import { updateTakeaway } from '../domain/canvas/update-takeaway';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/canvas-takeaway').then((module) => module.canvasTakeawayContract);

export const handler = createGroupHandler('canvas-takeaway', canvasTakeawayRoutes, contract, {
  createTakeaway: async ({ session, path, body }) => ({ status: 201, body: await createTakeaway(session, path.categoryId, body) }),
  updateTakeaway: async ({ session, path, body }) => ({ body: await updateTakeaway(session, path.id, body) }),
  archiveTakeaway: async ({ session, path, body }) => ({ body: await archiveTakeaway(session, path.id, body.archived, body.version) }),
  deleteTakeaway: async ({ session, path }) => {
    await deleteTakeaway(session, path.id);
    return { status: 204 };
  },
  addTakeawayVote: async ({ session, path }) => ({ status: 201, body: await addTakeawayVote(session, path.takeawayId) }),
  removeTakeawayVote: async ({ session, path }) => {
    await removeTakeawayVote(session, path.takeawayId);
    return { status: 204 };
  },
});
