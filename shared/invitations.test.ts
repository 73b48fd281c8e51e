import { describe, expect, it } from 'vitest';
import { invitationExpirationDate, invitationStatus } from './invitations';

describe('invitationStatus', () => {
  const sent = new Date('2025-01-01T00:00:00.000Z');
  const expirationDate = invitationExpirationDate(sent).toISOString();

  it('is valid for 14 days', () => {
    expect(expirationDate).toBe('2025-01-15T00:00:00.000Z');
  });

  it('is pending until the expiration date, then expired', () => {
    expect(invitationStatus({ accepted: false, expirationDate }, new Date('2025-01-14T23:59:59.999Z'))).toBe('pending');
    expect(invitationStatus({ accepted: false, expirationDate }, new Date('2025-01-15T00:00:00.000Z'))).toBe('expired');
  });

  it('stays accepted once accepted, whatever the date', () => {
    expect(invitationStatus({ accepted: true, expirationDate }, new Date('2030-01-01T00:00:00.000Z'))).toBe('accepted');
  });
});
