import * as z from 'zod';
import { entityRoleIds, invitationStatuses } from '../enums';
import { orderByParameter } from '../ordering';
import { isCalendarDay } from '../dates';
import { emailField, messageKeys, nameField, unusedWhenBlank } from '../validation';
import { CurrentEntity, tokenField } from './auth';
import { IdRequest, IdResponse, numberOrNumericString } from './common';

/**
 * Contracts of the member invitation calls (docs/product/invitations.md#calls, #fields Member
 * invitation, docs/product/invitations.md#rules). Sending is two calls: create (or resend) answers an id, send-email
 * e-mails a fresh link for it. The status is derived (shared/invitations.ts).
 */

// POST /api/member-invitation/create
export const CreateMemberInvitationRequest = z.strictObject({
  email: emailField(),
  /** 1–4; another integer is answered INVALID_ENTITY_ROLE (16). */
  entityRoleId: numberOrNumericString(z.number({ error: messageKeys.required }).int({ error: messageKeys.invalidInput })),
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
  'id',
  'email',
  'entityRoleId',
  'entityName',
  'createdByMember',
  'createdDate',
  'expirationDate',
  'accepted',
  'status',
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
 * What an invitation landing page reads by token (member, family and advisor invitations
 * alike): the invitation's fields of docs/product/invitations.md#fields Member invitation without the token, and
 * its derived status. `entityId`, `entityName` and `entityType` name the inviting entity.
 * An accepted invitation answers with accepted true (the page shows "already accepted" and
 * a login button); an expired one answers INVITATION_EXPIRED (31); an unknown or replaced
 * token INVALID_TOKEN (20).
 */
export const InvitationInfo = z.object({
  id: z.string(),
  email: z.string(),
  entityId: z.number(),
  entityName: z.string(),
  /** The inviting entity's type id: family 1, advisor company 2 (the spec's name for it on an invitation). */
  entityType: z.number(),
  /** The inviter's name. */
  createdByMember: z.string(),
  createdDate: z.string(),
  expirationDate: z.string(),
  accepted: z.boolean(),
  status: z.enum(invitationStatuses),
});
export type InvitationInfo = z.infer<typeof InvitationInfo>;

// GET /api/member-invitation?token=: adds the role the invitee gets.
export const MemberInvitationInfo = InvitationInfo.extend({ entityRoleId: z.literal(entityRoleIds) });
export type MemberInvitationInfo = z.infer<typeof MemberInvitationInfo>;

/** Accepting makes the invited entity current and answers it as set-current-entity does. */
export const AcceptMemberInvitationResponse = CurrentEntity;
export type AcceptMemberInvitationResponse = z.infer<typeof AcceptMemberInvitationResponse>;

// ---- work-relation invitations (docs/product/invitations.md#calls, #fields Family and Advisor invitation) ----
//
// An advisor company invites a family (/family-invitation), a family invites an advisor
// company (/advisor-invitation), to all sections of its canvas or to some. Both work like
// member invitations: create answers an id, send-email mails a fresh link (14 days),
// resend renews a pending or expired one, revoke cancels (the relation an accepted one
// made stays). The invitee signs in (or up: the account then starts without an entity),
// chooses one of their entities or a new one, and accepts.

// POST /api/family-invitation/create
export const CreateFamilyInvitationRequest = z.strictObject({ email: emailField() });
export type CreateFamilyInvitationRequest = z.infer<typeof CreateFamilyInvitationRequest>;

/** At most the sections a canvas has (ids of the family's canvas, shared/canvas-ids.ts). */
export const maxCanvasSections = 99;

/**
 * Section ids of the family's canvas (numbers or numeric strings); empty (or absent) means
 * all sections. An id the canvas lacks → 6 'Invalid Canvas Rights'.
 */
export const canvasSectionsField = () =>
  z
    .array(numberOrNumericString(z.number({ error: messageKeys.invalidInput }).int({ error: messageKeys.invalidInput })), { error: messageKeys.invalidInput })
    .max(maxCanvasSections, { error: messageKeys.tooLong })
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/**
 * The last day of an advisor company's access (time-boxed access), YYYY-MM-DD, inclusive:
 * access ends at the end of that day in UTC (shared/permissions.ts isWorkRelationAccessOpen).
 * null or absent: no end. A day before today (UTC) → VALIDATION_ERROR (2) on the field.
 */
export const accessUntilField = () => z.string({ error: messageKeys.invalidInput }).refine(isCalendarDay, { error: messageKeys.invalidInput }).nullable();

// POST /api/advisor-invitation/create
export const CreateAdvisorInvitationRequest = z.strictObject({
  email: emailField(),
  canvasSections: canvasSectionsField().optional().default([]),
  /** The access the accepted relation will have ends after this day; null or absent: no end. */
  accessUntil: accessUntilField().optional(),
});
export type CreateAdvisorInvitationRequest = z.infer<typeof CreateAdvisorInvitationRequest>;

/** The answer of create: the id to call send-email with. */
export const CreateWorkRelationInvitationResponse = IdResponse;
export type CreateWorkRelationInvitationResponse = z.infer<typeof CreateWorkRelationInvitationResponse>;

// POST /api/{family,advisor}-invitation/send-email and /resend: {id}
export const SendWorkRelationInvitationRequest = IdRequest;
export type SendWorkRelationInvitationRequest = z.infer<typeof SendWorkRelationInvitationRequest>;
export const SendWorkRelationInvitationResponse = SendMemberInvitationResponse;
export type SendWorkRelationInvitationResponse = z.infer<typeof SendWorkRelationInvitationResponse>;
export const ResendWorkRelationInvitationRequest = IdRequest;
export type ResendWorkRelationInvitationRequest = z.infer<typeof ResendWorkRelationInvitationRequest>;
export const ResendWorkRelationInvitationResponse = IdResponse;
export type ResendWorkRelationInvitationResponse = z.infer<typeof ResendWorkRelationInvitationResponse>;

// GET /api/family-invitation/list and GET /api/advisor-invitation/list
export const FamilyInvitation = z.object({
  id: z.string(),
  email: z.string(),
  /** The inviting entity (the caller's current one). */
  entityId: z.number(),
  entityName: z.string(),
  /** The inviter's name. */
  createdByMember: z.string(),
  createdDate: z.string(),
  expirationDate: z.string(),
  accepted: z.boolean(),
  status: z.enum(invitationStatuses),
});
export type FamilyInvitation = z.infer<typeof FamilyInvitation>;
export const AdvisorInvitation = FamilyInvitation.extend({
  /** Titles of the shared sections, in canvas order; empty means all sections. */
  canvasSections: z.array(z.string()),
  canvasSectionIds: z.array(z.number()),
  /** The end of the access the relation gets on acceptance (YYYY-MM-DD), or null. */
  accessUntil: z.string().nullable(),
});
export type AdvisorInvitation = z.infer<typeof AdvisorInvitation>;

export const familyInvitationSortFields = [
  'id',
  'email',
  'entityName',
  'createdByMember',
  'createdDate',
  'expirationDate',
  'accepted',
  'status',
] as const satisfies ReadonlyArray<keyof FamilyInvitation>;
export const advisorInvitationSortFields = [...familyInvitationSortFields, 'canvasSections'] as const satisfies ReadonlyArray<keyof AdvisorInvitation>;
/** `orderBy=status,-createdDate`; without it: newest first. */
export const ListFamilyInvitationsQuery = z.strictObject({ orderBy: orderByParameter(familyInvitationSortFields).optional() });
export type ListFamilyInvitationsQuery = z.infer<typeof ListFamilyInvitationsQuery>;
export const ListAdvisorInvitationsQuery = z.strictObject({ orderBy: orderByParameter(advisorInvitationSortFields).optional() });
export type ListAdvisorInvitationsQuery = z.infer<typeof ListAdvisorInvitationsQuery>;
export const FamilyInvitationsResponse = z.array(FamilyInvitation);
export type FamilyInvitationsResponse = z.infer<typeof FamilyInvitationsResponse>;
export const AdvisorInvitationsResponse = z.array(AdvisorInvitation);
export type AdvisorInvitationsResponse = z.infer<typeof AdvisorInvitationsResponse>;

/**
 * GET /api/{family,advisor}-invitation?token= (public): InvitationInfo, whose entity is the
 * inviting advisor company (family invitation) or family (advisor invitation).
 */
export const WorkRelationInvitationInfo = InvitationInfo.extend({
  /** Advisor invitations: titles of the sections offered; empty means all. */
  canvasSections: z.array(z.string()),
  /** Advisor invitations: the last day of the access offered (YYYY-MM-DD), or null. */
  accessUntil: z.string().nullable().optional(),
});
export type WorkRelationInvitationInfo = z.infer<typeof WorkRelationInvitationInfo>;

/** A name the select page may leave empty (an existing entity was chosen): blank or null is absent. */
const optionalNameField = () => unusedWhenBlank(nameField());

/**
 * The entity that accepts: an id of one of the caller's entities (they must be its owner or
 * admin; a number or a numeric string), or — null, absent, '' or any id below 1, the select
 * page's 'create new' — a new one named entityName.
 */
const acceptingEntityIdField = () =>
  z
    .preprocess(
      (value) => (value === '' ? null : value),
      numberOrNumericString(z.number({ error: messageKeys.invalidInput }).int({ error: messageKeys.invalidInput }).nullable().optional()),
    )
    .optional();

// POST /api/family-invitation/accept: a family accepts an advisor company.
export const AcceptFamilyInvitationRequest = z.strictObject({
  token: tokenField(),
  entityId: acceptingEntityIdField(),
  /** Required for a new family. */
  entityName: optionalNameField(),
  /** A new family's canvas name; defaults to entityName plus ' Canvas'. */
  canvasName: optionalNameField(),
});
export type AcceptFamilyInvitationRequest = z.infer<typeof AcceptFamilyInvitationRequest>;

// POST /api/advisor-invitation/accept: an advisor company accepts a family.
export const AcceptAdvisorInvitationRequest = z.strictObject({
  token: tokenField(),
  entityId: acceptingEntityIdField(),
  /** Required for a new advisor company. */
  entityName: optionalNameField(),
});
export type AcceptAdvisorInvitationRequest = z.infer<typeof AcceptAdvisorInvitationRequest>;

/** Accepting makes the accepting entity current and answers it as set-current-entity does. */
export const AcceptWorkRelationInvitationResponse = CurrentEntity;
export type AcceptWorkRelationInvitationResponse = z.infer<typeof AcceptWorkRelationInvitationResponse>;
