import { ArchiveTakeawayRequest, ContentIdPath, CreateInCategoryPath, CreateTakeawayRequest, TakeawayVotePath, UpdateTakeawayRequest } from '../../shared/contracts/canvas';
import { createGroupHandler, defineRoute } from '../lib/http';
import { requireSession } from '../lib/session';
import { archiveTakeaway } from './archive-takeaway';
import { createTakeaway } from './create-takeaway';
import { deleteTakeaway } from './delete-takeaway';
import { addTakeawayVote, removeTakeawayVote } from './takeaway-votes';
import { updateTakeaway } from './update-takeaway';

export const handler = createGroupHandler('canvas-takeaway', {
  createTakeaway: defineRoute({
    path: CreateInCategoryPath,
    body: CreateTakeawayRequest,
    handler: async ({ session, path, body }) => ({ status: 201, body: await createTakeaway(requireSession(session), path.categoryId, body) }),
  }),
  updateTakeaway: defineRoute({
    path: ContentIdPath,
    body: UpdateTakeawayRequest,
    handler: async ({ session, path, body }) => ({ body: await updateTakeaway(requireSession(session), path.id, body) }),
  }),
  archiveTakeaway: defineRoute({
    path: ContentIdPath,
    body: ArchiveTakeawayRequest,
    handler: async ({ session, path, body }) => ({ body: await archiveTakeaway(requireSession(session), path.id, body.archived, body.version) }),
  }),
  deleteTakeaway: defineRoute({
    path: ContentIdPath,
    handler: async ({ session, path }) => {
      await deleteTakeaway(requireSession(session), path.id);
      return { status: 204 };
    },
  }),
  addTakeawayVote: defineRoute({
    path: TakeawayVotePath,
    handler: async ({ session, path }) => ({ status: 201, body: await addTakeawayVote(requireSession(session), path.takeawayId) }),
  }),
  removeTakeawayVote: defineRoute({
    path: TakeawayVotePath,
    handler: async ({ session, path }) => {
      await removeTakeawayVote(requireSession(session), path.takeawayId);
      return { status: 204 };
    },
  }),
});
