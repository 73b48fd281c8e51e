import { createGroupHandler } from '../lib/idempotency';
import { canvasTakeawayRoutes } from '../../shared/routes/canvas-takeaway';
import { canvasTakeawayContract } from '../../shared/api-contract/canvas-takeaway';
import { archiveTakeaway } from '../domain/canvas/archive-takeaway';
import { createTakeaway } from '../domain/canvas/create-content-item';
import { deleteTakeaway } from '../domain/canvas/delete-takeaway';
import { addTakeawayVote, removeTakeawayVote } from '../domain/canvas/takeaway-votes';
import { updateTakeaway } from '../domain/canvas/update-takeaway';

export const handler = createGroupHandler('canvas-takeaway', canvasTakeawayRoutes, canvasTakeawayContract, {
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
