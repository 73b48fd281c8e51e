import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planBookDocument } from './document';
import { planBookFileName } from './export-plan-book';
import { buildPlanBook, dueDateOf, isEmptyCategory, type PlanBook, type PlanBookCategory } from './model';
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

  it('leaves out the categories nobody wrote in when asked, and keeps them otherwise', () => {
    const kept = buildPlanBook(fixtureContext('family'), options, people);
    const left = buildPlanBook(fixtureContext('family'), { ...options, leaveOutEmptyCategories: true }, people);
    const titles = (book: PlanBook) => book.sections.flatMap((section) => section.categories.map((category) => category.title));
    const empty = kept.sections.flatMap((section) => section.categories).filter(isEmptyCategory);
    expect(titles(left)).toEqual(titles(kept).filter((title) => !empty.some((category) => category.title === title)));
    expect(left.sections.flatMap((section) => section.categories).some(isEmptyCategory)).toBe(false);
    // Unanswered template questions alone leave a category empty.
    const unanswered: PlanBookCategory = {
      title: 'T',
      colorCode: '000000',
      questions: [{ text: 'Q?', answers: [] }],
      takeaways: [],
      goals: [],
      actionPoints: [],
    };
    expect(isEmptyCategory(unanswered)).toBe(true);
    expect(isEmptyCategory({ ...unanswered, questions: [{ text: 'Q?', answers: [{ text: 'A', author: 'B', voteCount: 0 }] }] })).toBe(false);
  });

  it('never ends a page with a heading, on A4 and on Letter', async () => {
    // Categories of different lengths, so headings fall at every height of a page.
    const categories = Array.from({ length: 24 }, (_, index): PlanBookCategory => {
      const items = (index * 7) % 5;
      return {
        title: `Category ${index + 1}`,
        colorCode: '3A6EA5',
        questions: [{ text: `Question of category ${index + 1}?`, answers: [{ text: 'An answer', author: 'Zoë', voteCount: 0 }] }],
        takeaways: Array.from({ length: items + 1 }, (_, item) => ({
          title: `Takeaway ${index + 1}.${item + 1}`,
          text: 'A line of text that says what the family took away from the conversation.',
          initiator: 'Zoë',
          voters: [],
          goals: [],
        })),
        goals: Array.from({ length: (index % 3) + 1 }, (_, item) => ({
          title: `Goal ${index + 1}.${item + 1}`,
          text: null,
          initiator: null,
          goalTerm: 'LongTerm' as const,
          completed: false,
          dueDate: null,
          takeaways: [],
          actionPoints: [],
        })),
        actionPoints: [],
      };
    });
    const book: PlanBook = {
      familyName: 'Rivera Family',
      canvasTitle: 'Our plan',
      exportedAt: '2026-11-24T09:30:00.000Z',
      exportedBy: 'Zoë',
      advisorCompanyName: null,
      includeAnswers: true,
      leaveOutEmptyCategories: true,
      sections: [{ id: 1, title: 'Family Council', categories }],
      overview: { goals: [], actionPoints: [] },
    };
    const headings = new Set(['Questions and answers', 'Takeaways', 'Goals', 'Action points', ...categories.map((category) => category.title)]);
    for (const pageSize of ['A4', 'Letter'] as const) {
      const pages = textOf(await renderPdf(planBookDocument(book, { pageSize }))).split('\f');
      expect(pages.length).toBeGreaterThan(5);
      for (const page of pages) {
        // The last line above the footer (family name and page number).
        const lines = page
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line && !line.startsWith('Rivera Family'));
        expect(headings.has(lines.at(-1) ?? ''), `${pageSize} page ends with "${lines.at(-1)}"`).toBe(false);
      }
    }
  }, 60_000);
});
