import { createGroupHandler } from '../http/idempotency';
import { canvasAnswerRoutes } from '../../shared/routes/canvas-answer';
import { addAnswerVote, removeAnswerVote } from '../domain/canvas/answer-votes';
import { createAnswer } from '../domain/canvas/create-answer';
import { deleteAnswer } from '../domain/canvas/delete-answer';
import { updateAnswer } from '../domain/canvas/update-answer';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/canvas-answer').then((module) => module.canvasAnswerContract);

export const handler = createGroupHandler('canvas-answer', canvasAnswerRoutes, contract, {
  createAnswer: async ({ session, path, body }) => ({ status: 201, body: await createAnswer(session, path.questionId, body) }),
  updateAnswer: async ({ session, path, body }) => ({ body: await updateAnswer(session, path.id, body) }),
  deleteAnswer: async ({ session, path }) => {
    await deleteAnswer(session, path.id);
    return { status: 204 };
  },
  addAnswerVote: async ({ session, path }) => ({ status: 201, body: await addAnswerVote(session, path.answerId) }),
  removeAnswerVote: async ({ session, path }) => {
    await removeAnswerVote(session, path.answerId);
    return { status: 204 };
  },
});
