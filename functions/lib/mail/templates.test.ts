import { describe, expect, it } from 'vitest';
import { emailTemplates } from './templates';

describe('the advisor invitation e-mail', () => {
  it('names the family as it is called, never "the Rivera Family family"', () => {
    const mail = emailTemplates.advisorInvitation({ inviterName: 'Maria Rivera', familyName: 'Rivera Family', sectionTitles: [], link: 'https://app/x', validityDays: 14, expirationDate: '2026-12-08T10:00:00.000Z' });
    expect(mail.subject).toBe('Rivera Family invites you to Family Canvas');
    expect(mail.text).toContain('Maria Rivera of Rivera Family invites your advisor company');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/family family/i);
  });

  it('states its own expiry date and the access end date', () => {
    const mail = emailTemplates.advisorInvitation({
      inviterName: 'Maria Rivera',
      familyName: 'Rivera Family',
      sectionTitles: [],
      link: 'https://app/x',
      validityDays: 14,
      expirationDate: '2026-12-08T10:00:00.000Z',
      accessUntil: '2027-03-31',
    });
    expect(mail.text).toContain('valid for 14 days, until 08.12.2026 (UTC)');
    expect(mail.text).toContain('The access ends at the end of 31.03.2027 (UTC)');
    expect(mail.html).toContain('31.03.2027');
  });
});
