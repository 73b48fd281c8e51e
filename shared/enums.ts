/** Enumerations of both specs. Numeric ids are the spec's own. */

export const EntityType = { Family: 1, AdvisorCompany: 2 } as const;
export type EntityTypeId = (typeof EntityType)[keyof typeof EntityType];
export const entityTypeIds = [EntityType.Family, EntityType.AdvisorCompany] as const;

export const EntityRole = { Owner: 1, Admin: 2, FullMember: 3, LimitedMember: 4 } as const;
export type EntityRoleId = (typeof EntityRole)[keyof typeof EntityRole];
export const entityRoleIds = [1, 2, 3, 4] as const;

export const WorkRelationRole = { Full: 1, Limited: 2, None: 3 } as const;
export type WorkRelationRoleId = (typeof WorkRelationRole)[keyof typeof WorkRelationRole];
export const workRelationRoleIds = [1, 2, 3] as const;

export const PrivacyLevel = { OnlyMe: 1, DirectContacts: 5, Everyone: 10 } as const;
export type PrivacyLevelId = (typeof PrivacyLevel)[keyof typeof PrivacyLevel];
export const privacyLevelIds = [1, 5, 10] as const;

export const memberPermissions = [
  'InviteMember',
  'RevokeMemberInvitation',
  'RemoveMemberFromEntity',
  'EditMember',
  'ReadMember',
  'ReadSensitiveData',
  'EditSensitiveData',
  'InviteWorkRelation',
  'RevokeWorkRelationInvite',
  'RemoveWorkRelation',
  'EditEntityInfo',
  'CreateCard',
  'EditCard',
  'DeleteCard',
  'ResetCanvas',
  'EditCanvasTitle',
  'CreateCanvas',
  'ReadCanvas',
  'EditCanvas',
  'UploadFiles',
] as const;
export type MemberPermission = (typeof memberPermissions)[number];

export const workRelationPermissions = [
  'ReadWorkRelationMembers',
  'EditWorkRelationMembers',
  'ReadWorkRelationSensitiveData',
  'EditWorkRelationSensitiveData',
  'ReadWorkRelationEntityData',
  'EditWorkRelationEntityData',
  'ReadCanvas',
  'EditCanvas',
  'UploadFiles',
  'EditCanvasRights',
] as const;
export type WorkRelationPermission = (typeof workRelationPermissions)[number];

export const SectionType = {
  FamilyCouncil: 1,
  FourAbundances: 2,
  Timeline: 3,
  Past: 4,
  Present: 5,
  Future: 6,
  Custom: 7,
} as const;
export type SectionTypeId = (typeof SectionType)[keyof typeof SectionType];

export const CategoryType = {
  OurValues: 1,
  WhatWeDoBest: 2,
  HowWeHelpEachOther: 3,
  WhereWeCanImprove: 4,
  MeasuringProgress: 5,
  Advisors: 6,
  Wealth: 7,
  Time: 8,
  Relationships: 9,
  Purpose: 10,
  OurPast: 11,
  OurPresent: 12,
  OurFuture: 13,
  Review: 14,
} as const;
export type CategoryTypeId = (typeof CategoryType)[keyof typeof CategoryType];

export const goalTerms = ['ShortTerm', 'MidTerm', 'LongTerm', 'NoTerm'] as const;
export type GoalTerm = (typeof goalTerms)[number];

export const priorities = ['HighPriority', 'MediumPriority', 'LowPriority', 'NoPriority'] as const;
export type Priority = (typeof priorities)[number];

export const addressTypes = ['Shipping', 'Billing'] as const;
export type AddressType = (typeof addressTypes)[number];

/** Derived, never stored: see invitationStatus() in shared/invitations.ts. */
export const invitationStatuses = ['accepted', 'pending', 'expired'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];
