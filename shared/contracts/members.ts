import * as z from 'zod';
import { entityRoleIds, memberPermissions, workRelationPermissions, workRelationRoleIds } from '../enums';
import { orderByParameter } from '../ordering';
import { clearable, messageKeys, singleLineText } from '../validation';
import { PersonAddress } from './auth';
import { idField, numberOrNumericString, numericIdParameter } from './common';

/**
 * Contracts of the entity-member and authorization calls (docs/product/organisations-and-members.md#calls and
 * Authorization, docs/product/organisations-and-members.md#fields Entity member and roles). Lists act on the caller's current entity.
 * Sensitive fields (e-mail, phone, address) are null for a caller without
 * ReadSensitiveData and for a member whose privacy setting hides them; the UI shows '-'.
 */

// GET /api/authorization/member-roles
export const MemberRole = z.object({
  id: z.literal(entityRoleIds),
  name: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  permissions: z.array(z.enum(memberPermissions)),
});
export type MemberRole = z.infer<typeof MemberRole>;
export const MemberRolesResponse = z.array(MemberRole);
export type MemberRolesResponse = z.infer<typeof MemberRolesResponse>;

// GET /api/authorization/work-relation-roles
export const WorkRelationRoleInfo = z.object({
  id: z.literal(workRelationRoleIds),
  title: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  permissions: z.array(z.enum(workRelationPermissions)),
});
export type WorkRelationRoleInfo = z.infer<typeof WorkRelationRoleInfo>;
export const WorkRelationRolesResponse = z.array(WorkRelationRoleInfo);
export type WorkRelationRolesResponse = z.infer<typeof WorkRelationRolesResponse>;

// GET /api/entity-member/owners
export const EntityOwner = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  prefix: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  addresses: z.array(PersonAddress),
});
export type EntityOwner = z.infer<typeof EntityOwner>;
export const OwnersResponse = z.array(EntityOwner);
export type OwnersResponse = z.infer<typeof OwnersResponse>;

// GET /api/entity-member/members, GET /api/entity-member/{memberId}
export const EntityMember = z.object({
  /** The member id, which is the user's id. */
  id: z.string(),
  /** The user's id (docs/product/organisations-and-members.md#fields Entity member); the same as `id`. */
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  prefix: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  entityRoleId: z.literal(entityRoleIds),
  companyPosition: z.string().nullable(),
  active: z.boolean(),
  entityName: z.string(),
  /** The member's first address. */
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  /** The first address's type (docs/product/work-relations.md#fields `addressType`): null, a person's address has none. */
  addressType: PersonAddress.shape.addressType,
  /** Prefix, first and last name, as shown in lists. */
  memberName: z.string(),
});
export type EntityMember = z.infer<typeof EntityMember>;

export const memberSortFields = [
  'id',
  'userId',
  'firstName',
  'lastName',
  'prefix',
  'email',
  'phoneNumber',
  'entityRoleId',
  'companyPosition',
  'active',
  'entityName',
  'streetAddress',
  'city',
  'postalCode',
  'country',
  'memberName',
] as const satisfies ReadonlyArray<keyof EntityMember>;
/** `orderBy=lastName,-entityRoleId`; without it: role (owners first), then last and first name. */
export const ListMembersQuery = z.strictObject({ orderBy: orderByParameter(memberSortFields).optional() });
export type ListMembersQuery = z.infer<typeof ListMembersQuery>;
export const MembersResponse = z.array(EntityMember);
export type MembersResponse = z.infer<typeof MembersResponse>;

export const MemberIdPath = z.strictObject({ memberId: idField() });
export type MemberIdPath = z.infer<typeof MemberIdPath>;

// POST /api/entity-member/{memberId}: absent fields stay; null or '' clears the position.
export const UpdateMemberRequest = z.strictObject({
  /** 1–4; another integer is answered INVALID_ENTITY_ROLE (16). */
  entityRoleId: numberOrNumericString(z.number({ error: messageKeys.required }).int({ error: messageKeys.invalidInput })).optional(),
  companyPosition: clearable(singleLineText(100)),
});
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>;
/** The member after the change. */
export const UpdateMemberResponse = EntityMember;
export type UpdateMemberResponse = z.infer<typeof UpdateMemberResponse>;

// GET /api/entity-member/list-canvas-users/{entityId}: the people who work on a family's canvas.
export const CanvasUsersPath = z.strictObject({ entityId: numericIdParameter() });
export type CanvasUsersPath = z.infer<typeof CanvasUsersPath>;
export const CanvasUser = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The type of the entity the user belongs to: 1 a family member, 2 an advisor. */
  entityType: z.number(),
  /**
   * The sections an advisor sees, when their company is limited to some; absent: the whole
   * canvas. An action point is assigned only to someone who sees its section
   * (docs/product/canvas.md#assignees), so the assignee picker offers only them.
   */
  sectionIds: z.array(z.number()).optional(),
});
export type CanvasUser = z.infer<typeof CanvasUser>;
export const CanvasUsersResponse = z.array(CanvasUser);
export type CanvasUsersResponse = z.infer<typeof CanvasUsersResponse>;
