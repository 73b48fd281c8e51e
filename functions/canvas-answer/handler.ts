import { AnswerVotePath, ContentIdPath, CreateAnswerRequest, QuestionIdPath, UpdateAnswerRequest } from '../../shared/contracts/canvas';
import { createGroupHandler, defineRoute } from '../lib/http';
import { addAnswerVote, removeAnswerVote } from '../domain/canvas/answer-votes';
import { createAnswer } from '../domain/canvas/create-answer';
import { deleteAnswer } from '../domain/canvas/delete-answer';
import { updateAnswer } from '../domain/canvas/update-answer';

export const handler = createGroupHandler('canvas-answer', {
  createAnswer: defineRoute({
    path: QuestionIdPath,
    body: CreateAnswerRequest,
    handler: async ({ session, path, body }) => ({ status: 201, body: await createAnswer(session, path.questionId, body) }),
  }),
  updateAnswer: defineRoute({
    path: ContentIdPath,
    body: UpdateAnswerRequest,
    handler: async ({ session, path, body }) => ({ body: await updateAnswer(session, path.id, body) }),
  }),
  deleteAnswer: defineRoute({
    path: ContentIdPath,
    handler: async ({ session, path }) => {
      await deleteAnswer(session, path.id);
      return { status: 204 };
    },
  }),
  addAnswerVote: defineRoute({
    path: AnswerVotePath,
    handler: async ({ session, path }) => ({ status: 201, body: await addAnswerVote(session, path.answerId) }),
  }),
  removeAnswerVote: defineRoute({
    path: AnswerVotePath,
    handler: async ({ session, path }) => {
      await removeAnswerVote(session, path.answerId);
      return { status: 204 };
    },
  }),
});
