import * as z from 'zod';
import { entityRoleIds, workRelationPermissions, workRelationRoleIds } from '../enums';
import { orderByParameter } from '../ordering';
import { messageKeys } from '../validation';
import { PersonAddress } from './auth';
import { categoryFields, sectionFields, Takeaway } from './canvas';
import { idField, numberOrNumericString, numericIdParameter } from './common';
import { EntityAddress } from './entities';
import { accessUntilField, canvasSectionsField } from './invitations';
// Plain values the functions read too live in shared/contract-limits.ts (they need no schema).
import { dashboardPageSize, maxDashboardOffset, noteTextLimit } from '../contract-limits';

/**
 * Contracts of the work-relation calls (docs/product/work-relations.md#calls, docs/product/canvas.md#fields fields, docs/product/work-relations.md#permissions rights):
 * the lists of advisor companies and families, the advisor dashboard, advisors' canvas
 * roles, the entities on the other side of a relation and their people, canvas shares and
 * private notes. Lists sort on the server with `orderBy` ('field,-field', shared/ordering.ts).
 * Sensitive fields are null (or empty) when the policy hides them.
 */

/** A canvas role id: a number or a numeric string (the role select's value). */
const roleIdField = () => numberOrNumericString(z.literal(workRelationRoleIds, { error: messageKeys.invalidInput }));
/** An entity id in a body: a number or a numeric string. */
const bodyEntityIdField = () => numberOrNumericString(z.number({ error: messageKeys.invalidInput }).int({ error: messageKeys.invalidInput }));

// ---- paths ---------------------------------------------------------------------------------

export const EntityAndFamilyPath = z.strictObject({ entityId: numericIdParameter(), familyId: numericIdParameter() });
export type EntityAndFamilyPath = z.infer<typeof EntityAndFamilyPath>;
export const FamilyIdOnlyPath = z.strictObject({ familyId: numericIdParameter() });
export const NumericIdPath = z.strictObject({ id: numericIdParameter() });
export const SectionIdOnlyPath = z.strictObject({ sectionId: numericIdParameter() });
export const MemberAndEntityPath = z.strictObject({ memberId: idField(), entityId: numericIdParameter() });
export type MemberAndEntityPath = z.infer<typeof MemberAndEntityPath>;
/** `/entities/list-*-for-invite/{inviterId}`: the inviting entity (the landing page's `entityId`). */
export const InviterIdPath = z.strictObject({ inviterId: numericIdParameter() });

// ---- POST /api/work-relation/list-advisor-companies (family view) ---------------------------

export const AdvisorCompanyRow = z.object({
  id: z.number(),
  entityName: z.string(),
  /** The company's owners' names, comma-separated. */
  owners: z.string(),
  /** Subscriptions are not part of this product yet: always null ('-'). */
  subscriptionPlan: z.string().nullable(),
  /** Titles of the sections the family shares with the company; empty means all sections. */
  limitedCanvasSharings: z.array(z.string()),
  limitedCanvasSectionIds: z.array(z.number()),
  /** Time-boxed access (docs/product/work-relations.md#time-boxed-access): the last day (YYYY-MM-DD, UTC) the company has access; null: no end. An addition to docs/product/work-relations.md's row. */
  accessUntil: z.string().nullable().optional(),
});
export type AdvisorCompanyRow = z.infer<typeof AdvisorCompanyRow>;
export const advisorCompanySortFields = ['id', 'entityName', 'owners', 'subscriptionPlan'] as const satisfies ReadonlyArray<keyof AdvisorCompanyRow>;
export const ListAdvisorCompaniesRequest = z.strictObject({ orderBy: orderByParameter(advisorCompanySortFields).optional() });
export type ListAdvisorCompaniesRequest = z.infer<typeof ListAdvisorCompaniesRequest>;
export const AdvisorCompaniesResponse = z.array(AdvisorCompanyRow);
export type AdvisorCompaniesResponse = z.infer<typeof AdvisorCompaniesResponse>;

// ---- POST /api/work-relation/list-families (advisor view) -----------------------------------

export const FamilyRow = z.object({
  id: z.number(),
  entityName: z.string(),
  owners: z.string(),
  /** The last day of the company's access to this family (time-boxed access, YYYY-MM-DD, UTC), or null without an end. */
  endDate: z.string().nullable(),
  subscriptionPlan: z.string().nullable(),
  /** The family's canvas (its id is the family id), or null when it has none yet. */
  canvasId: z.number().nullable(),
  /** Whether the caller may open the canvas (docs/product/dashboard.md#opening-a-family-canvas). */
  canViewCanvas: z.boolean(),
  /** The caller's canvas role for this family: 1 full, 2 read, 3 none. */
  workRelationRoleId: z.number(),
});
export type FamilyRow = z.infer<typeof FamilyRow>;
export const familySortFields = [
  'id',
  'entityName',
  'owners',
  'endDate',
  'subscriptionPlan',
  'canvasId',
  'canViewCanvas',
  'workRelationRoleId',
] as const satisfies ReadonlyArray<keyof FamilyRow>;
export const ListFamiliesRequest = z.strictObject({ orderBy: orderByParameter(familySortFields).optional() });
export type ListFamiliesRequest = z.infer<typeof ListFamiliesRequest>;
export const FamiliesResponse = z.array(FamilyRow);
export type FamiliesResponse = z.infer<typeof FamiliesResponse>;

// ---- POST /api/work-relation/list-dashboard-families ----------------------------------------

export { dashboardPageSize, maxDashboardOffset };

/** Types only: the range is checked by the server, which answers INCORRECT_INPUT (6). */
export const ListDashboardFamiliesRequest = z.strictObject({
  limit: z.number({ error: messageKeys.invalidInput }).optional(),
  offset: z.number({ error: messageKeys.invalidInput }).optional(),
  /** Beyond the spec: families whose name contains this anywhere (case and accents ignored, ß as ss; at most 100 characters). */
  search: z.string({ error: messageKeys.invalidInput }).max(100, { error: messageKeys.invalidInput }).optional(),
  /** Beyond the spec: only families with changes by others since the caller's last visit. */
  changedOnly: z.boolean({ error: messageKeys.invalidInput }).optional(),
});
export type ListDashboardFamiliesRequest = z.infer<typeof ListDashboardFamiliesRequest>;

/** A category card of the dashboard: the spec's category fields and its active takeaways. */
export const DashboardCategory = z.object({
  ...categoryFields,
  /** The first active (unarchived) takeaways, oldest first: at most 3 on the dashboard. */
  takeaways: z.array(Takeaway),
  /** Beyond the spec: how many active takeaways the category has ("+N more" beyond those listed). */
  takeawayCount: z.number().optional(),
});
export const DashboardSection = z.object({ ...sectionFields, categories: z.array(DashboardCategory) });
export const DashboardFamily = z.object({
  id: z.number(),
  entityName: z.string(),
  /** Only the sections shared with the caller, by sequence number; null without a canvas or without the right to view it. */
  canvas: z.object({ id: z.number(), title: z.string(), sections: z.array(DashboardSection) }).nullable(),
  canViewCanvas: z.boolean(),
  workRelationRoleId: z.number(),
  /** The caller's work-relation permissions for this family. */
  memberPermissions: z.array(z.enum(workRelationPermissions)),
  /** Items of visible sections others created or changed since the caller last opened this canvas. */
  changesSinceLastVisit: z.number(),
  /** Beyond the spec: the last day of the company's access (YYYY-MM-DD) from 7 days before it through the day; absent otherwise. */
  accessEndsOn: z.string().optional(),
});
export type DashboardFamily = z.infer<typeof DashboardFamily>;
export const DashboardFamiliesResponse = z.object({
  count: z.number(),
  /** The offset of the next page, or null on the last one. */
  next: z.number().nullable(),
  results: z.array(DashboardFamily),
});
export type DashboardFamiliesResponse = z.infer<typeof DashboardFamiliesResponse>;

// ---- GET /api/work-relation/list-canvas-advisor-companies[/{id}], list-section-advisor-companies/{id}

export const AdvisorCompanyChip = z.object({ id: z.number(), entityName: z.string() });
export type AdvisorCompanyChip = z.infer<typeof AdvisorCompanyChip>;
export const AdvisorCompanyChipsResponse = z.array(AdvisorCompanyChip);
export type AdvisorCompanyChipsResponse = z.infer<typeof AdvisorCompanyChipsResponse>;

// ---- advisors and their canvas roles ---------------------------------------------------------

/**
 * A member of a family, as an advisor sees them (docs/product/work-relations.md#fields Family member list item); an
 * advisor as the family sees them adds the company position and canvas role.
 */
export const FamilyMemberRow = z.object({
  /** The member id, which is the user id. */
  id: z.string(),
  memberName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  prefix: z.string().nullable(),
  /** The member's entity: the family, or the advisor company. */
  entityId: z.number(),
  entityName: z.string(),
  entityRoleId: z.literal(entityRoleIds),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  addresses: z.array(PersonAddress),
});

/** An advisor (a member of an advisor company), as the family sees them (docs/product/work-relations.md#fields Advisor company member). */
export const AdvisorMember = FamilyMemberRow.extend({
  companyPosition: z.string().nullable(),
  /** The canvas role for the family in question (owner and admin: always 1); null without a family. */
  workRelationRoleId: z.number().nullable(),
});
export type AdvisorMember = z.infer<typeof AdvisorMember>;
export const advisorSortFields = [
  'id',
  'memberName',
  'firstName',
  'lastName',
  'entityId',
  'entityName',
  'email',
  'phoneNumber',
  'companyPosition',
  'entityRoleId',
  'workRelationRoleId',
] as const satisfies ReadonlyArray<keyof AdvisorMember>;
/** `filterBy.entityId`: only the advisors of that company. */
export const ListAdvisorsRequest = z.strictObject({
  orderBy: orderByParameter(advisorSortFields).optional(),
  filterBy: z.strictObject({ entityId: bodyEntityIdField().nullable().optional() }).optional(),
});
export type ListAdvisorsRequest = z.infer<typeof ListAdvisorsRequest>;
export const AdvisorsResponse = z.array(AdvisorMember);
export type AdvisorsResponse = z.infer<typeof AdvisorsResponse>;

export type FamilyMemberRow = z.infer<typeof FamilyMemberRow>;
export const familyMemberSortFields = [
  'id',
  'memberName',
  'firstName',
  'lastName',
  'entityId',
  'entityName',
  'entityRoleId',
  'email',
  'phoneNumber',
] as const satisfies ReadonlyArray<keyof FamilyMemberRow>;
/** `filterBy.entityId`: only the members of that family (else of every family the caller works for). */
export const ListFamilyMembersRequest = z.strictObject({
  orderBy: orderByParameter(familyMemberSortFields).optional(),
  filterBy: z.strictObject({ entityId: bodyEntityIdField().nullable().optional() }).optional(),
});
export type ListFamilyMembersRequest = z.infer<typeof ListFamilyMembersRequest>;
export const FamilyMembersResponse = z.array(FamilyMemberRow);
export type FamilyMembersResponse = z.infer<typeof FamilyMembersResponse>;

/**
 * POST /api/work-relation-member/{entityId} (entityId: the family): gives an advisor a
 * canvas role. `advisorCompanyId` names the company only when the advisor works for more
 * than one company of the family.
 */
export const AddWorkRelationMemberRequest = z.strictObject({
  memberId: idField(),
  workRelationRoleId: roleIdField(),
  advisorCompanyId: numberOrNumericString(
    z.number({ error: messageKeys.invalidInput }).int({ error: messageKeys.invalidInput }).positive({ error: messageKeys.invalidInput }),
  ).optional(),
});
export type AddWorkRelationMemberRequest = z.infer<typeof AddWorkRelationMemberRequest>;
// POST /api/work-relation-member/update/{memberId}/{entityId}
export const UpdateWorkRelationMemberRequest = z.strictObject({
  workRelationRoleId: roleIdField(),
  advisorCompanyId: numberOrNumericString(
    z.number({ error: messageKeys.invalidInput }).int({ error: messageKeys.invalidInput }).positive({ error: messageKeys.invalidInput }),
  ).optional(),
});
export type UpdateWorkRelationMemberRequest = z.infer<typeof UpdateWorkRelationMemberRequest>;
/** Add and update answer the advisor with the new role. */
export const WorkRelationMemberResponse = AdvisorMember;

// GET /api/authorization/work-relation-member-permissions/{entityId}
export const WorkRelationMemberPermissions = z.object({
  entityId: z.number(),
  /** How the caller relates to the entity (shared/permissions.ts RelationView). */
  relation: z.enum(['own', 'advisorOfFamily', 'familyOfAdvisor', 'viaFamily']),
  /** The caller's canvas role for a family they advise; null otherwise. */
  workRelationRoleId: z.number().nullable(),
  permissions: z.array(z.enum(workRelationPermissions)),
  canViewCanvas: z.boolean(),
});
export type WorkRelationMemberPermissions = z.infer<typeof WorkRelationMemberPermissions>;

// ---- entities on the other side ------------------------------------------------------------

/** GET /api/entities/{entityId}[/{familyId}] for an entity the caller works with (docs/product/work-relations.md#fields Accessed entity). */
export const AccessedEntity = z.object({
  id: z.number(),
  entityName: z.string(),
  entityTypeId: z.number(),
  canvasName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  addresses: z.array(EntityAddress),
  relation: WorkRelationMemberPermissions.shape.relation,
});
export type AccessedEntity = z.infer<typeof AccessedEntity>;

/** GET /api/entities/list-families-for-invite/{inviterId}, list-advisor-companies-for-invite/{inviterId}. */
export const InviteEntityOption = z.object({
  id: z.number(),
  entityName: z.string(),
  entityTypeId: z.number(),
  canvasName: z.string().nullable(),
  /** Already works with the inviting entity: accepting with it answers 30. */
  isAlreadyRelated: z.boolean(),
});
export const InviteEntityOptionsResponse = z.array(InviteEntityOption);
export type InviteEntityOptionsResponse = z.infer<typeof InviteEntityOptionsResponse>;

/** GET /api/entities/get-by-section/{sectionId}: the family a section belongs to. */
export const SectionEntity = z.object({
  id: z.number(),
  entityName: z.string(),
  entityTypeId: z.number(),
  canvasId: z.number(),
  canvasTitle: z.string(),
  sectionId: z.number(),
  sectionTitle: z.string(),
});
export type SectionEntity = z.infer<typeof SectionEntity>;

// ---- canvas shares ---------------------------------------------------------------------------

export const SharedSection = z.object({ id: z.number(), title: z.string() });
/** GET /api/canvas-shares/{entityId} (the advisor company): the sections shared with it; empty means all. */
export const CanvasSharesResponse = z.object({
  canvasSections: z.array(SharedSection),
  /** The last day of the company's access (YYYY-MM-DD, inclusive, UTC), or null without an end. */
  accessUntil: z.string().nullable(),
});
export type CanvasSharesResponse = z.infer<typeof CanvasSharesResponse>;
/**
 * PATCH /api/canvas-shares/{entityId}: empty means all; an id the canvas lacks → 6 'Invalid
 * Canvas Rights'. accessUntil: a day sets or extends the end of the access, null clears it,
 * absent keeps it; a day before today (UTC) → 2 on the field.
 */
export const UpdateCanvasSharesRequest = z.strictObject({ canvasSections: canvasSectionsField(), accessUntil: accessUntilField().optional() });
export type UpdateCanvasSharesRequest = z.infer<typeof UpdateCanvasSharesRequest>;

// ---- private notes ---------------------------------------------------------------------------

export { noteTextLimit };
/** The rich text's HTML may be longer than its text, but not without bound. */
export const noteHtmlLimit = 20_000;

/** POST and PATCH /api/entities/notes/{entityId}: rich text HTML, sanitized by the server. */
export const NoteRequest = z.strictObject({
  note: z.string({ error: messageKeys.required }).max(noteHtmlLimit, { error: messageKeys.tooLong }),
});
export type NoteRequest = z.infer<typeof NoteRequest>;
/** A note the caller's organisation keeps about an entity; id and note null while there is none. */
export const NoteResponse = z.object({
  id: z.string().nullable(),
  /** The entity the note is about. */
  entityId: z.number(),
  note: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type NoteResponse = z.infer<typeof NoteResponse>;
