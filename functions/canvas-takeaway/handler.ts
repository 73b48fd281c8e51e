import { ArchiveTakeawayRequest, ContentIdPath, CreateInCategoryPath, CreateTakeawayRequest, TakeawayVotePath, UpdateTakeawayRequest } from '../../shared/contracts/canvas';
import { createGroupHandler, defineRoute } from '../lib/http';
import { archiveTakeaway } from '../domain/canvas/archive-takeaway';
import { createTakeaway } from '../domain/canvas/create-content-item';
import { deleteTakeaway } from '../domain/canvas/delete-takeaway';
import { addTakeawayVote, removeTakeawayVote } from '../domain/canvas/takeaway-votes';
import { updateTakeaway } from '../domain/canvas/update-takeaway';

export const handler = createGroupHandler('canvas-takeaway', {
  createTakeaway: defineRoute({
    path: CreateInCategoryPath,
    body: CreateTakeawayRequest,
    handler: async ({ session, path, body }) => ({ status: 201, body: await createTakeaway(session, path.categoryId, body) }),
  }),
  updateTakeaway: defineRoute({
    path: ContentIdPath,
    body: UpdateTakeawayRequest,
    handler: async ({ session, path, body }) => ({ body: await updateTakeaway(session, path.id, body) }),
  }),
  archiveTakeaway: defineRoute({
    path: ContentIdPath,
    body: ArchiveTakeawayRequest,
    handler: async ({ session, path, body }) => ({ body: await archiveTakeaway(session, path.id, body.archived, body.version) }),
  }),
  deleteTakeaway: defineRoute({
    path: ContentIdPath,
    handler: async ({ session, path }) => {
      await deleteTakeaway(session, path.id);
      return { status: 204 };
    },
  }),
  addTakeawayVote: defineRoute({
    path: TakeawayVotePath,
    handler: async ({ session, path }) => ({ status: 201, body: await addTakeawayVote(session, path.takeawayId) }),
  }),
  removeTakeawayVote: defineRoute({
    path: TakeawayVotePath,
    handler: async ({ session, path }) => {
      await removeTakeawayVote(session, path.takeawayId);
      return { status: 204 };
    },
  }),
});
