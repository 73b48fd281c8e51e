import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planBookDocument } from './document';
import { planBookFileName } from './export-plan-book';
import { buildPlanBook, dueDateOf } from './model';
import { renderPdf } from './render';
import { fixtureContext, fixturePeople } from './testing/fixture';

const people = { nameOf: (id: string | null | undefined) => (id ? (fixturePeople[id] ?? null) : null) };
const options = {
  sectionIds: [5001, 5002],
  includeAnswers: true,
  leaveOutEmptyCategories: false,
  familyName: 'Müller Family',
  exportedAt: '2026-11-24T09:30:00.000Z',
  exportedBy: 'Zoë Müller-Łukasiewicz',
  advisorCompanyName: null,
};

/** The PDF's text as a reader's tool extracts it (poppler's pdftotext, layout kept). */
function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'plan-book-'));
  const file = path.join(dir, 'book.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('the plan book', () => {
  it('prints names in accents, Greek and Cyrillic, answers with their authors, links, due dates day.month.year', async () => {
    const book = buildPlanBook(fixtureContext('family'), options, people);
    const pdf = await renderPdf(planBookDocument(book));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(pdf);
    for (const expected of [
      'Müller Family',
      'Unser Familienplan',
      'Exported on: 24.11.2026',
      'Exported by: Zoë Müller-Łukasiewicz',
      'Contents',
      'Freedom to choose — ελευθερία, свобода',
      'Ελένη Παπαδοπούλου, 2 votes',
      'Initiated by: Иван Петров',
      'Votes: 1 (Ελένη Παπαδοπούλου)',
      'Due: 05.03.2027',
      'Due: 31.12.2026',
      'Action points: Interview three family offices; Hidden action point (Secret Category)',
      'Goals and actions',
      'Page 1 of',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Archived takeaway');
  });

  it('holds nothing of a section the reader may not see, not even a link title', async () => {
    const book = buildPlanBook(fixtureContext('limitedAdvisor'), { ...options, advisorCompanyName: 'Harbor Wealth Partners' }, people);
    const text = textOf(await renderPdf(planBookDocument(book)));
    expect(text).toContain('Advisor company: Harbor Wealth Partners');
    expect(text).toContain('Family office by 2030');
    for (const hidden of ['Hidden Legacy Section', 'Secret Category', 'Hidden question', 'Hidden answer', 'Hidden action point'])
      expect(text).not.toContain(hidden);
  });

  it('leaves the answers out when asked to', () => {
    const book = buildPlanBook(fixtureContext('family'), { ...options, includeAnswers: false }, people);
    expect(book.sections.flatMap((section) => section.categories.flatMap((category) => category.questions))).toEqual([]);
    expect(book.sections[0]?.categories[0]?.takeaways.map((item) => item.title)).toEqual(['Stewardship over spending']);
  });

  it('shows a due date only when an item has a well-formed one', () => {
    expect(dueDateOf({ dueDate: '2027-03-05' })).toBe('2027-03-05');
    expect(dueDateOf({})).toBeNull();
    expect(dueDateOf({ dueDate: 'soon' })).toBeNull();
    const book = buildPlanBook(fixtureContext('family'), options, people);
    const goals = book.sections[0]?.categories[0]?.goals ?? [];
    // By term: short term before long term.
    expect(goals.map((item) => [item.title, item.dueDate])).toEqual([
      ['Yearly family retreat', null],
      ['Family office by 2030', '2027-03-05'],
    ]);
  });

  it('names the file after the family and the day, in plain ASCII', () => {
    expect(planBookFileName('Rivera Family', '2026-11-24T09:30:00.000Z')).toBe('Rivera-Family-plan-book-2026-11-24.pdf');
    expect(planBookFileName('Müller & Søn', '2026-11-24T09:30:00.000Z')).toBe('Muller-Son-plan-book-2026-11-24.pdf');
    expect(planBookFileName('Παπαδόπουλος', '2026-11-24T09:30:00.000Z')).toBe('plan-book-2026-11-24.pdf');
  });
});
