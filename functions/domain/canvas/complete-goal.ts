import type { Goal } from '../../../shared/contracts/canvas';
import { setCompleted } from './content';
import { toGoal } from './views';
import type { Session } from '../sessions/session';

/**
 * Completes a goal or makes it active again (docs/product/canvas.md#rules): anyone with edit rights (8).
 * Linked action points stay as they are; the browser asks for confirmation first.
 */
export async function completeGoal(session: Session, id: string, completed: boolean, version?: number): Promise<Goal> {
  const { context, item } = await setCompleted(session, 'goal', id, completed, version);
  return toGoal(context, item);
}
