import {
  CreateWorkRelationInvitationResponse,
  type CreateAdvisorInvitationRequest,
  type CreateFamilyInvitationRequest,
} from '../../../../../shared/contracts/invitations';
import { call } from '../../../lib/api-client';
import { invitationKinds, type InvitationKind } from '../lib/kinds';

export type CreateInvitationBody = CreateFamilyInvitationRequest | (Omit<CreateAdvisorInvitationRequest, 'canvasSections'> & { canvasSections: number[] });

/** POST /api/{family,advisor}-invitation/create (docs/product/invitations.md#calls): {email} or {email, canvasSections} → the id to send. */
export function createInvitation(kind: InvitationKind, body: CreateInvitationBody): Promise<CreateWorkRelationInvitationResponse> {
  return call(invitationKinds[kind].routes.create, { body });
}
