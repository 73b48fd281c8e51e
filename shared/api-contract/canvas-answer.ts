/** The contract entries of the canvas-answer group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { Answer, AnswerVotePath, AnswerVoteResponse, ContentIdPath, CreateAnswerRequest, QuestionIdPath, UpdateAnswerRequest } from '../contracts/canvas';
import { type GroupContract } from './endpoint';

export const canvasAnswerContract = {
  createAnswer: { path: QuestionIdPath, body: CreateAnswerRequest, response: Answer },
  updateAnswer: { path: ContentIdPath, body: UpdateAnswerRequest, response: Answer },
  deleteAnswer: { path: ContentIdPath },
  addAnswerVote: { path: AnswerVotePath, response: AnswerVoteResponse },
  removeAnswerVote: { path: AnswerVotePath },
} as const satisfies GroupContract<'canvas-answer'>;
