import { describe, expect, it } from 'vitest';
import type { MyActionPoint } from '../../../shared/contracts/my-actions';
import { buildDigestEmail, isEmptyDigest, type DigestContent } from './digest-message';

const links = {
  appUrl: 'https://app.example.com',
  unsubscribeUrl: 'https://app.example.com/api/unsubscribe?token=u1.sig',
  unsubscribePageUrl: 'https://app.example.com/unsubscribe?token=u1.sig',
};

const actionPoint = (title: string, dueDate: string | null): MyActionPoint => ({
  id: `1.${title}`,
  familyId: 1,
  familyName: 'Rivera Family',
  sectionId: 1001,
  categoryId: 1101,
  categoryTitle: 'Our Values',
  categoryColorCode: 'A5A5A5',
  title,
  priority: 'NoPriority',
  dueDate,
  linkedGoals: [],
  createdDate: '2026-01-01T00:00:00.000Z',
});

const content = (overrides: Partial<DigestContent> = {}): DigestContent => ({
  firstName: 'Sofia',
  frequency: 'weekly',
  today: '2026-06-10',
  canvases: [
    {
      familyId: 1,
      familyName: 'Rivera Family',
      sections: [
        { sectionId: 1001, title: 'Family values', changes: [{ actor: 'Maria Rivera', action: 'created', itemType: 'goal', title: 'Buy <the> farm' }] },
      ],
    },
  ],
  actionPoints: [actionPoint('Call the bank', '2026-06-01'), actionPoint('Plan the trip', null)],
  advisorFamilies: [],
  ...overrides,
});

describe('the digest e-mail', () => {
  it('carries RFC 8058 one-click unsubscribe headers with the HTTPS endpoint', () => {
    const message = buildDigestEmail(content(), links);
    expect(message.headers).toEqual({
      'List-Unsubscribe': '<https://app.example.com/api/unsubscribe?token=u1.sig>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('has a visible unsubscribe link in both bodies', () => {
    const message = buildDigestEmail(content(), links);
    expect(message.text).toContain(links.unsubscribePageUrl);
    expect(message.html).toContain(`href="${links.unsubscribePageUrl}"`);
  });

  it('names the changes by section and the open action points, overdue marked; user text escaped', () => {
    const message = buildDigestEmail(content(), links);
    expect(message.subject).toBe('Your Family Canvas week: 1 change, 2 open action points (1 overdue)');
    expect(message.text).toContain('Family values');
    expect(message.text).toContain('Maria Rivera added the goal “Buy <the> farm”');
    expect(message.text).toContain('- Call the bank — Rivera Family, Our Values, OVERDUE, due 01.06.2026');
    expect(message.text).toContain('- Plan the trip — Rivera Family, Our Values, no due date');
    expect(message.html).toContain('Buy &lt;the&gt; farm');
    expect(message.html).not.toContain('<the>');
  });

  it('lists the families with changes for an advisor', () => {
    const message = buildDigestEmail(content({ advisorFamilies: [{ familyId: 1, familyName: 'Rivera Family', changeCount: 3 }] }), links);
    expect(message.text).toContain('FAMILIES WITH CHANGES\n- Rivera Family: 3 changes');
  });

  it('is empty without changes and open action points', () => {
    expect(isEmptyDigest(content())).toBe(false);
    expect(isEmptyDigest(content({ actionPoints: [] }))).toBe(false);
    expect(isEmptyDigest(content({ actionPoints: [], canvases: [{ familyId: 1, familyName: 'R', sections: [] }] }))).toBe(true);
  });

  it('says how many more changes a family had than it lists, "at least" when the count stopped at its bound', () => {
    const [canvas] = content().canvases;
    const message = buildDigestEmail(content({ actionPoints: [], canvases: [{ ...canvas!, moreChanges: 40 }] }), links);
    expect(message.subject).toBe('Your Family Canvas week: 41 changes');
    expect(message.text).toContain('  … and 40 more changes on this canvas: see its Activity (https://app.example.com/canvas/1)');
    expect(message.html).toContain('<p>… and 40 more changes on this canvas: <a href="https://app.example.com/canvas/1">see its Activity</a></p>');
    const bounded = buildDigestEmail(content({ canvases: [{ ...canvas!, moreChanges: 1, moreIsAtLeast: true }] }), links);
    expect(bounded.text).toContain('… and at least 1 more change on this canvas');
  });
});
