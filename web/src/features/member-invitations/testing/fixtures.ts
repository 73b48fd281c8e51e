import type { MemberInvitation } from '../../../../../shared/contracts/invitations';

/** A pending invitation to the Lovelace Family as a full member. */
export const aMemberInvitation = (overrides: Partial<MemberInvitation> = {}): MemberInvitation => ({
  id: 'i1',
  email: 'a@example.com',
  entityRoleId: 3,
  entityId: 7,
  entityName: 'Lovelace Family',
  entityType: 1,
  createdByMember: 'Ada Lovelace',
  createdDate: '2026-03-01T10:00:00.000Z',
  expirationDate: '2026-03-15T10:00:00.000Z',
  accepted: false,
  status: 'pending',
  ...overrides,
});
