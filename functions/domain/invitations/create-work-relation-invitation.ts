import type { CreateWorkRelationInvitationResponse } from '../../../shared/contracts/invitations';
import { type WorkRelationInvitationKind } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { newId } from '../../lib/db/keys';
import { fullName, getUser } from '../../records/users';
import { listWorkRelationInvitations, putWorkRelationInvitation } from '../../records/invitations';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { requireAccessUntilAhead } from '../access/access-until';
import { requireCanvasSectionIds } from '../work-relations/sections';
import { isPendingDuplicate, requireInviter } from './work-relation-inviter';

/**
 * Creates an invitation of the current entity (step one; send-email mails the link). An
 * advisor invitation names the family's sections to share (empty: all; unknown ids →
 * 6 'Invalid Canvas Rights'). A pending invitation for the same e-mail → ITEM_FOUND (9).
 */
export async function createWorkRelationInvitation(
  session: Session,
  kind: WorkRelationInvitationKind,
  input: { email: string; canvasSections?: readonly number[]; accessUntil?: string | null },
): Promise<CreateWorkRelationInvitationResponse> {
  const actor = requireInviter(session, kind, 'invite');
  const canvasSections = kind === 'advisor' ? [...(input.canvasSections ?? [])] : [];
  const accessUntil = kind === 'advisor' ? requireAccessUntilAhead(input.accessUntil ?? null, now()) : null;
  const [invitations, inviter] = await Promise.all([
    listWorkRelationInvitations(kind, actor.entityId),
    getUser(session.userId),
    canvasSections.length ? requireCanvasSectionIds(actor.entityId, canvasSections) : Promise.resolve([]),
  ]);
  if (!inviter) throw fail('ITEM_NOT_FOUND');
  const at = now();
  if (isPendingDuplicate(invitations, input.email, null, at)) throw fail('ITEM_FOUND', { message: 'A pending invitation for this e-mail exists.' });
  const invitation = await putWorkRelationInvitation(
    {
      kind,
      id: newId(),
      entityId: actor.entityId,
      email: input.email,
      createdByUserId: inviter.id,
      createdByName: fullName(inviter),
      canvasSections,
      accessUntil,
    },
    at,
  );
  return { id: invitation.id };
}
