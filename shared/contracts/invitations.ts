import { z } from 'zod';
import { entityRoleIds, invitationStatuses } from '../enums';
import { orderByParameter } from '../ordering';
import { emailField, messageKeys } from '../validation';
import { CurrentEntity, tokenField } from './auth';
import { IdRequest, IdResponse } from './common';

/**
 * Contracts of the member invitation calls (spec 01 §7 Member invitations, §3 Member
 * invitation, §4.6). Sending is two calls: create (or resend) answers an id, send-email
 * e-mails a fresh link for it. The status is derived (shared/invitations.ts).
 */

// POST /api/member-invitation/create
export const CreateMemberInvitationRequest = z.strictObject({
  email: emailField(),
  /** 1–4; another integer is answered INVALID_ENTITY_ROLE (16). */
  entityRoleId: z.number({ error: messageKeys.required }).int({ error: messageKeys.invalidInput }),
});
export type CreateMemberInvitationRequest = z.infer<typeof CreateMemberInvitationRequest>;
export const CreateMemberInvitationResponse = IdResponse;
export type CreateMemberInvitationResponse = z.infer<typeof CreateMemberInvitationResponse>;

// POST /api/member-invitation/send-email and POST /api/member-invitation/resend
export const SendMemberInvitationRequest = IdRequest;
export type SendMemberInvitationRequest = z.infer<typeof SendMemberInvitationRequest>;
export const ResendMemberInvitationRequest = IdRequest;
export type ResendMemberInvitationRequest = z.infer<typeof ResendMemberInvitationRequest>;
/** The id to call send-email with. */
export const ResendMemberInvitationResponse = IdResponse;
export type ResendMemberInvitationResponse = z.infer<typeof ResendMemberInvitationResponse>;
/** When the link just e-mailed stops working (ISO date). */
export const SendMemberInvitationResponse = z.object({ id: z.string(), expirationDate: z.string() });
export type SendMemberInvitationResponse = z.infer<typeof SendMemberInvitationResponse>;

// GET /api/member-invitation/list
export const MemberInvitation = z.object({
  id: z.string(),
  email: z.string(),
  entityRoleId: z.literal(entityRoleIds),
  entityId: z.number(),
  entityName: z.string(),
  /** The entity type id: family 1, advisor company 2. */
  entityType: z.number(),
  /** The inviter's name. */
  createdByMember: z.string(),
  createdDate: z.string(),
  expirationDate: z.string(),
  accepted: z.boolean(),
  status: z.enum(invitationStatuses),
});
export type MemberInvitation = z.infer<typeof MemberInvitation>;
export const memberInvitationSortFields = [
  'id', 'email', 'entityRoleId', 'entityName', 'createdByMember', 'createdDate', 'expirationDate', 'accepted', 'status',
] as const satisfies ReadonlyArray<keyof MemberInvitation>;
/** `orderBy=email,-createdDate`; without it: newest first. */
export const ListMemberInvitationsQuery = z.strictObject({ orderBy: orderByParameter(memberInvitationSortFields).optional() });
export type ListMemberInvitationsQuery = z.infer<typeof ListMemberInvitationsQuery>;
export const MemberInvitationsResponse = z.array(MemberInvitation);
export type MemberInvitationsResponse = z.infer<typeof MemberInvitationsResponse>;

// GET /api/member-invitation?token= (public) and GET /api/member-invitation/accept?token=
export const InvitationTokenQuery = z.strictObject({ token: tokenField() });
export type InvitationTokenQuery = z.infer<typeof InvitationTokenQuery>;

/**
 * What the landing page needs. An accepted invitation answers with accepted true (the page
 * shows "already accepted" and a login button); an expired one answers INVITATION_EXPIRED
 * (31); an unknown or replaced token INVALID_TOKEN (20).
 */
export const MemberInvitationInfo = z.object({
  entityName: z.string(),
  entityType: z.number(),
  email: z.string(),
  entityRoleId: z.literal(entityRoleIds),
  accepted: z.boolean(),
  status: z.enum(invitationStatuses),
  expirationDate: z.string(),
});
export type MemberInvitationInfo = z.infer<typeof MemberInvitationInfo>;

/** Accepting makes the invited entity current and answers it as set-current-entity does. */
export const AcceptMemberInvitationResponse = CurrentEntity;
export type AcceptMemberInvitationResponse = z.infer<typeof AcceptMemberInvitationResponse>;
