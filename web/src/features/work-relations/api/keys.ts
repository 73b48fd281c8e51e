/**
 * Query keys of the work-relations feature. Everything sits under the current entity:
 * switching entity shows other families, companies and rights.
 */
export const workRelationKeys = {
  all: ['work-relations'] as const,
  families: (entityId: number | null, orderBy: string | undefined) => ['work-relations', entityId, 'families', orderBy ?? ''] as const,
  familyMembers: (entityId: number | null, familyId: number | null, orderBy: string | undefined) =>
    ['work-relations', entityId, 'family-members', familyId ?? 'all', orderBy ?? ''] as const,
  familyMember: (entityId: number | null, memberId: string) => ['work-relations', entityId, 'family-member', memberId] as const,
  companies: (entityId: number | null, orderBy: string | undefined) => ['work-relations', entityId, 'companies', orderBy ?? ''] as const,
  /** Every advisors list (refreshed together after a rights change). */
  advisorLists: (entityId: number | null) => ['work-relations', entityId, 'advisors'] as const,
  advisors: (entityId: number | null, scope: { familyId?: number; companyId?: number }, orderBy: string | undefined) =>
    ['work-relations', entityId, 'advisors', scope.familyId ?? 'own', scope.companyId ?? 'all', orderBy ?? ''] as const,
  advisorsWithoutAccess: (entityId: number | null, familyId: number) => ['work-relations', entityId, 'advisors', 'without-access', familyId] as const,
  advisor: (entityId: number | null, memberId: string) => ['work-relations', entityId, 'advisor', memberId] as const,
  /** The entity a family or company page shows, and what the caller may do there. */
  viewed: (entityId: number | null, viewedId: number) => ['work-relations', entityId, 'viewed', viewedId] as const,
  viewedEntity: (entityId: number | null, viewedId: number, familyId: number | undefined) =>
    ['work-relations', entityId, 'viewed', viewedId, 'entity', familyId ?? 'direct'] as const,
  permissions: (entityId: number | null, viewedId: number) => ['work-relations', entityId, 'viewed', viewedId, 'permissions'] as const,
  owners: (entityId: number | null, viewedId: number, familyId: number | undefined) =>
    ['work-relations', entityId, 'viewed', viewedId, 'owners', familyId ?? 'direct'] as const,
  shares: (entityId: number | null, companyId: number) => ['work-relations', entityId, 'shares', companyId] as const,
  /** Also after a share changes: the companies list shows the shared sections. */
  companyLists: (entityId: number | null) => ['work-relations', entityId, 'companies'] as const,
  canvasSections: (entityId: number | null) => ['work-relations', entityId, 'canvas-sections'] as const,
  /** The family's choice whether advisors see the other advisor companies. */
  companyVisibility: (entityId: number | null) => ['work-relations', entityId, 'company-visibility'] as const,
};
