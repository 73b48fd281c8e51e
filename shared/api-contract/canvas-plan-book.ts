/** The contract entries of the canvas-plan-book group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { PlanBookFamilyPath, PlanBookRequest } from '../contracts/plan-book';
import { type GroupContract } from './endpoint';

export const canvasPlanBookContract = {
  exportOwnPlanBook: { body: PlanBookRequest },
  exportPlanBook: { path: PlanBookFamilyPath, body: PlanBookRequest },
} as const satisfies GroupContract<'canvas-plan-book'>;
