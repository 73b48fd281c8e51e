import { planBookDocument } from '../document';
import { buildPlanBook } from '../model';
import { renderPdf } from '../render';
import { fixtureContext, fixturePeople } from './fixture';

/** Renders the fixture book: built as a production bundle, it proves pdfmake and the fonts work inside the Lambda's ESM bundle. */
export async function handler(): Promise<Buffer> {
  const book = buildPlanBook(
    fixtureContext('family'),
    {
      sectionIds: [5001, 5002],
      includeAnswers: true,
      leaveOutEmptyCategories: true,
      familyName: 'Müller Family',
      exportedAt: '2026-11-24T09:30:00.000Z',
      exportedBy: 'Zoë',
      advisorCompanyName: null,
    },
    { nameOf: (id) => (id ? (fixturePeople[id] ?? null) : null) },
  );
  return renderPdf(planBookDocument(book));
}
