/** The contract entries of the canvas-shares group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { EntityIdPath } from '../contracts/entities';
import { CanvasSharesResponse, UpdateCanvasSharesRequest } from '../contracts/work-relations';
import { type GroupContract } from './endpoint';

export const canvasSharesContract = {
  getCanvasShares: { path: EntityIdPath, response: CanvasSharesResponse },
  updateCanvasShares: { path: EntityIdPath, body: UpdateCanvasSharesRequest, response: CanvasSharesResponse },
} as const satisfies GroupContract<'canvas-shares'>;
