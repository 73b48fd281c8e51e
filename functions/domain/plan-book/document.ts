import { formatDay } from '../../../shared/dates';
import type { GoalTerm, Priority } from '../../../shared/enums';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { PlanBookPageSize } from '../../../shared/contracts/plan-book';
import type { PlanBook, PlanBookActionPoint, PlanBookCategory, PlanBookGoal, PlanBookLink, PlanBookTakeaway } from './model';
import { fontFamily } from './render';
import { artifactFooter, tagContent, type StructureTag } from './tagging';

/**
 * The plan book's layout (pdfmake's document definition): a cover, the contents, a chapter
 * per section with its categories, and the 'Goals and actions' overview; the family name
 * and page numbers in every footer. The words are the web app's (en-US), dates day.month.year.
 * A4 or US Letter. A heading never ends a page: it is laid out in one unbreakable block
 * with the first thing under it (keepWithNext). Tagged (tagging.ts): headings by style.
 */

/** Page sizes in points (pdfmake's own table: A4 595.28 × 841.89, Letter 612 × 792). */
export const pageWidths: Record<PlanBookPageSize, number> = { A4: 595.28, Letter: 612 };
const sideMargin = 48;

/** The structure element of a styled text: the headings; the rest are paragraphs. */
const headingOfStyle: Record<string, StructureTag> = { coverTitle: 'H1', h1: 'H1', h2: 'H2', h3: 'H3' };

/**
 * The headings with the first block under them in one unbreakable block, then the rest:
 * a heading cannot be left alone at the foot of a page. The first block is small (an
 * item, a short question, or a long question's text and first answer), so the group fits
 * on a page.
 */
function keepWithNext(headings: Content[], blocks: Content[]): Content[] {
  const [first, ...rest] = blocks;
  if (!first) return headings;
  return [{ stack: [...headings, first], unbreakable: true }, ...rest];
}

export const goalTermLabels: Record<GoalTerm, string> = { ShortTerm: 'Short term', MidTerm: 'Mid term', LongTerm: 'Long term', NoTerm: 'No term' };
export const priorityLabels: Record<Priority, string> = {
  HighPriority: 'High priority',
  MediumPriority: 'Medium priority',
  LowPriority: 'Low priority',
  NoPriority: 'No priority',
};

const ink = '#1f2937';
const muted = '#6b7280';
const rule = '#d1d5db';

const statusOf = (completed: boolean) => (completed ? 'Completed' : 'Open');
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const linkText = (link: PlanBookLink) => (link.categoryTitle ? `${link.title} (${link.categoryTitle})` : link.title);

/** A category colour from the canvas ('3B82F6' or '#3B82F6'), grey when it is not a hex colour. */
function colorOf(code: string): string {
  const hex = code.startsWith('#') ? code.slice(1) : code;
  return /^[0-9a-f]{6}$/i.test(hex) ? `#${hex}` : muted;
}

/** A label and a value on one line ("Assigned to: Maria Rivera"); nothing when the value is empty. */
function fact(label: string, value: string | null | undefined): Content[] {
  return value ? [{ text: [{ text: `${label}: `, color: muted }, value], style: 'fact' }] : [];
}

function links(label: string, items: readonly PlanBookLink[]): Content[] {
  return items.length ? fact(label, items.map(linkText).join('; ')) : [];
}

function body(text: string | null): Content[] {
  return text ? [{ text, style: 'body' }] : [];
}

function cover(book: PlanBook, contentWidth: number): Content[] {
  return [
    { text: 'Plan book', style: 'coverKicker', margin: [0, 160, 0, 8] },
    { text: book.familyName, style: 'coverTitle' },
    { text: book.canvasTitle, style: 'coverSubtitle', margin: [0, 4, 0, 48] },
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: contentWidth, y2: 0, lineWidth: 0.5, lineColor: rule }], margin: [0, 0, 0, 16] },
    ...fact('Exported on', formatDay(book.exportedAt.slice(0, 10))),
    ...fact('Exported by', book.exportedBy),
    ...fact('Advisor company', book.advisorCompanyName),
    ...fact('Contains', book.includeAnswers ? 'questions and answers, takeaways, goals and action points' : 'takeaways, goals and action points (no answers)'),
    { text: '', pageBreak: 'after' },
  ];
}

/** Questions with up to this many answers are kept on one page; a longer one is split after its first answer. */
const unbreakableAnswers = 6;

function answerList(answers: PlanBookCategory['questions'][number]['answers'], margin: [number, number, number, number]): Content {
  return {
    ul: answers.map((answer) => ({
      text: [
        answer.text,
        { text: ` — ${answer.author}${answer.voteCount ? `, ${plural(answer.voteCount, 'vote', 'votes')}` : ''}`, color: muted, italics: true },
      ],
    })),
    style: 'answers',
    margin,
  };
}

function question(item: PlanBookCategory['questions'][number]): Content[] {
  const title: Content = { text: item.text, style: 'question' };
  if (item.answers.length === 0) return [{ stack: [title, { text: 'No answers yet.', style: 'empty' }], unbreakable: true }];
  if (item.answers.length < unbreakableAnswers) return [{ stack: [title, answerList(item.answers, [8, 0, 0, 4])], unbreakable: true }];
  return [{ stack: [title, answerList(item.answers.slice(0, 1), [8, 0, 0, 0])], unbreakable: true }, answerList(item.answers.slice(1), [8, 0, 0, 4])];
}

function questions(category: PlanBookCategory): Array<{ heading: Content; blocks: Content[] }> {
  if (category.questions.length === 0) return [];
  return [{ heading: { text: 'Questions and answers', style: 'h3' }, blocks: category.questions.flatMap(question) }];
}

function takeaway(item: PlanBookTakeaway): Content {
  return {
    stack: [
      { text: item.title, style: 'itemTitle' },
      ...body(item.text),
      ...fact('Initiated by', item.initiator),
      ...fact('Votes', item.voters.length ? `${item.voters.length} (${item.voters.join(', ')})` : '0'),
      ...links('Goals', item.goals),
    ],
    style: 'item',
    unbreakable: true,
  };
}

function goal(item: PlanBookGoal): Content {
  return {
    stack: [
      { text: item.title, style: 'itemTitle' },
      ...body(item.text),
      ...fact('Term', goalTermLabels[item.goalTerm]),
      ...fact('Status', statusOf(item.completed)),
      ...fact('Due', item.dueDate ? formatDay(item.dueDate) : null),
      ...fact('Initiated by', item.initiator),
      ...links('Takeaways', item.takeaways),
      ...links('Action points', item.actionPoints),
    ],
    style: 'item',
    unbreakable: true,
  };
}

function actionPoint(item: PlanBookActionPoint): Content {
  return {
    stack: [
      { text: item.title, style: 'itemTitle' },
      ...body(item.text),
      ...fact('Priority', priorityLabels[item.priority]),
      ...fact('Assigned to', item.assignee),
      ...fact('Due', item.dueDate ? formatDay(item.dueDate) : null),
      ...fact('Status', statusOf(item.completed)),
      ...links('Goals', item.goals),
    ],
    style: 'item',
    unbreakable: true,
  };
}

function group<T>(title: string, items: readonly T[], render: (item: T) => Content): Array<{ heading: Content; blocks: Content[] }> {
  return items.length ? [{ heading: { text: title, style: 'h3' }, blocks: items.map(render) }] : [];
}

function category(item: PlanBookCategory): Content[] {
  const isEmpty = item.questions.length + item.takeaways.length + item.goals.length + item.actionPoints.length === 0;
  const title: Content = {
    table: {
      widths: [4, '*'],
      body: [
        [
          { text: '', fillColor: colorOf(item.colorCode) },
          { text: item.title, style: 'h2', tocItem: true, tocMargin: [16, 0, 0, 0] },
        ],
      ],
    },
    layout: 'noBorders',
    margin: [0, 14, 0, 6],
  };
  const groups = [
    ...questions(item),
    ...group('Takeaways', item.takeaways, takeaway),
    ...group('Goals', item.goals, goal),
    ...group('Action points', item.actionPoints, actionPoint),
  ];
  if (isEmpty || groups.length === 0) return keepWithNext([title], [{ text: 'Nothing here yet.', style: 'empty' }]);
  // The category's title goes with its first group's heading and first block.
  return groups.flatMap(({ heading, blocks }, index) => keepWithNext(index === 0 ? [title, heading] : [heading], blocks));
}

function section(item: PlanBook['sections'][number]): Content[] {
  const heading: Content = { text: item.title, style: 'h1', tocItem: true, tocStyle: { bold: true }, pageBreak: 'before' };
  // Every category left out as empty: the chosen section still says so.
  if (item.categories.length === 0) return [heading, { text: 'Nothing in this section yet.', style: 'empty' }];
  return [heading, ...item.categories.flatMap(category)];
}

function overview(book: PlanBook): Content[] {
  const header = (titles: string[]) => titles.map((text) => ({ text, style: 'tableHeader' }));
  const goalRows = book.overview.goals.flatMap(({ goalTerm, items }) =>
    items.map((item, index) => [
      index === 0 ? goalTermLabels[goalTerm] : '',
      item.title,
      item.categoryTitle,
      item.dueDate ? formatDay(item.dueDate) : '',
      statusOf(item.completed),
    ]),
  );
  const actionRows = book.overview.actionPoints.flatMap(({ priority, items }) =>
    items.map((item, index) => [
      index === 0 ? priorityLabels[priority] : '',
      item.title,
      item.categoryTitle,
      item.assignee ?? '',
      item.dueDate ? formatDay(item.dueDate) : '',
      statusOf(item.completed),
    ]),
  );
  // The heading is the table's first header row, kept with the column titles and the first row (keepWithHeaderRows).
  const table = (title: string, widths: Array<string | number>, titles: string[], rows: string[][]): Content => ({
    table: {
      headerRows: 2,
      keepWithHeaderRows: 1,
      widths,
      body: [[{ text: title, style: 'h3', colSpan: titles.length }, ...titles.slice(1).map(() => '')], header(titles), ...rows],
    },
    layout: {
      hLineColor: () => rule,
      vLineWidth: () => 0,
      hLineWidth: (index: number) => (index === 0 ? 0 : index <= 2 ? 0.8 : 0.3),
      paddingLeft: (index: number) => (index === 0 ? 0 : 4),
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    style: 'table',
  });
  const none = (title: string, text: string): Content => ({
    stack: [
      { text: title, style: 'h3' },
      { text, style: 'empty' },
    ],
    unbreakable: true,
  });
  return [
    { text: 'Goals and actions', style: 'h1', tocItem: true, pageBreak: 'before' },
    goalRows.length ? table('Goals', [62, '*', 110, 52, 52], ['Term', 'Goal', 'Category', 'Due', 'Status'], goalRows) : none('Goals', 'No goals.'),
    actionRows.length
      ? table('Action points', [62, '*', 90, 80, 52, 52], ['Priority', 'Action point', 'Category', 'Assigned to', 'Due', 'Status'], actionRows)
      : none('Action points', 'No action points.'),
  ];
}

export function planBookDocument(book: PlanBook, options: { pageSize?: PlanBookPageSize } = {}): TDocumentDefinitions {
  const day = formatDay(book.exportedAt.slice(0, 10));
  const pageSize = options.pageSize ?? 'A4';
  const contentWidth = pageWidths[pageSize] - 2 * sideMargin;
  return {
    pageSize: pageSize === 'Letter' ? 'LETTER' : 'A4',
    pageMargins: [sideMargin, 48, sideMargin, 56],
    // A tagged PDF (tagging.ts): structure tree, marked content, the language, the title in the reader's window.
    version: '1.7',
    tagged: true,
    displayTitle: true,
    info: {
      title: `${book.familyName}: plan book, ${day}`,
      author: book.exportedBy,
      subject: book.canvasTitle,
      creator: 'Family Canvas',
      producer: 'Family Canvas',
    },
    language: 'en-US',
    defaultStyle: { font: fontFamily, fontSize: 10, lineHeight: 1.25, color: ink },
    footer: artifactFooter((currentPage: number, pageCount: number) => ({
      columns: [
        { text: book.familyName, alignment: 'left' },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right' },
      ],
      margin: [sideMargin, 20, sideMargin, 0],
      fontSize: 8,
      color: muted,
    })),
    content: tagContent(
      [
        ...cover(book, contentWidth),
        { toc: { title: { text: 'Contents', style: 'h1' }, numberStyle: { color: muted } } },
        ...book.sections.flatMap(section),
        ...overview(book),
      ],
      (style) => (typeof style === 'string' ? headingOfStyle[style] : undefined),
    ),
    styles: {
      coverKicker: { fontSize: 12, color: muted },
      coverTitle: { fontSize: 30, bold: true },
      coverSubtitle: { fontSize: 16, color: muted },
      h1: { fontSize: 20, bold: true, margin: [0, 0, 0, 10] },
      h2: { fontSize: 14, bold: true, margin: [6, 1, 0, 1] },
      h3: { fontSize: 11, bold: true, color: muted, margin: [0, 10, 0, 4] },
      question: { bold: true, margin: [0, 6, 0, 2] },
      answers: { margin: [8, 0, 0, 4] },
      item: { margin: [0, 0, 0, 8] },
      itemTitle: { bold: true, fontSize: 10.5 },
      body: { margin: [0, 1, 0, 1] },
      fact: { fontSize: 9 },
      empty: { italics: true, color: muted, margin: [0, 2, 0, 4] },
      table: { fontSize: 8.5, margin: [0, 0, 0, 8] },
      tableHeader: { bold: true, color: muted },
    },
  };
}
