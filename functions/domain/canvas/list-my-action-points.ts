import type { MyActionPointsResponse } from '../../../shared/contracts/my-actions';
import { assignedActionPoints } from './assigned-action-points';
import type { Session } from '../sessions/session';

/**
 * GET /api/canvas-action-point/mine: the caller's open action points on every canvas their
 * current entity lets them see — their own family's, or their advisor company's client
 * families' (only shared sections, with a role that may read). Without an entity, none.
 */
export async function listMyActionPoints(session: Session): Promise<MyActionPointsResponse> {
  return { actionPoints: await assignedActionPoints(session.userId, session.membership ? [session.membership] : []) };
}
