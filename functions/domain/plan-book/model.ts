import { goalTerms, priorities, type GoalTerm, type Priority } from '../../../shared/enums';
import type { ActionPointItem, GoalItem, LinkableKind, TakeawayItem } from '../../records/items';
import type { CanvasContext } from '../canvas/context';
import { visibleLinks } from '../canvas/views';

/**
 * What a plan book holds, as plain data: the chosen sections of the canvas the caller sees,
 * with names resolved. Built from the canvas context only (visibility comes from
 * `context.canSee`, links through `visibleLinks`), so the PDF layout (document.ts) never
 * decides what someone may see.
 */

export type PlanBookLink = { title: string; categoryTitle: string | null };

export type PlanBookAnswer = { text: string; author: string; voteCount: number };
export type PlanBookQuestion = { text: string; answers: PlanBookAnswer[] };
export type PlanBookTakeaway = { title: string; text: string | null; initiator: string | null; voters: string[]; goals: PlanBookLink[] };
export type PlanBookGoal = {
  title: string;
  text: string | null;
  initiator: string | null;
  goalTerm: GoalTerm;
  completed: boolean;
  dueDate: string | null;
  takeaways: PlanBookLink[];
  actionPoints: PlanBookLink[];
};
export type PlanBookActionPoint = {
  title: string;
  text: string | null;
  initiator: string | null;
  assignee: string | null;
  priority: Priority;
  completed: boolean;
  dueDate: string | null;
  goals: PlanBookLink[];
};
export type PlanBookCategory = {
  title: string;
  colorCode: string;
  questions: PlanBookQuestion[];
  takeaways: PlanBookTakeaway[];
  goals: PlanBookGoal[];
  actionPoints: PlanBookActionPoint[];
};
export type PlanBookSection = { id: number; title: string; categories: PlanBookCategory[] };

export type PlanBook = {
  familyName: string;
  canvasTitle: string;
  /** When it was made (ISO); the cover and file name show the day. */
  exportedAt: string;
  exportedBy: string;
  /** The advisor company's name when an advisor exports; null for the family's own. */
  advisorCompanyName: string | null;
  includeAnswers: boolean;
  /** Categories nobody has written in are left out (see isEmptyCategory). */
  leaveOutEmptyCategories: boolean;
  sections: PlanBookSection[];
  /** The 'Goals and actions' tab over the book's sections: goals by term, action points by priority. */
  overview: {
    goals: Array<{ goalTerm: GoalTerm; items: Array<{ title: string; categoryTitle: string; completed: boolean; dueDate: string | null }> }>;
    actionPoints: Array<{
      priority: Priority;
      items: Array<{ title: string; categoryTitle: string; assignee: string | null; completed: boolean; dueDate: string | null }>;
    }>;
  };
};

export type PlanBookPeople = { nameOf: (userId: string | null | undefined) => string | null };

export type PlanBookOptions = {
  /** The sections to include, already checked to be visible; in canvas order in the book. */
  sectionIds: readonly number[];
  includeAnswers: boolean;
  leaveOutEmptyCategories: boolean;
  familyName: string;
  exportedAt: string;
  exportedBy: string;
  advisorCompanyName: string | null;
};

const bySequence = <T extends { sequenceNumber: number }>(a: T, b: T) => a.sequenceNumber - b.sequenceNumber;
const byCreation = <T extends { createdAt: string; id: string }>(a: T, b: T) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An item's due date when it has one (YYYY-MM-DD). Goals and action points get `dueDate`
 * in a later change; until then no stored item has one and nothing is shown.
 */
export function dueDateOf(item: object): string | null {
  const value = (item as { dueDate?: unknown }).dueDate;
  return typeof value === 'string' && isoDay.test(value) ? value : null;
}

/**
 * A category nobody has written in: no answer, no active takeaway, no goal, no action point.
 * The template's questions alone do not fill it (with the answers included, its unanswered
 * questions would show 'No answers yet.').
 */
export function isEmptyCategory(category: PlanBookCategory): boolean {
  return (
    category.questions.every((question) => question.answers.length === 0) &&
    category.takeaways.length + category.goals.length + category.actionPoints.length === 0
  );
}

/** Every user id the book names: authors, initiators, assignees, voters of the chosen sections. */
export function userIdsOf(context: CanvasContext, sectionIds: readonly number[]): Set<string> {
  const chosen = new Set(sectionIds);
  const ids = new Set<string>();
  const { snapshot } = context;
  for (const answer of snapshot.answers.values()) {
    if (!chosen.has(answer.sectionId)) continue;
    ids.add(answer.createdByUserId);
  }
  for (const takeaway of snapshot.takeaways.values()) {
    if (!chosen.has(takeaway.sectionId) || takeaway.archived === true) continue;
    if (takeaway.initiatorId) ids.add(takeaway.initiatorId);
    for (const voter of takeaway.voterIds ?? []) ids.add(voter);
  }
  for (const goal of snapshot.goals.values()) if (chosen.has(goal.sectionId) && goal.initiatorId) ids.add(goal.initiatorId);
  for (const actionPoint of snapshot.actionPoints.values()) {
    if (!chosen.has(actionPoint.sectionId)) continue;
    if (actionPoint.initiatorId) ids.add(actionPoint.initiatorId);
    if (actionPoint.assigneeId) ids.add(actionPoint.assigneeId);
  }
  return ids;
}

export function buildPlanBook(context: CanvasContext, options: PlanBookOptions, people: PlanBookPeople): PlanBook {
  const { snapshot } = context;
  // Defence in depth: the caller checked the ids; nothing of a section the caller cannot see gets in.
  const chosen = new Set(options.sectionIds.filter((id) => context.canSee(id)));
  const categoryTitle = (categoryId: number) => snapshot.categories.get(categoryId)?.title ?? '';
  const nameOf = (userId: string | null | undefined) => (userId ? (people.nameOf(userId) ?? null) : null);

  const linksTo = (kind: LinkableKind, ids: ReadonlySet<string> | undefined, fromCategoryId: number): PlanBookLink[] =>
    visibleLinks(context, kind, ids)
      .map((id) => snapshot.contentMap(kind).get(id))
      .filter((item): item is TakeawayItem | GoalItem | ActionPointItem => item !== undefined)
      .sort(byCreation)
      .map((item) => ({ title: item.title, categoryTitle: item.categoryId === fromCategoryId ? null : categoryTitle(item.categoryId) }));

  const inCategory = <T extends { categoryId: number; createdAt: string; id: string }>(items: Iterable<T>, categoryId: number) =>
    [...items].filter((item) => item.categoryId === categoryId).sort(byCreation);

  const sections = [...snapshot.sections.values()]
    .filter((section) => chosen.has(section.id))
    .sort(bySequence)
    .map((section) => ({
      id: section.id,
      title: section.title,
      categories: [...snapshot.categories.values()]
        .filter((category) => category.sectionId === section.id)
        .sort(bySequence)
        .map((category): PlanBookCategory => {
          const answers = inCategory(snapshot.answers.values(), category.id);
          return {
            title: category.title,
            colorCode: category.colorCode,
            questions: options.includeAnswers
              ? [...snapshot.questions.values()]
                  .filter((question) => question.categoryId === category.id)
                  .sort(bySequence)
                  .map((question) => ({
                    text: question.text,
                    answers: answers
                      .filter((answer) => answer.questionId === question.id)
                      .map((answer) => ({ text: answer.text, author: nameOf(answer.createdByUserId) ?? '', voteCount: answer.voterIds?.size ?? 0 })),
                  }))
              : [],
            takeaways: inCategory(snapshot.takeaways.values(), category.id)
              .filter((takeaway) => takeaway.archived !== true)
              .map((takeaway) => ({
                title: takeaway.title,
                text: takeaway.text ?? null,
                initiator:
                  nameOf(takeaway.initiatorId) ?? (takeaway.initiator ? `${takeaway.initiator.firstName} ${takeaway.initiator.lastName}`.trim() : null),
                voters: [...(takeaway.voterIds ?? [])].map((id) => nameOf(id) ?? '').sort((a, b) => a.localeCompare(b)),
                goals: linksTo('goal', takeaway.linkedGoalIds, category.id),
              })),
            goals: sortBy(inCategory(snapshot.goals.values(), category.id), goalTerms, (goal) => goal.goalTerm).map((goal) => ({
              title: goal.title,
              text: goal.text ?? null,
              initiator: nameOf(goal.initiatorId),
              goalTerm: goal.goalTerm,
              completed: goal.completed === true,
              dueDate: dueDateOf(goal),
              takeaways: linksTo('takeaway', goal.linkedTakeawayIds, category.id),
              actionPoints: linksTo('actionPoint', goal.linkedActionPointIds, category.id),
            })),
            actionPoints: sortBy(inCategory(snapshot.actionPoints.values(), category.id), priorities, (item) => item.priority).map((actionPoint) => ({
              title: actionPoint.title,
              text: actionPoint.text ?? null,
              initiator: nameOf(actionPoint.initiatorId),
              assignee: nameOf(actionPoint.assigneeId),
              priority: actionPoint.priority,
              completed: actionPoint.completed === true,
              dueDate: dueDateOf(actionPoint),
              goals: linksTo('goal', actionPoint.linkedGoalIds, category.id),
            })),
          };
        })
        .filter((category) => !options.leaveOutEmptyCategories || !isEmptyCategory(category)),
    }));

  const categoryOrder = new Map(
    [...snapshot.categories.values()]
      .sort(
        (a, b) =>
          (snapshot.sections.get(a.sectionId)?.sequenceNumber ?? 0) - (snapshot.sections.get(b.sectionId)?.sequenceNumber ?? 0) ||
          a.sequenceNumber - b.sequenceNumber,
      )
      .map((category, index) => [category.id, index]),
  );
  const inBook = <T extends { sectionId: number; categoryId: number; createdAt: string; id: string }>(items: Iterable<T>) =>
    [...items]
      .filter((item) => chosen.has(item.sectionId))
      .sort((a, b) => (categoryOrder.get(a.categoryId) ?? 0) - (categoryOrder.get(b.categoryId) ?? 0) || byCreation(a, b));
  const goals = inBook(snapshot.goals.values());
  const actionPoints = inBook(snapshot.actionPoints.values());

  return {
    familyName: options.familyName,
    canvasTitle: snapshot.meta?.title ?? '',
    exportedAt: options.exportedAt,
    exportedBy: options.exportedBy,
    advisorCompanyName: options.advisorCompanyName,
    includeAnswers: options.includeAnswers,
    leaveOutEmptyCategories: options.leaveOutEmptyCategories,
    sections,
    overview: {
      goals: goalTerms.map((goalTerm) => ({
        goalTerm,
        items: openFirst(goals.filter((goal) => goal.goalTerm === goalTerm)).map((goal) => ({
          title: goal.title,
          categoryTitle: categoryTitle(goal.categoryId),
          completed: goal.completed === true,
          dueDate: dueDateOf(goal),
        })),
      })),
      actionPoints: priorities.map((priority) => ({
        priority,
        items: openFirst(actionPoints.filter((item) => item.priority === priority)).map((item) => ({
          title: item.title,
          categoryTitle: categoryTitle(item.categoryId),
          assignee: nameOf(item.assigneeId),
          completed: item.completed === true,
          dueDate: dueDateOf(item),
        })),
      })),
    },
  };
}

/** Items in the order of their key's list (term, priority), keeping the order within a key. */
function sortBy<T, K>(items: T[], order: readonly K[], keyOf: (item: T) => K): T[] {
  return [...items].sort((a, b) => order.indexOf(keyOf(a)) - order.indexOf(keyOf(b)));
}

/** As the tab shows them: open items, then the completed ones. */
function openFirst<T extends { completed: boolean }>(items: T[]): T[] {
  return [...items.filter((item) => item.completed !== true), ...items.filter((item) => item.completed === true)];
}
