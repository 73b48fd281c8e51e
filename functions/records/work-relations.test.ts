import { describe, expect, it } from 'vitest';
import { transactItemOf } from '../lib/db/table';
import { useUnitConfig } from '../lib/testing/unit-config';
import { WorkRelationRole } from '../../shared/enums';
import { deleteAccessExpiry, putAccessExpiry } from './access-expiries';
import { familyCountOp } from './family-counts';
import { putNewWorkRelationMemberItem } from './work-relation-members';
import { putNewWorkRelation, updateAccessUntil } from './work-relations';

// The writes are described as data now (functions/lib/db/table.ts); what they store must not change.
describe('the work-relation writes', () => {
  useUnitConfig();

  it('puts a new relation with its dashboard keys, only while it does not exist', () => {
    const { Put } = transactItemOf(putNewWorkRelation(7, 30, [701], 'Rivera Family', '2027-03-31'));
    expect(Put?.Item).toEqual({
      PK: 'CANVAS#7',
      SK: 'C#ACCESS#30',
      GSI1PK: 'ADVISOR#30#FAMILIES',
      GSI1SK: expect.stringMatching(/^NAME#.+#7$/),
      type: 'WorkRelation',
      familyId: 7,
      advisorId: 30,
      sharedSectionIds: [701],
      createdAt: expect.any(String),
      familyName: 'Rivera Family',
      accessUntil: '2027-03-31',
    });
    expect(Put?.ConditionExpression).toBe('attribute_not_exists(PK)');
  });

  it('keeps the items and conditions of the count, the end-date entries and the roles', () => {
    const count = transactItemOf(familyCountOp(30, -1)).Update;
    expect(count?.Key).toEqual({ PK: 'ENTITY#30', SK: 'FAMILYCOUNT' });
    expect(count?.UpdateExpression).toBe('SET #type = :v1 ADD #count :v2');
    expect(count?.ExpressionAttributeValues).toEqual({ ':v1': 'FamilyCount', ':v2': -1 });

    expect(transactItemOf(putAccessExpiry(7, 30, '2027-03-31')).Put?.Item).toEqual({
      PK: 'ACCESSEXPIRY',
      SK: '2027-03-31#7#30',
      type: 'AccessExpiry',
      familyId: 7,
      advisorId: 30,
      accessUntil: '2027-03-31',
    });
    expect(transactItemOf(deleteAccessExpiry(7, 30, '2027-03-31')).Delete?.Key).toEqual({ PK: 'ACCESSEXPIRY', SK: '2027-03-31#7#30' });
    expect(transactItemOf(updateAccessUntil(7, 30, null)).Update).toMatchObject({
      UpdateExpression: 'REMOVE #accessUntil',
      ConditionExpression: 'attribute_exists(PK)',
    });

    const role = transactItemOf(putNewWorkRelationMemberItem(7, 30, 'u1', WorkRelationRole.Limited)).Put;
    expect(role?.Item).toMatchObject({
      type: 'WorkRelationMember',
      familyId: 7,
      advisorId: 30,
      userId: 'u1',
      workRelationRoleId: WorkRelationRole.Limited,
      PK: 'CANVAS#7',
      SK: 'C#WRMEMBER#30#u1',
    });
    expect(role?.ConditionExpression).toBe('attribute_not_exists(PK) OR #workRelationRoleId = :none');
    expect(role?.ExpressionAttributeValues).toEqual({ ':none': WorkRelationRole.None });
  });
});
