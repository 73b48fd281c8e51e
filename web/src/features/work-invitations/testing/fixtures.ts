/** An advisor invitation of the Okafor Family, as the invitations list answers it. */
export const anInvitationRow = (id: string, email: string, status: 'pending' | 'accepted' | 'expired', canvasSections: string[] = []) => ({
  id,
  email,
  entityId: 4,
  entityName: 'Okafor Family',
  createdByMember: 'Ada Okafor',
  createdDate: '2026-03-05T10:00:00.000Z',
  expirationDate: '2026-03-19T10:00:00.000Z',
  accepted: status === 'accepted',
  status,
  canvasSections,
  canvasSectionIds: canvasSections.map((_, index) => 30 + index),
  accessUntil: null,
});
