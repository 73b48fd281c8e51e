/** The contract entries of the canvas-takeaway group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import {
  ArchiveTakeawayRequest,
  ContentIdPath,
  CreateInCategoryPath,
  CreateTakeawayRequest,
  Takeaway,
  TakeawayVotePath,
  TakeawayVoteResponse,
  UpdateTakeawayRequest,
} from '../contracts/canvas';
import { type GroupContract } from './endpoint';

export const canvasTakeawayContract = {
  createTakeaway: { path: CreateInCategoryPath, body: CreateTakeawayRequest, response: Takeaway },
  updateTakeaway: { path: ContentIdPath, body: UpdateTakeawayRequest, response: Takeaway },
  archiveTakeaway: { path: ContentIdPath, body: ArchiveTakeawayRequest, response: Takeaway },
  deleteTakeaway: { path: ContentIdPath },
  addTakeawayVote: { path: TakeawayVotePath, response: TakeawayVoteResponse },
  removeTakeawayVote: { path: TakeawayVotePath },
} as const satisfies GroupContract<'canvas-takeaway'>;
