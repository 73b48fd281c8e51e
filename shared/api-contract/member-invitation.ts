/** The contract entries of the member-invitation group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { IdPath } from '../contracts/common';
import {
  AcceptMemberInvitationResponse,
  CreateMemberInvitationRequest,
  CreateMemberInvitationResponse,
  InvitationTokenQuery,
  ListMemberInvitationsQuery,
  MemberInvitationInfo,
  MemberInvitationsResponse,
  ResendMemberInvitationRequest,
  ResendMemberInvitationResponse,
  SendMemberInvitationRequest,
  SendMemberInvitationResponse,
} from '../contracts/invitations';
import { type GroupContract } from './endpoint';

export const memberInvitationContract = {
  createMemberInvitation: { body: CreateMemberInvitationRequest, response: CreateMemberInvitationResponse },
  sendMemberInvitationEmail: { body: SendMemberInvitationRequest, response: SendMemberInvitationResponse },
  listMemberInvitations: { query: ListMemberInvitationsQuery, response: MemberInvitationsResponse },
  resendMemberInvitation: { body: ResendMemberInvitationRequest, response: ResendMemberInvitationResponse },
  revokeMemberInvitation: { path: IdPath },
  getMemberInvitation: { query: InvitationTokenQuery, response: MemberInvitationInfo },
  acceptMemberInvitation: { query: InvitationTokenQuery, response: AcceptMemberInvitationResponse },
} as const satisfies GroupContract<'member-invitation'>;
