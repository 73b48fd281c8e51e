import {
  AcceptWorkRelationInvitationResponse,
  type AcceptAdvisorInvitationRequest,
  type AcceptFamilyInvitationRequest,
} from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';
import { invitationKinds, type InvitationKind } from '../lib/kinds';

export type AcceptInvitationBody = AcceptFamilyInvitationRequest | AcceptAdvisorInvitationRequest;

/**
 * POST /api/{family,advisor}-invitation/accept (docs/product/invitations.md#calls): with one of the user's
 * entities (entityId) or a new one (entityId null, with its name). The accepting entity
 * becomes the session's current one and is answered.
 */
export function acceptInvitation(kind: InvitationKind, body: AcceptInvitationBody): Promise<AcceptWorkRelationInvitationResponse> {
  return call(invitationKinds[kind].routes.accept, { body });
}
