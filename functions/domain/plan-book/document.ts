import type { GoalTerm, Priority } from '../../../shared/enums';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { PlanBook, PlanBookActionPoint, PlanBookCategory, PlanBookGoal, PlanBookLink, PlanBookTakeaway } from './model';
import { fontFamily } from './render';

/**
 * The plan book's layout (pdfmake's document definition): a cover, the contents, a chapter
 * per section with its categories, and the 'Goals and actions' overview; the family name
 * and page numbers in every footer. The words are the web app's (en-US), dates day.month.year.
 */

export const goalTermLabels: Record<GoalTerm, string> = { ShortTerm: 'Short term', MidTerm: 'Mid term', LongTerm: 'Long term', NoTerm: 'No term' };
export const priorityLabels: Record<Priority, string> = {
  HighPriority: 'High priority',
  MediumPriority: 'Medium priority',
  LowPriority: 'Low priority',
  NoPriority: 'No priority',
};

/** 2026-11-24 or an ISO instant → 24.11.2026 (the day in UTC). */
export function formatDay(value: string): string {
  const [year, month, day] = value.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}

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

function cover(book: PlanBook): Content[] {
  return [
    { text: 'Plan book', style: 'coverKicker', margin: [0, 160, 0, 8] },
    { text: book.familyName, style: 'coverTitle' },
    { text: book.canvasTitle, style: 'coverSubtitle', margin: [0, 4, 0, 48] },
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 499, y2: 0, lineWidth: 0.5, lineColor: rule }], margin: [0, 0, 0, 16] },
    ...fact('Exported on', formatDay(book.exportedAt)),
    ...fact('Exported by', book.exportedBy),
    ...fact('Advisor company', book.advisorCompanyName),
    ...fact('Contains', book.includeAnswers ? 'questions and answers, takeaways, goals and action points' : 'takeaways, goals and action points (no answers)'),
    { text: '', pageBreak: 'after' },
  ];
}

function questions(category: PlanBookCategory): Content[] {
  if (category.questions.length === 0) return [];
  return [
    { text: 'Questions and answers', style: 'h3' },
    ...category.questions.map((question): Content => ({
      stack: [
        { text: question.text, style: 'question' },
        question.answers.length
          ? {
              ul: question.answers.map((answer) => ({
                text: [
                  answer.text,
                  { text: ` — ${answer.author}${answer.voteCount ? `, ${plural(answer.voteCount, 'vote', 'votes')}` : ''}`, color: muted, italics: true },
                ],
              })),
              style: 'answers',
            }
          : { text: 'No answers yet.', style: 'empty' },
      ],
      unbreakable: question.answers.length < 6,
    })),
  ];
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

function group<T>(title: string, items: readonly T[], render: (item: T) => Content): Content[] {
  return items.length ? [{ text: title, style: 'h3' }, ...items.map(render)] : [];
}

function category(item: PlanBookCategory): Content[] {
  const isEmpty = item.questions.length + item.takeaways.length + item.goals.length + item.actionPoints.length === 0;
  return [
    {
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
    },
    ...questions(item),
    ...group('Takeaways', item.takeaways, takeaway),
    ...group('Goals', item.goals, goal),
    ...group('Action points', item.actionPoints, actionPoint),
    ...(isEmpty ? [{ text: 'Nothing here yet.', style: 'empty' } as Content] : []),
  ];
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
  const table = (widths: Array<string | number>, titles: string[], rows: string[][]): Content => ({
    table: { headerRows: 1, widths, body: [header(titles), ...rows] },
    layout: {
      hLineColor: () => rule,
      vLineWidth: () => 0,
      hLineWidth: (index: number) => (index <= 1 ? 0.8 : 0.3),
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    style: 'table',
  });
  return [
    { text: 'Goals and actions', style: 'h1', tocItem: true, pageBreak: 'before' },
    { text: 'Goals', style: 'h3' },
    goalRows.length ? table([62, '*', 110, 52, 52], ['Term', 'Goal', 'Category', 'Due', 'Status'], goalRows) : { text: 'No goals.', style: 'empty' },
    { text: 'Action points', style: 'h3' },
    actionRows.length
      ? table([62, '*', 90, 80, 52, 52], ['Priority', 'Action point', 'Category', 'Assigned to', 'Due', 'Status'], actionRows)
      : { text: 'No action points.', style: 'empty' },
  ];
}

export function planBookDocument(book: PlanBook): TDocumentDefinitions {
  const day = formatDay(book.exportedAt);
  return {
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 56],
    info: {
      title: `${book.familyName}: plan book, ${day}`,
      author: book.exportedBy,
      subject: book.canvasTitle,
      creator: 'Family Canvas',
      producer: 'Family Canvas',
    },
    language: 'en-US',
    defaultStyle: { font: fontFamily, fontSize: 10, lineHeight: 1.25, color: ink },
    footer: (currentPage: number, pageCount: number) => ({
      columns: [
        { text: book.familyName, alignment: 'left' },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right' },
      ],
      margin: [48, 20, 48, 0],
      fontSize: 8,
      color: muted,
    }),
    content: [
      ...cover(book),
      { toc: { title: { text: 'Contents', style: 'h1' }, numberStyle: { color: muted } } },
      ...book.sections.flatMap((section): Content[] => [
        { text: section.title, style: 'h1', tocItem: true, tocStyle: { bold: true }, pageBreak: 'before' },
        ...section.categories.flatMap(category),
      ]),
      ...overview(book),
    ],
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
