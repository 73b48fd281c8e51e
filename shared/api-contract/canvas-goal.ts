/** The contract entries of the canvas-goal group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { CompleteRequest, ContentIdPath, CreateGoalRequest, CreateInCategoryPath, Goal, UpdateGoalRequest } from '../contracts/canvas';
import { type GroupContract } from './endpoint';

export const canvasGoalContract = {
  createGoal: { path: CreateInCategoryPath, body: CreateGoalRequest, response: Goal },
  updateGoal: { path: ContentIdPath, body: UpdateGoalRequest, response: Goal },
  completeGoal: { path: ContentIdPath, body: CompleteRequest, response: Goal },
  deleteGoal: { path: ContentIdPath },
} as const satisfies GroupContract<'canvas-goal'>;
