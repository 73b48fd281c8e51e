/** The contract entries of the canvas-action-point group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { ActionPoint, CompleteRequest, ContentIdPath, CreateActionPointRequest, CreateInCategoryPath, UpdateActionPointRequest } from '../contracts/canvas';
import { MyActionPointsResponse } from '../contracts/my-actions';
import { type GroupContract } from './endpoint';

export const canvasActionPointContract = {
  createActionPoint: { path: CreateInCategoryPath, body: CreateActionPointRequest, response: ActionPoint },
  updateActionPoint: { path: ContentIdPath, body: UpdateActionPointRequest, response: ActionPoint },
  completeActionPoint: { path: ContentIdPath, body: CompleteRequest, response: ActionPoint },
  deleteActionPoint: { path: ContentIdPath },
  listMyActionPoints: { response: MyActionPointsResponse },
} as const satisfies GroupContract<'canvas-action-point'>;
