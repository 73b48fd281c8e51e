import type { ActionPoint } from '../../../shared/contracts/canvas';
import { setCompleted } from './content';
import { toActionPoint } from './views';
import type { Session } from '../sessions/session';

/**
 * Completes an action point or makes it active again (docs/product/canvas.md#rules): anyone with edit
 * rights (8), so an assignee can tick off what someone else wrote. Linked goals stay as they are.
 */
export async function completeActionPoint(session: Session, id: string, completed: boolean, version?: number): Promise<ActionPoint> {
  const { context, item } = await setCompleted(session, 'actionPoint', id, completed, version);
  return toActionPoint(context, item);
}
