import { describe, expect, it } from 'vitest';
import { emailTemplates } from './templates';

describe('the advisor invitation e-mail', () => {
  it('names the family as it is called, never "the Rivera Family family"', () => {
    const mail = emailTemplates.advisorInvitation({ inviterName: 'Maria Rivera', familyName: 'Rivera Family', sectionTitles: [], link: 'https://app/x', validityDays: 14 });
    expect(mail.subject).toBe('Rivera Family invites you to Family Canvas');
    expect(mail.text).toContain('Maria Rivera of Rivera Family invites your advisor company');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/family family/i);
  });
});
