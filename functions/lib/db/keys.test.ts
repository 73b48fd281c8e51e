import { describe, expect, it } from 'vitest';
import { expiryDay, keys } from './keys';

describe('expiry bucket keys', () => {
  const at = Date.parse('2025-06-30T23:59:59Z') / 1000;

  it('put an expiring item in the bucket of its UTC day, ordered by time within it', () => {
    expect(expiryDay(at)).toBe('2025-06-30');
    expect(keys.expiryBucketOnGsi1(at)).toEqual({ GSI1PK: 'EXPIRY#2025-06-30', GSI1SK: '001751327999' });
    expect(keys.expiryBucketOnGsi2(at + 1)).toEqual({ GSI2PK: 'EXPIRY#2025-07-01', GSI2SK: '001751328000' });
    expect(keys.expirySortKey(5) < keys.expirySortKey(40)).toBe(true);
  });

  it('keep the item types of work relations apart', () => {
    expect(keys.workRelation(7, 9)).toEqual({ PK: 'CANVAS#7', SK: 'C#ACCESS#9' });
    expect(keys.workRelationMember(7, 9, 'u1').SK.startsWith(keys.workRelationMemberPrefix)).toBe(true);
    expect(keys.familyInvitation(9, 'i').SK.startsWith(keys.familyInvitationPrefix)).toBe(true);
    expect(keys.advisorInvitation(7, 'i').SK.startsWith(keys.advisorInvitationPrefix)).toBe(true);
    expect(keys.note(7, 9)).toEqual({ PK: 'ENTITY#7', SK: 'NOTE#9' });
  });
});
