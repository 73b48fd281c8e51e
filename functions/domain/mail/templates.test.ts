import { describe, expect, it } from 'vitest';
import { emailTemplates } from './templates';

const riveraInvitation = {
  inviterName: 'Maria Rivera',
  familyName: 'Rivera Family',
  sectionTitles: [],
  link: 'https://app/x',
  validityDays: 14,
  expirationDate: '2026-12-08T10:00:00.000Z',
};

describe('the advisor invitation e-mail', () => {
  it('names the family as it is called, never "the Rivera Family family"', () => {
    const mail = emailTemplates.advisorInvitation(riveraInvitation);
    expect(mail.subject).toBe('Rivera Family invites you to Family Canvas');
    expect(mail.text).toContain('Maria Rivera of Rivera Family invites your advisor company');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/family family/i);
  });

  it('states its own expiry date and the access end date', () => {
    const mail = emailTemplates.advisorInvitation({
      ...riveraInvitation,
      accessUntil: '2027-03-31',
    });
    expect(mail.text).toContain('valid for 14 days, until 08.12.2026 (UTC)');
    expect(mail.text).toContain('The access ends at the end of 31.03.2027 (UTC)');
    expect(mail.html).toContain('31.03.2027');
  });
});

describe('the sign-in method notice', () => {
  it('names the change, time, device and address, escapes user text in HTML, and links "This was not me"', () => {
    const mail = emailTemplates.signInMethodChanged({
      firstName: 'Ada',
      what: 'A passkey named "<b>Desk</b>" was added to your account',
      at: '2026-11-26 06:30',
      device: 'Chrome on Mac OS',
      clientAddress: '203.0.113.7',
      link: 'https://app/not-me?token=abc',
    });
    expect(mail.text).toContain(
      'A passkey named "<b>Desk</b>" was added to your account on 2026-11-26 06:30 (UTC), from Chrome on Mac OS (address 203.0.113.7).',
    );
    expect(mail.text).toContain('This was not me: https://app/not-me?token=abc');
    expect(mail.html).not.toContain('<b>Desk</b>');
    expect(mail.html).toContain('&lt;b&gt;Desk&lt;/b&gt;');
  });
});
