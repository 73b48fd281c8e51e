/** The contract entries of the family-invitation group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { IdPath } from '../contracts/common';
import {
  AcceptFamilyInvitationRequest,
  AcceptWorkRelationInvitationResponse,
  CreateFamilyInvitationRequest,
  CreateWorkRelationInvitationResponse,
  FamilyInvitationsResponse,
  InvitationTokenQuery,
  ListFamilyInvitationsQuery,
  ResendWorkRelationInvitationRequest,
  ResendWorkRelationInvitationResponse,
  SendWorkRelationInvitationRequest,
  SendWorkRelationInvitationResponse,
  WorkRelationInvitationInfo,
} from '../contracts/invitations';
import { type GroupContract } from './endpoint';

export const familyInvitationContract = {
  createFamilyInvitation: { body: CreateFamilyInvitationRequest, response: CreateWorkRelationInvitationResponse },
  sendFamilyInvitationEmail: { body: SendWorkRelationInvitationRequest, response: SendWorkRelationInvitationResponse },
  listFamilyInvitations: { query: ListFamilyInvitationsQuery, response: FamilyInvitationsResponse },
  resendFamilyInvitation: { body: ResendWorkRelationInvitationRequest, response: ResendWorkRelationInvitationResponse },
  revokeFamilyInvitation: { path: IdPath },
  getFamilyInvitation: { query: InvitationTokenQuery, response: WorkRelationInvitationInfo },
  acceptFamilyInvitation: { body: AcceptFamilyInvitationRequest, response: AcceptWorkRelationInvitationResponse },
} as const satisfies GroupContract<'family-invitation'>;
