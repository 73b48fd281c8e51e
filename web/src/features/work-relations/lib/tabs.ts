import { EntityType, type WorkRelationPermission } from '../../../../../shared/enums';

/**
 * Which tabs the family and company pages show (docs/product/work-relations.md#family-page-and-company-page).
 * The viewer is the current user acting for their current entity; `permissions` are
 * their work-relation permissions on the viewed entity (GET
 * /authorization/work-relation-member-permissions), `canReadSensitiveData` is their own
 * membership's flag (the notes are their organisation's).
 */

export type EntityPageKind = 'family' | 'company';
export type EntityTabId = 'general' | 'owners' | 'familyMembers' | 'advisors' | 'canvasRights' | 'notes';

export type TabContext = {
  page: EntityPageKind;
  current: { entityId: number; entityTypeId: number; canReadSensitiveData: boolean };
  viewed: { entityId: number; entityTypeId: number };
  permissions: readonly WorkRelationPermission[];
};

/** Notes: with the right to read sensitive data, when the viewed entity is not an advisor company while the current one is an advisor, or the current one is not an advisor. */
export function canSeeNotes({ current, viewed }: TabContext): boolean {
  const isCurrentAdvisor = current.entityTypeId === EntityType.AdvisorCompany;
  const isViewedAdvisor = viewed.entityTypeId === EntityType.AdvisorCompany;
  return current.canReadSensitiveData && ((isCurrentAdvisor && !isViewedAdvisor) || !isCurrentAdvisor);
}

export function visibleTabs(context: TabContext): EntityTabId[] {
  const { page, current, viewed, permissions } = context;
  const isCurrentAdvisor = current.entityTypeId === EntityType.AdvisorCompany;
  const isViewedAdvisor = viewed.entityTypeId === EntityType.AdvisorCompany;
  const tabs: EntityTabId[] = ['general', 'owners'];
  if (page === 'family') {
    if (viewed.entityTypeId === EntityType.Family && isCurrentAdvisor) tabs.push('familyMembers');
    if (permissions.includes('ReadWorkRelationMembers') && !isViewedAdvisor) tabs.push('advisors');
  } else {
    if (!isCurrentAdvisor || viewed.entityId === current.entityId) tabs.push('advisors');
    if (!isCurrentAdvisor && isViewedAdvisor) tabs.push('canvasRights');
  }
  if (canSeeNotes(context)) tabs.push('notes');
  return tabs;
}
