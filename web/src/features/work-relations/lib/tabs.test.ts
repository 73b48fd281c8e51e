import { describe, expect, it } from 'vitest';
import { EntityType, type WorkRelationPermission } from '../../../../../shared/enums';
import { visibleTabs, type EntityPageKind, type TabContext } from './tabs';

const family = EntityType.Family;
const advisor = EntityType.AdvisorCompany;

function tabs(
  page: EntityPageKind,
  current: { id: number; type: number; sensitive?: boolean },
  viewed: { id: number; type: number },
  permissions: WorkRelationPermission[] = [],
) {
  const context: TabContext = {
    page,
    current: { entityId: current.id, entityTypeId: current.type, canReadSensitiveData: current.sensitive ?? true },
    viewed: { entityId: viewed.id, entityTypeId: viewed.type },
    permissions,
  };
  return visibleTabs(context);
}

const advisorReading: WorkRelationPermission[] = ['ReadWorkRelationMembers', 'ReadWorkRelationEntityData', 'ReadCanvas'];

describe('the family page tabs (docs/product/work-relations.md#screens)', () => {
  it.each([
    ['an advisor with read access', { id: 30, type: advisor }, advisorReading, ['general', 'owners', 'familyMembers', 'advisors', 'notes']],
    ['an advisor without access', { id: 30, type: advisor }, [], ['general', 'owners', 'familyMembers', 'notes']],
    [
      'an advisor without sensitive data rights',
      { id: 30, type: advisor, sensitive: false },
      advisorReading,
      ['general', 'owners', 'familyMembers', 'advisors'],
    ],
    ['a member of the family itself', { id: 7, type: family }, ['ReadWorkRelationMembers'], ['general', 'owners', 'advisors', 'notes']],
    ['a limited member of the family', { id: 7, type: family, sensitive: false }, ['ReadWorkRelationMembers'], ['general', 'owners', 'advisors']],
  ] as const)('as %s', (_who, current, permissions, expected) => {
    expect(tabs('family', current, { id: 7, type: family }, [...permissions])).toEqual(expected);
  });

  it('shows no Family members or Advisors tab for an advisor company shown on the family page', () => {
    expect(tabs('family', { id: 7, type: family }, { id: 30, type: advisor }, ['ReadWorkRelationMembers'])).toEqual(['general', 'owners', 'notes']);
    expect(tabs('family', { id: 30, type: advisor }, { id: 31, type: advisor }, ['ReadWorkRelationMembers'])).toEqual(['general', 'owners']);
  });
});

describe('the company page tabs (docs/product/work-relations.md#screens)', () => {
  it.each([
    ['a family owner', { id: 7, type: family }, { id: 30, type: advisor }, ['general', 'owners', 'advisors', 'canvasRights', 'notes']],
    [
      'a family member without sensitive data rights',
      { id: 7, type: family, sensitive: false },
      { id: 30, type: advisor },
      ['general', 'owners', 'advisors', 'canvasRights'],
    ],
    ['the company itself', { id: 30, type: advisor }, { id: 30, type: advisor }, ['general', 'owners', 'advisors']],
    ['another advisor company of the same family', { id: 31, type: advisor }, { id: 30, type: advisor }, ['general', 'owners']],
  ] as const)('as %s', (_who, current, viewed, expected) => {
    expect(tabs('company', current, viewed)).toEqual(expected);
  });
});
