/** The contract entries of the advisor-invitation group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { IdPath } from '../contracts/common';
import {
  AcceptAdvisorInvitationRequest,
  AcceptWorkRelationInvitationResponse,
  AdvisorInvitationsResponse,
  CreateAdvisorInvitationRequest,
  CreateWorkRelationInvitationResponse,
  InvitationTokenQuery,
  ListAdvisorInvitationsQuery,
  ResendWorkRelationInvitationRequest,
  ResendWorkRelationInvitationResponse,
  SendWorkRelationInvitationRequest,
  SendWorkRelationInvitationResponse,
  WorkRelationInvitationInfo,
} from '../contracts/invitations';
import { type GroupContract } from './endpoint';

export const advisorInvitationContract = {
  createAdvisorInvitation: { body: CreateAdvisorInvitationRequest, response: CreateWorkRelationInvitationResponse },
  sendAdvisorInvitationEmail: { body: SendWorkRelationInvitationRequest, response: SendWorkRelationInvitationResponse },
  listAdvisorInvitations: { query: ListAdvisorInvitationsQuery, response: AdvisorInvitationsResponse },
  resendAdvisorInvitation: { body: ResendWorkRelationInvitationRequest, response: ResendWorkRelationInvitationResponse },
  revokeAdvisorInvitation: { path: IdPath },
  getAdvisorInvitation: { query: InvitationTokenQuery, response: WorkRelationInvitationInfo },
  acceptAdvisorInvitation: { body: AcceptAdvisorInvitationRequest, response: AcceptWorkRelationInvitationResponse },
} as const satisfies GroupContract<'advisor-invitation'>;
