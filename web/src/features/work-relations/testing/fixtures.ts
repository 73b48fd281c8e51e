import type { AdvisorCompanyRow, AdvisorMember, FamilyMemberRow } from '../../../../../shared/contracts/work-relations';
import { EntityRole } from '../../../../../shared/enums';

/** Ledger Advisors as a row of the advisor companies list. */
export const aCompanyRow = (overrides: Partial<AdvisorCompanyRow> = {}): AdvisorCompanyRow => ({
  id: 30,
  entityName: 'Ledger Advisors',
  owners: 'Otto Ledger',
  subscriptionPlan: null,
  limitedCanvasSharings: [],
  limitedCanvasSectionIds: [],
  accessUntil: null,
  ...overrides,
});

/** Ada Byron, an advisor of Ledger Advisors. */
export const anAdvisor = (overrides: Partial<AdvisorMember> = {}): AdvisorMember => ({
  id: 'u-ada',
  memberName: 'Ada Byron',
  firstName: 'Ada',
  lastName: 'Byron',
  prefix: null,
  entityId: 30,
  entityName: 'Ledger Advisors',
  email: null,
  phoneNumber: '+41 1',
  companyPosition: null,
  entityRoleId: EntityRole.FullMember,
  workRelationRoleId: 1,
  addresses: [],
  ...overrides,
});

/** Rosa Rivera, owner of the Rivera Family, as a row of the family members list. */
export const aFamilyMemberRow = (overrides: Partial<FamilyMemberRow> = {}): FamilyMemberRow => ({
  id: 'u-rosa',
  memberName: 'Rosa Rivera',
  firstName: 'Rosa',
  lastName: 'Rivera',
  prefix: null,
  entityId: 7,
  entityName: 'Rivera Family',
  entityRoleId: 1,
  email: 'rosa@rivera.example',
  phoneNumber: null,
  addresses: [{ id: 'a', streetAddress: 'Main Street 1', city: 'Zurich', postalCode: '8000', country: 'CH', addressType: null }],
  ...overrides,
});
