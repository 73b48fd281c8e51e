import { voteIdOf } from '../../../shared/contract-limits';
import type {
  ActionPoint,
  Answer,
  Canvas,
  CanvasAbilities,
  CanvasCategory,
  CanvasSection,
  CategoryResponse,
  Goal,
  LinkedItem,
  Question,
  SectionResponse,
  Takeaway,
} from '../../../shared/contracts/canvas';
import { anotherAdvisorId } from '../../../shared/another-advisor';
import type { DashboardFamily } from '../../../shared/contracts/work-relations';
import { canChooseAdvisorCompanyVisibility, canDeleteOthersCanvasItems, canEditCanvas, canEditCanvasTitle, canResetCanvas } from '../../../shared/permissions';
import type { ActionPointItem, AnswerItem, CategoryItem, GoalItem, LinkableKind, QuestionItem, SectionItem, TakeawayItem } from '../../records/items';
import type { CanvasContext } from './context';
import { now } from '../../lib/clock';
import { accessEndsSoon } from '../access/access-until';

/**
 * The caller's view of a canvas: only visible sections, and in them only visible content;
 * a link to an item the caller cannot see is left out as if it did not exist. Every field
 * docs/product/canvas.md#fields names is there under its name (the spec's client reads them; who voted is
 * shown to the canvas's readers, a product decision), with conveniences beside them.
 */

const bySequence = <T extends { sequenceNumber: number }>(a: T, b: T) => a.sequenceNumber - b.sequenceNumber;
const byCreation = <T extends { createdAt: string; id: string }>(a: T, b: T) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export function abilitiesOf(context: CanvasContext): CanvasAbilities {
  const { access } = context;
  return {
    accessKind: access.kind,
    workRelationRoleId: access.kind === 'workRelation' ? access.workRelationRoleId : null,
    canEditCanvas: canEditCanvas(access),
    canEditCanvasTitle: canEditCanvasTitle(access),
    canResetCanvas: canResetCanvas(access),
    canDeleteOthersItems: canDeleteOthersCanvasItems(access),
    canChooseAdvisorCompanyVisibility: canChooseAdvisorCompanyVisibility(access),
  };
}

/** Linked ids the caller may see: the target exists and sits in a visible section. */
export function visibleLinks(context: CanvasContext, targetKind: LinkableKind, ids: ReadonlySet<string> | undefined): string[] {
  if (!ids) return [];
  const targets = context.snapshot.contentMap(targetKind);
  return [...ids]
    .filter((id) => {
      const target = targets.get(id);
      return target !== undefined && context.canSee(target.sectionId);
    })
    .sort();
}

/** A person as the caller may see them: another advisor company's person is "another advisor" (no id). */
export function personIdFor(context: Pick<CanvasContext, 'otherCompanyPeople'>, userId: string): string;
export function personIdFor(context: Pick<CanvasContext, 'otherCompanyPeople'>, userId: string | null): string | null;
export function personIdFor(context: Pick<CanvasContext, 'otherCompanyPeople'>, userId: string | null): string | null {
  return userId !== null && context.otherCompanyPeople?.has(userId) === true ? anotherAdvisorId : userId;
}

/** The voters of an answer or takeaway in a stable order, with the conveniences. */
function votersOf(context: CanvasContext, itemId: string) {
  const voters = context.snapshot.votersOf(itemId);
  return { voterIds: [...voters].sort(), voteCount: voters.size, hasVoted: voters.has(context.userId) };
}

/** The votes list of an item: each vote's id is the item and voter, or a count for "another advisor". */
function votesOf<K extends 'answerId' | 'takeawayId'>(context: CanvasContext, itemId: string, voterIds: string[], itemField: K) {
  return voterIds.map((voterId, index) => {
    const userId = personIdFor(context, voterId);
    const id = userId === voterId ? voteIdOf(itemId, voterId) : `${itemId}:${anotherAdvisorId}-${index}`;
    return { id, userId, [itemField]: itemId } as { id: string; userId: string } & Record<K, string>;
  });
}

/**
 * Who created an item and when, its version, and whether someone else changed it since the
 * caller's previous visit (recordRead sets it): the fields every content view ends with.
 */
function authorshipOf(
  context: CanvasContext,
  item: { version: number; createdAt: string; createdByUserId: string; changedAt?: string; changedByUserId?: string },
) {
  const since = context.previousVisitAt;
  const changedAt = item.changedAt ?? item.createdAt;
  const changedBy = item.changedByUserId ?? item.createdByUserId;
  return {
    createdByUserId: personIdFor(context, item.createdByUserId),
    createdDate: item.createdAt,
    version: item.version,
    changedSinceLastVisit: Boolean(since) && changedAt > (since as string) && changedBy !== context.userId,
  };
}

/** The fields a takeaway, goal and action point begin with. */
function headOf(item: { id: string; categoryId: number; title: string; text?: string | null }) {
  return { id: item.id, categoryId: item.categoryId, title: item.title, text: item.text ?? null };
}

export function toAnswer(context: CanvasContext, answer: AnswerItem): Answer {
  const { voterIds, voteCount, hasVoted } = votersOf(context, answer.id);
  return {
    id: answer.id,
    questionId: answer.questionId,
    text: answer.text,
    ...authorshipOf(context, answer),
    votes: votesOf(context, answer.id, voterIds, 'answerId'),
    voteCount,
    hasVoted,
  };
}

export function toTakeaway(context: CanvasContext, takeaway: TakeawayItem): Takeaway {
  const { voterIds, voteCount, hasVoted } = votersOf(context, takeaway.id);
  const initiatorId = takeaway.initiatorId ?? null;
  const linkedGoalIds = visibleLinks(context, 'goal', takeaway.linkedGoalIds);
  const goals = context.snapshot.goals;
  return {
    ...headOf(takeaway),
    initiatorId,
    initiator: initiatorId === null ? null : { id: initiatorId, firstName: takeaway.initiator?.firstName ?? '', lastName: takeaway.initiator?.lastName ?? '' },
    archived: takeaway.archived === true,
    linkedGoalIds,
    linkedGoals: linkedGoalIds.flatMap((id) => {
      const goal = goals.get(id);
      return goal ? [{ id, categoryId: goal.categoryId, title: goal.title, completed: goal.completed === true }] : [];
    }),
    ...authorshipOf(context, takeaway),
    votes: votesOf(context, takeaway.id, voterIds, 'takeawayId'),
    voteCount,
    hasVoted,
  };
}

export function toGoal(context: CanvasContext, goal: GoalItem): Goal {
  return {
    ...headOf(goal),
    initiatorId: goal.initiatorId ?? null,
    goalTerm: goal.goalTerm,
    dueDate: goal.dueDate ?? null,
    completed: goal.completed === true,
    linkedTakeawayIds: visibleLinks(context, 'takeaway', goal.linkedTakeawayIds),
    linkedActionPointIds: visibleLinks(context, 'actionPoint', goal.linkedActionPointIds),
    ...authorshipOf(context, goal),
  };
}

export function toActionPoint(context: CanvasContext, actionPoint: ActionPointItem): ActionPoint {
  return {
    ...headOf(actionPoint),
    initiatorId: actionPoint.initiatorId ?? null,
    assigneeId: personIdFor(context, actionPoint.assigneeId ?? null),
    priority: actionPoint.priority,
    dueDate: actionPoint.dueDate ?? null,
    completed: actionPoint.completed === true,
    linkedGoalIds: visibleLinks(context, 'goal', actionPoint.linkedGoalIds),
    ...authorshipOf(context, actionPoint),
  };
}

/** Content of every visible category, grouped by category id, in creation order. */
function groupByCategory<T extends { categoryId: number; sectionId: number; createdAt: string; id: string }>(
  context: CanvasContext,
  items: Iterable<T>,
  keep: (item: T) => boolean = () => true,
): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    if (!context.canSee(item.sectionId) || !keep(item)) continue;
    let group = groups.get(item.categoryId);
    if (!group) groups.set(item.categoryId, (group = []));
    group.push(item);
  }
  for (const group of groups.values()) group.sort(byCreation);
  return groups;
}

type Groups = {
  takeaways: Map<number, TakeawayItem[]>;
  goals: Map<number, GoalItem[]>;
  actionPoints: Map<number, ActionPointItem[]>;
};

/** The overview groups: active takeaways only (cards show those), all goals and action points. */
function overviewGroups(context: CanvasContext): Groups {
  const { snapshot } = context;
  return {
    takeaways: groupByCategory(context, snapshot.takeaways.values(), (takeaway) => takeaway.archived !== true),
    goals: groupByCategory(context, snapshot.goals.values()),
    actionPoints: groupByCategory(context, snapshot.actionPoints.values()),
  };
}

/** The spec's fields of a category (docs/product/canvas.md#fields). */
function categoryFieldsOf(category: CategoryItem) {
  return {
    id: category.id,
    sectionId: category.sectionId,
    categoryTypeId: category.categoryTypeId,
    title: category.title,
    colorCode: category.colorCode,
    createdByUserId: category.createdByUserId,
    sequenceNumber: category.sequenceNumber,
  };
}

/** The spec's fields of a section (docs/product/canvas.md#fields); the canvas id is the family id. */
function sectionFieldsOf(context: CanvasContext, section: SectionItem) {
  return {
    id: section.id,
    canvasId: context.familyId,
    familyId: context.familyId,
    createdByUserId: section.createdByUserId,
    sectionTypeId: section.sectionTypeId,
    title: section.title,
    sequenceNumber: section.sequenceNumber,
  };
}

function toCanvasCategory(context: CanvasContext, category: CategoryItem, groups: Groups): CanvasCategory {
  return {
    ...categoryFieldsOf(category),
    takeaways: (groups.takeaways.get(category.id) ?? []).map((item) => toTakeaway(context, item)),
    goals: (groups.goals.get(category.id) ?? []).map((item) => toGoal(context, item)),
    actionPoints: (groups.actionPoints.get(category.id) ?? []).map((item) => toActionPoint(context, item)),
  };
}

function toCanvasSection(context: CanvasContext, section: SectionItem, categories: CategoryItem[], groups: Groups): CanvasSection {
  return {
    ...sectionFieldsOf(context, section),
    categories: categories.filter((category) => category.sectionId === section.id).map((category) => toCanvasCategory(context, category, groups)),
  };
}

function visibleSections(context: CanvasContext): SectionItem[] {
  return [...context.snapshot.sections.values()].filter((section) => context.canSee(section.id)).sort(bySequence);
}

function sortedCategories(context: CanvasContext): CategoryItem[] {
  return [...context.snapshot.categories.values()].sort(bySequence);
}

/** GET /canvas: the visible sections with their categories, active takeaways, goals and action points. */
export function toCanvas(context: CanvasContext): Canvas {
  const groups = overviewGroups(context);
  const categories = sortedCategories(context);
  const { access } = context;
  return {
    id: context.familyId,
    title: context.snapshot.meta?.title ?? '',
    entityId: context.familyId,
    sections: visibleSections(context).map((section) => toCanvasSection(context, section, categories, groups)),
    workRelationMemberPermissions: access.kind === 'workRelation' ? [...access.workRelationPermissions] : [],
    abilities: abilitiesOf(context),
    advisorCompaniesVisibleToAdvisors: context.snapshot.meta?.advisorCompaniesVisibleToAdvisors === true,
    ...accessEndsOf(context),
  };
}

/** An advisor's canvas says when their company's access ends, a week ahead (../work-relations/access-until.ts accessEndsSoon). */
function accessEndsOf(context: CanvasContext): { accessEndsOn?: string } {
  const { access } = context;
  if (access.kind !== 'workRelation') return {};
  const endsOn = accessEndsSoon(context.snapshot.workRelations.get(access.membership.entityId)?.accessUntil, now());
  return endsOn ? { accessEndsOn: endsOn } : {};
}

/** GET /canvas/section/{id}: one visible section, like the overview shows it. */
export function toSection(context: CanvasContext, section: SectionItem): SectionResponse {
  return {
    ...toCanvasSection(context, section, sortedCategories(context), overviewGroups(context)),
    canvasTitle: context.snapshot.meta?.title ?? '',
    abilities: abilitiesOf(context),
  };
}

function toQuestion(context: CanvasContext, question: QuestionItem, answers: AnswerItem[]): Question {
  return {
    id: question.id,
    categoryId: question.categoryId,
    question: question.text,
    sequenceNumber: question.sequenceNumber,
    answers: answers.filter((answer) => answer.questionId === question.id).map((answer) => toAnswer(context, answer)),
  };
}

const closedOf = (item: TakeawayItem | GoalItem | ActionPointItem) => (item.type === 'Takeaway' ? item.archived === true : item.completed === true);

/** GET /canvas/category/{id}: questions with answers, every takeaway (archived too), goals, action points. */
export function toCategory(context: CanvasContext, category: CategoryItem): CategoryResponse {
  const { snapshot } = context;
  const inCategory = <T extends { categoryId: number; createdAt: string; id: string }>(items: Iterable<T>) =>
    [...items].filter((item) => item.categoryId === category.id).sort(byCreation);
  const answers = inCategory(snapshot.answers.values());
  const takeaways = inCategory(snapshot.takeaways.values()).map((item) => toTakeaway(context, item));
  const goals = inCategory(snapshot.goals.values()).map((item) => toGoal(context, item));
  const actionPoints = inCategory(snapshot.actionPoints.values()).map((item) => toActionPoint(context, item));

  // Items of other categories that this category's items link to (already filtered to visible ones).
  const elsewhere = { takeaway: new Set<string>(), goal: new Set<string>(), actionPoint: new Set<string>() };
  for (const takeaway of takeaways) for (const id of takeaway.linkedGoalIds) elsewhere.goal.add(id);
  for (const goal of goals) {
    for (const id of goal.linkedTakeawayIds) elsewhere.takeaway.add(id);
    for (const id of goal.linkedActionPointIds) elsewhere.actionPoint.add(id);
  }
  for (const actionPoint of actionPoints) for (const id of actionPoint.linkedGoalIds) elsewhere.goal.add(id);
  const linked = (kind: LinkableKind): LinkedItem[] =>
    [...elsewhere[kind]]
      .map((id) => snapshot.contentMap(kind).get(id))
      .filter((item): item is TakeawayItem | GoalItem | ActionPointItem => item !== undefined && item.categoryId !== category.id)
      .sort(byCreation)
      .map((item) => ({ id: item.id, categoryId: item.categoryId, title: item.title, isClosed: closedOf(item) }));

  return {
    ...categoryFieldsOf(category),
    familyId: context.familyId,
    questions: [...snapshot.questions.values()]
      .filter((question) => question.categoryId === category.id)
      .sort(bySequence)
      .map((question) => toQuestion(context, question, answers)),
    takeaways,
    goals,
    actionPoints,
    linkedElsewhere: { takeaways: linked('takeaway'), goals: linked('goal'), actionPoints: linked('actionPoint') },
    abilities: abilitiesOf(context),
  };
}

/**
 * A family card of the advisor dashboard (docs/product/dashboard.md#screens): the visible sections by
 * sequence number, their categories, and each category's active takeaways — every field
 * the spec names, as on the canvas; goals and action points stay on the canvas.
 */
/** How many visible items others created or changed since the caller last saw the canvas (every one before a first visit). */
export function changesSinceLastVisit(context: CanvasContext): number {
  const since = context.snapshot.visits.get(context.userId)?.lastSeenAt ?? '';
  let count = 0;
  for (const kind of ['answer', 'takeaway', 'goal', 'actionPoint'] as const) {
    for (const item of context.snapshot.contentMap(kind).values()) {
      if (!context.canSee(item.sectionId)) continue;
      if ((item.changedAt ?? item.createdAt) > since && (item.changedByUserId ?? item.createdByUserId) !== context.userId) count += 1;
    }
  }
  return count;
}

export function toDashboardCanvas(context: CanvasContext): NonNullable<DashboardFamily['canvas']> {
  const categories = sortedCategories(context);
  const takeaways = groupByCategory(context, context.snapshot.takeaways.values(), (takeaway) => takeaway.archived !== true);
  return {
    id: context.familyId,
    title: context.snapshot.meta?.title ?? '',
    sections: visibleSections(context).map((section) => ({
      ...sectionFieldsOf(context, section),
      categories: categories
        .filter((category) => category.sectionId === section.id)
        .map((category) => ({
          ...categoryFieldsOf(category),
          takeaways: (takeaways.get(category.id) ?? []).map((takeaway) => toTakeaway(context, takeaway)),
        })),
    })),
  };
}
