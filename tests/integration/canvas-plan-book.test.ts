import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionPoint, Answer, Canvas, Goal, Takeaway } from '../../shared/contracts/canvas';
import type { AccessLogPage } from '../../shared/contracts/history';
import { WorkRelationRole } from '../../shared/enums';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, categoryNamed, expectError, getCanvas, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiResponse } from '../support/integration';
import { pdfText } from '../support/pdf';
import { routePath } from '../support/route-calls';

/**
 * The plan book through the real route: the PDF a family or an advisor downloads, read
 * back with pdftotext. It holds names (accents, Greek, Cyrillic), titles, answers with
 * their authors and the links between items; a section-limited advisor's book holds
 * nothing of the other sections and no private note; a section the caller cannot see is
 * not found; an advisor's export is in the family's access log.
 */

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let owner: TestAccount;
let sectionCompany: TestAccount;
let sectionAdvisor: TestAccount;
let sharedSectionId: number;
let hiddenSectionId: number;

const noteText = 'Private note: inheritance dispute brewing';

beforeAll(async () => {
  owner = await signUpAndConfirm(stack, {
    createEntityName: 'Müller-Łukasiewicz Family',
    canvasName: 'Plan der Familie',
    firstName: 'Zoë',
    lastName: 'Müller',
  });
  // The canvas came with the signup (docs/product/accounts.md#a-new-family-starts-on-its-canvas).
  const created = await owner.client.call<'getOwnCanvas', Canvas>('getOwnCanvas');
  expect(created.status).toBe(200);
  family = { owner, familyId: owner.entityId, canvas: created.body };
  const { familyId } = family;
  const values = categoryNamed(family.canvas, 'Our Values');
  const wealth = categoryNamed(family.canvas, 'Abundance of Wealth');
  hiddenSectionId = values.sectionId;
  sharedSectionId = wealth.sectionId;

  sectionCompany = await advisorCompanyFor(stack, familyId, [sharedSectionId], 'Ακρόπολις Advisors');
  sectionAdvisor = await advisorOf(stack, sectionCompany, familyId, WorkRelationRole.Full, 'Иван');

  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await owner.client.post<T>(path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  await post<Answer>(routePath('createAnswer', { questionId: `${values.id}.1` }), { text: 'Honesty before profit, always', questionId: `${values.id}.1` });
  await post<Answer>(routePath('createAnswer', { questionId: `${wealth.id}.1` }), { text: 'Wealth is freedom — ελευθερία', questionId: `${wealth.id}.1` });
  const hiddenTakeaway = await post<Takeaway>(routePath('createTakeaway', { categoryId: values.id }), { title: 'Secret family value', categoryId: values.id });
  const takeaway = await post<Takeaway>(routePath('createTakeaway', { categoryId: wealth.id }), { title: 'Keep capital together', categoryId: wealth.id });
  const goal = await post<Goal>(routePath('createGoal', { categoryId: wealth.id }), {
    title: 'Found a family office',
    categoryId: wealth.id,
    goalTerm: 'LongTerm',
    linkedTakeawayIds: [takeaway.id, hiddenTakeaway.id],
  });
  await post<ActionPoint>(routePath('createActionPoint', { categoryId: wealth.id }), {
    title: 'Interview three lawyers',
    categoryId: wealth.id,
    priority: 'HighPriority',
    linkedGoalIds: [goal.id],
  });
  // Private notes: the family's own, and the advisor company's about the family.
  expect((await owner.client.call('createNote', { params: { entityId: familyId }, body: { note: `<p>${noteText} (family)</p>` } })).status).toBe(201);
  expect((await sectionCompany.client.call('createNote', { params: { entityId: familyId }, body: { note: `<p>${noteText} (advisor)</p>` } })).status).toBe(201);
});

function expectPdf(response: ApiResponse, fileName: RegExp): string {
  expect(response.status, Buffer.isBuffer(response.body) ? 'PDF' : JSON.stringify(response.body)).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toMatch(fileName);
  expect(Buffer.isBuffer(response.body)).toBe(true);
  return pdfText(response.body as Buffer);
}

describe('the plan book of the family itself', () => {
  it('holds the names, titles, answers with their authors and the links, and no private note', async () => {
    const text = expectPdf(await owner.client.call('exportOwnPlanBook'), /^attachment; filename="Muller-Lukasiewicz-Family-plan-book-\d{4}-\d{2}-\d{2}\.pdf"$/);
    for (const expected of [
      'Müller-Łukasiewicz Family',
      'Plan der Familie',
      'Exported by: Zoë Müller',
      'Our Values',
      'Abundance of Wealth',
      'Honesty before profit, always',
      'Wealth is freedom — ελευθερία',
      '— Zoë Müller',
      'Secret family value',
      'Takeaways: Secret family value (Our Values); Keep capital together',
      'Action points: Interview three lawyers',
      'Goals: Found a family office',
      'Goals and actions',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Private note');
    expect(text).not.toContain('Advisor company:');
  });

  it('leaves out the answers, and keeps to the chosen sections', async () => {
    const text = expectPdf(await owner.client.call('exportOwnPlanBook', { body: { sectionIds: [sharedSectionId], includeAnswers: false } }), /plan-book/);
    expect(text).toContain('Found a family office');
    expect(text).not.toContain('Wealth is freedom');
    expect(text).not.toContain('Honesty before profit');
  });

  it('refuses a section id of another canvas as not found, and a malformed body as invalid', async () => {
    expectError(await owner.client.call('exportOwnPlanBook', { body: { sectionIds: [sharedSectionId, 999_999_999] } }), 4);
    expectError(await owner.client.call('exportOwnPlanBook', { body: { sectionIds: [] } }), 2);
    expectError(await owner.client.call('exportOwnPlanBook', { looseBody: { sectionIds: 'all' } }), 2);
    expectError(await owner.client.call('exportOwnPlanBook', { looseBody: { includeAnswers: true, color: 'red' } }), 2);
  });
});

/** Every page's MediaBox in the file (pdfkit writes page dictionaries uncompressed). */
function mediaBoxes(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox \[([^\]]*)\]/g)].map((match) => match[1]?.trim() ?? '');
}

function pdfOf(response: ApiResponse): Buffer {
  expect(response.status, Buffer.isBuffer(response.body) ? 'PDF' : JSON.stringify(response.body)).toBe(200);
  return response.body as Buffer;
}

describe('the plan book options', () => {
  it('leaves out the categories nobody wrote in by default, and keeps them when asked', async () => {
    const shortened = expectPdf(await owner.client.call('exportOwnPlanBook'), /plan-book/);
    expect(shortened).toContain('Our Values');
    expect(shortened).toContain('Abundance of Wealth');
    for (const empty of ['How We Help Each Other', 'Measuring Progress', 'Our Past']) expect(shortened).not.toContain(empty);
    // A chosen section whose every category is empty still says so.
    expect(shortened).toContain('The Past');
    expect(shortened).toContain('Nothing in this section yet.');

    const complete = expectPdf(await owner.client.call('exportOwnPlanBook', { body: { leaveOutEmptyCategories: false } }), /plan-book/);
    for (const empty of ['How We Help Each Other', 'Measuring Progress', 'Our Past', 'No answers yet.']) expect(complete).toContain(empty);
    expect(complete).not.toContain('Nothing in this section yet.');
  });

  it('is A4 by default and US Letter when asked', async () => {
    const a4 = mediaBoxes(pdfOf(await owner.client.call('exportOwnPlanBook')));
    expect(a4.length).toBeGreaterThan(2);
    expect(new Set(a4)).toEqual(new Set(['0 0 595.28 841.89']));
    expect(new Set(mediaBoxes(pdfOf(await owner.client.call('exportOwnPlanBook', { body: { pageSize: 'A4' } }))))).toEqual(new Set(['0 0 595.28 841.89']));
    const letter = mediaBoxes(pdfOf(await owner.client.call('exportOwnPlanBook', { body: { pageSize: 'Letter' } })));
    expect(letter.length).toBeGreaterThan(2);
    expect(new Set(letter)).toEqual(new Set(['0 0 612 792']));
  });

  it('is a tagged PDF: marked, with a structure tree of headings and paragraphs, its language and its title shown', async () => {
    const pdf = pdfOf(await owner.client.call('exportOwnPlanBook', { body: { pageSize: 'Letter' } })).toString('latin1');
    expect(pdf).toMatch(/^%PDF-1\.7/);
    expect(pdf).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(pdf).toMatch(/\/Marked true/);
    expect(pdf).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(pdf).toMatch(/\/Lang \(en-US\)/);
    expect(pdf).toMatch(/\/DisplayDocTitle true/);
    for (const type of ['Document', 'H1', 'H2', 'H3', 'P', 'TOC', 'TOCI']) expect(pdf).toContain(`/S /${type}\n`);
    // Every page's content has marked content tied to the structure tree.
    expect(pdf).toMatch(/\/StructParents \d+/);
  });

  it('refuses a paper size or an option it does not know as invalid input', async () => {
    expectError(await owner.client.call('exportOwnPlanBook', { looseBody: { pageSize: 'A5' } }), 2);
    expectError(await owner.client.call('exportOwnPlanBook', { looseBody: { pageSize: 'letter' } }), 2);
    expectError(await owner.client.call('exportOwnPlanBook', { looseBody: { pageSize: 612 } }), 2);
    expectError(await owner.client.call('exportOwnPlanBook', { looseBody: { leaveOutEmptyCategories: 'yes' } }), 2);
    expectError(await owner.client.call('exportPlanBook', { params: { familyId: family.familyId }, looseBody: { pageSize: ['Letter'] } }), 2);
  });
});

describe('the plan book of an advisor limited to one section', () => {
  it('holds the shared section only: no title, answer, takeaway or link of the other, and no note', async () => {
    const text = expectPdf(await sectionAdvisor.client.call('exportPlanBook', { params: { familyId: family.familyId } }), /plan-book/);
    for (const expected of [
      'Müller-Łukasiewicz Family',
      'Advisor company: Ακρόπολις Advisors',
      'Exported by: Иван Tester',
      'Found a family office',
      'Wealth is freedom — ελευθερία',
      'Takeaways: Keep capital together',
    ]) {
      expect(text).toContain(expected);
    }
    for (const hidden of ['Our Values', 'Honesty before profit', 'Secret family value', 'Private note', noteText]) expect(text).not.toContain(hidden);
  });

  it('refuses the unshared section as not found, as any section of another family', async () => {
    expectError(await sectionAdvisor.client.call('exportPlanBook', { params: { familyId: family.familyId }, body: { sectionIds: [hiddenSectionId] } }), 4);
    expectError(
      await sectionAdvisor.client.call('exportPlanBook', { params: { familyId: family.familyId }, body: { sectionIds: [sharedSectionId, hiddenSectionId] } }),
      4,
    );
    // The advisor has no family of their own.
    expectError(await sectionAdvisor.client.call('exportOwnPlanBook'), 4);
  });

  it('is written to the access log of the family with the sections it contained', async () => {
    const sharedTitle = (await getCanvas(owner.client)).sections.find((section) => section.id === sharedSectionId)?.title;
    const log = await owner.client.call<'getAccessLog', AccessLogPage>('getAccessLog');
    expect(log.status).toBe(200);
    const exports = log.body.results.flatMap((row) =>
      row.sections.filter((section) => section.kind === 'export').map((section) => ({ ...section, userId: row.userId, entityName: row.entityName })),
    );
    expect(exports.map((row) => ({ userId: row.userId, sectionId: row.sectionId, sectionTitle: row.sectionTitle, entityName: row.entityName }))).toEqual([
      { userId: sectionAdvisor.userId, sectionId: sharedSectionId, sectionTitle: sharedTitle, entityName: 'Ακρόπολις Advisors' },
    ]);
    // The family's own exports are not advisor access: none of them is in the log.
    expect(log.body.results.some((row) => row.userId === owner.userId)).toBe(false);
  });
});

describe("the options in an advisor's plan book", () => {
  // After the access-log test above: this export adds its own records.
  it('holds no category of the unshared section with empty categories kept, on Letter paper', async () => {
    const text = expectPdf(
      await sectionAdvisor.client.call('exportPlanBook', {
        params: { familyId: family.familyId },
        body: { leaveOutEmptyCategories: false, pageSize: 'Letter' },
      }),
      /plan-book/,
    );
    expect(text).toContain('Relationships');
    for (const hidden of ['Our Values', 'How We Help Each Other', 'Measuring Progress', 'Secret family value', noteText]) expect(text).not.toContain(hidden);
  });
});
