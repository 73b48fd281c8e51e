import {
  ActionPoint,
  Answer,
  Goal,
  Takeaway,
  voteIdOf,
  type Canvas,
  type CanvasCategory,
  type CategoryResponse,
  type LinkedItem,
} from '../../../../../shared/contracts/canvas';
import type { HistoryEvent } from '../../../../../shared/contracts/history';

/**
 * The catch-up after a reconnect without refetching (docs/product/live.md): a history event
 * read from GET /api/canvas/history (or a live change from a sender that sent no items)
 * applied to the cached overview (which also feeds the
 * goals-and-actions tab) and to a cached category page. An event carries the item's whole
 * stored state before and after the change (functions/domain/journal/journal.ts stateOf), so
 * a create, edit, completion, archive, vote, delete, restore or undo of an answer,
 * takeaway, goal or action point becomes the response shape the server would send
 * (functions/domain/canvas/views.ts), links on both sides included.
 *
 * Pure: the caller reads and writes the query cache. `refetch` is the answer whenever the
 * event cannot be applied exactly (a reset, sharing or advisor changes, an unknown kind,
 * links a reader limited to some sections does not get, a link change whose other side's
 * version cannot be told for sure): only that query is read again.
 *
 * Idempotent: an item already at the event's version (or newer) is left alone, so an event
 * seen twice (live and in the catch-up) adds nothing
 * twice and an older event never rolls a newer item back.
 */

export type PatchContext = {
  /** The signed-in user: their vote is `hasVoted`, their own change is not "changed since your last visit". */
  selfId: string | null;
};

export type PatchOutcome<T> = { kind: 'patched'; data: T } | { kind: 'unchanged' } | { kind: 'refetch' };

const unchanged = { kind: 'unchanged' } as const;
const refetch = { kind: 'refetch' } as const;

type State = Record<string, unknown>;
type ContentKind = 'answer' | 'takeaway' | 'goal' | 'actionPoint';
type LinkableKind = Exclude<ContentKind, 'answer'>;
type LinkField = 'linkedGoalIds' | 'linkedTakeawayIds' | 'linkedActionPointIds';
type ListName = 'takeaways' | 'goals' | 'actionPoints';
type LinkableItem = Takeaway | Goal | ActionPoint;

/** Actions that leave an answer, takeaway, goal or action point in the state `after` says (null: gone). */
const contentActions = new Set<HistoryEvent['action']>([
  'created',
  'updated',
  'deleted',
  'completed',
  'uncompleted',
  'archived',
  'unarchived',
  'voted',
  'unvoted',
  'restored',
  'reverted',
]);

const listOf: Record<LinkableKind, ListName> = { takeaway: 'takeaways', goal: 'goals', actionPoint: 'actionPoints' };

/** The link fields of each kind and the kind they point at (functions/domain/canvas/links.ts). */
const linkFieldsOf: Record<LinkableKind, ReadonlyArray<{ field: LinkField; target: LinkableKind }>> = {
  takeaway: [{ field: 'linkedGoalIds', target: 'goal' }],
  goal: [
    { field: 'linkedTakeawayIds', target: 'takeaway' },
    { field: 'linkedActionPointIds', target: 'actionPoint' },
  ],
  actionPoint: [{ field: 'linkedGoalIds', target: 'goal' }],
};

/** The field on the other item that points back at an item of this kind. */
const backLinkField: Record<LinkableKind, LinkField> = { takeaway: 'linkedTakeawayIds', goal: 'linkedGoalIds', actionPoint: 'linkedActionPointIds' };

const isContentKind = (itemType: string): itemType is ContentKind =>
  itemType === 'answer' || itemType === 'takeaway' || itemType === 'goal' || itemType === 'actionPoint';

const idsIn = (state: State | null, field: LinkField): string[] => {
  const value = state?.[field];
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
};

const isClosed = (kind: LinkableKind, state: State | LinkableItem): boolean =>
  kind === 'takeaway' ? (state as { archived?: unknown }).archived === true : (state as { completed?: unknown }).completed === true;

/** The order the server lists items in: by creation, then id. */
const byCreation = (a: { createdDate: string; id: string }, b: { createdDate: string; id: string }) =>
  a.createdDate.localeCompare(b.createdDate) || a.id.localeCompare(b.id);

function upsert<T extends { id: string; createdDate: string }>(list: readonly T[], item: T): T[] {
  const index = list.findIndex((entry) => entry.id === item.id);
  if (index >= 0) return list.map((entry, at) => (at === index ? item : entry));
  return [...list, item].sort(byCreation);
}

const without = <T extends { id: string }>(list: readonly T[], id: string): T[] => list.filter((entry) => entry.id !== id);

/** What the event says about its own item, checked once for every query. */
type ContentChange = {
  kind: ContentKind;
  itemId: string;
  before: State | null;
  after: State | null;
  isCreate: boolean;
  /** Whether the states carry the link lists (a reader limited to some sections gets them without). */
  linksKnown: boolean;
  /** Other items whose back-link this change adds or removes. */
  linkChanges: Array<{ target: LinkableKind; id: string; linked: boolean }>;
  /** The author's name for "changed since your last visit". */
  byOther: boolean;
};

function contentChangeOf(event: HistoryEvent, context: PatchContext, accessKind: 'own' | 'workRelation'): ContentChange | null {
  if (!isContentKind(event.itemType) || !contentActions.has(event.action)) return null;
  const { before, after } = event;
  if (before === null && after === null) return null;
  const kind = event.itemType;
  const linkChanges: ContentChange['linkChanges'] = [];
  let linksKnown = true;
  if (kind !== 'answer') {
    const fields = linkFieldsOf[kind];
    const carriesLinks = [before, after].some((state) => state !== null && fields.some(({ field }) => field in state));
    // The family's own canvas is read whole: a missing list is an empty one. An advisor limited to some sections gets none at all.
    linksKnown = carriesLinks || accessKind === 'own';
    for (const { field, target } of fields) {
      const was = new Set(idsIn(before, field));
      const is = new Set(idsIn(after, field));
      for (const id of is) if (!was.has(id)) linkChanges.push({ target, id, linked: true });
      for (const id of was) if (!is.has(id)) linkChanges.push({ target, id, linked: false });
    }
  }
  return { kind, itemId: event.itemId, before, after, isCreate: before === null, linksKnown, linkChanges, byOther: event.actor.userId !== context.selfId };
}

// ---- the response shapes (functions/domain/canvas/views.ts) -----------------------------------

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function votesOf(state: State, selfId: string | null) {
  const voterIds = (Array.isArray(state.voterIds) ? state.voterIds.filter((id): id is string => typeof id === 'string') : []).sort();
  return { voterIds, voteCount: voterIds.length, hasVoted: selfId !== null && voterIds.includes(selfId) };
}

function authoredOf(state: State, change: ContentChange) {
  return {
    createdByUserId: state.createdByUserId,
    createdDate: state.createdAt,
    version: state.version,
    changedSinceLastVisit: change.byOther,
  };
}

type GoalInfo = { id: string; categoryId: number; title: string; completed: boolean };

/** An item as the response shows it, or null when the state does not make a valid one. */
function itemOf(change: ContentChange, state: State, selfId: string | null, goalInfo: (id: string) => GoalInfo | undefined): Answer | LinkableItem | null {
  const id = change.itemId;
  const common = { id, ...authoredOf(state, change) };
  const links = (field: LinkField) => [...idsIn(state, field)].sort();
  switch (change.kind) {
    case 'answer': {
      const { voterIds, voteCount, hasVoted } = votesOf(state, selfId);
      const parsed = Answer.safeParse({
        ...common,
        questionId: state.questionId,
        text: state.text,
        votes: voterIds.map((userId) => ({ id: voteIdOf(id, userId), userId, answerId: id })),
        voteCount,
        hasVoted,
      });
      return parsed.success ? parsed.data : null;
    }
    case 'takeaway': {
      const { voterIds, voteCount, hasVoted } = votesOf(state, selfId);
      const initiatorId = text(state.initiatorId);
      const names = (state.initiator ?? {}) as { firstName?: unknown; lastName?: unknown };
      const linkedGoalIds = links('linkedGoalIds');
      const linkedGoals = linkedGoalIds.map(goalInfo);
      if (linkedGoals.some((goal) => goal === undefined)) return null;
      const parsed = Takeaway.safeParse({
        ...common,
        categoryId: state.categoryId,
        title: state.title,
        text: text(state.text),
        initiatorId,
        initiator: initiatorId === null ? null : { id: initiatorId, firstName: text(names.firstName) ?? '', lastName: text(names.lastName) ?? '' },
        archived: state.archived === true,
        linkedGoalIds,
        linkedGoals,
        votes: voterIds.map((userId) => ({ id: voteIdOf(id, userId), userId, takeawayId: id })),
        voteCount,
        hasVoted,
      });
      return parsed.success ? parsed.data : null;
    }
    case 'goal': {
      const parsed = Goal.safeParse({
        ...common,
        categoryId: state.categoryId,
        title: state.title,
        text: text(state.text),
        initiatorId: text(state.initiatorId),
        goalTerm: state.goalTerm,
        dueDate: text(state.dueDate),
        completed: state.completed === true,
        linkedTakeawayIds: links('linkedTakeawayIds'),
        linkedActionPointIds: links('linkedActionPointIds'),
      });
      return parsed.success ? parsed.data : null;
    }
    case 'actionPoint': {
      const parsed = ActionPoint.safeParse({
        ...common,
        categoryId: state.categoryId,
        title: state.title,
        text: text(state.text),
        initiatorId: text(state.initiatorId),
        assigneeId: text(state.assigneeId),
        priority: state.priority,
        dueDate: text(state.dueDate),
        completed: state.completed === true,
        linkedGoalIds: links('linkedGoalIds'),
      });
      return parsed.success ? parsed.data : null;
    }
  }
}

// ---- the lists of one query ------------------------------------------------------------------

/** The linkable items of one query, in the lists they sit in (every category of the overview, or the one of a category page). */
type Lists = { takeaways: Takeaway[]; goals: Goal[]; actionPoints: ActionPoint[] };

function findIn(lists: Lists, kind: LinkableKind, id: string): LinkableItem | undefined {
  return (lists[listOf[kind]] as LinkableItem[]).find((item) => item.id === id);
}

/**
 * The other side of the change's links, on the items of these lists: each target gains or
 * loses the back-link and, as on the server (one write, one version step), its version
 * grows by one. Null when it cannot be told for sure (the caller refetches).
 */
function applyOtherSides(lists: Lists, change: ContentChange, ownIsPresent: boolean, goalInfo: (id: string) => GoalInfo | undefined): Lists | null {
  if (change.kind === 'answer' || change.linkChanges.length === 0) return lists;
  const back = backLinkField[change.kind];
  const pending = change.linkChanges.filter(({ target, id, linked }) => {
    const item = findIn(lists, target, id);
    if (!item) return false;
    const has = (item as unknown as Record<LinkField, string[]>)[back].includes(change.itemId);
    return has !== linked;
  });
  if (pending.length === 0) return lists;
  // Without the own item here, an already-applied change cannot be told from a new one, and
  // the targets' versions would drift (a false "changed meanwhile" on their next save). A
  // create is new unless a target already has its link (then the whole state is unclear).
  if (!ownIsPresent && (!change.isCreate || pending.length !== change.linkChanges.filter(({ target, id }) => findIn(lists, target, id)).length)) return null;
  let next = lists;
  for (const { target, id, linked } of pending) {
    const listName = listOf[target];
    const list = next[listName] as LinkableItem[];
    const updated = list.map((item) => {
      if (item.id !== id) return item;
      const links = (item as unknown as Record<LinkField, string[]>)[back];
      const ids = linked ? [...links, change.itemId].sort() : links.filter((linkedId) => linkedId !== change.itemId);
      const moved = { ...item, [back]: ids, version: item.version + 1 } as LinkableItem;
      if (target === 'takeaway' && back === 'linkedGoalIds')
        return { ...(moved as Takeaway), linkedGoals: ids.map(goalInfo).filter((goal): goal is GoalInfo => goal !== undefined) };
      return moved;
    });
    next = { ...next, [listName]: updated };
  }
  return next;
}

/** A goal's title or completion changed: the takeaways that list it show the new one. */
function refreshLinkedGoals(lists: Lists, change: ContentChange): Lists {
  if (change.kind !== 'goal' || change.after === null) return lists;
  const title = text(change.after.title);
  if (title === null) return lists;
  const completed = change.after.completed === true;
  let touched = false;
  const takeaways = lists.takeaways.map((takeaway) => {
    const index = takeaway.linkedGoals.findIndex((goal) => goal.id === change.itemId);
    const goal = takeaway.linkedGoals[index];
    if (!goal || (goal.title === title && goal.completed === completed)) return takeaway;
    touched = true;
    return { ...takeaway, linkedGoals: takeaway.linkedGoals.map((entry, at) => (at === index ? { ...entry, title, completed } : entry)) };
  });
  return touched ? { ...lists, takeaways } : lists;
}

/** Where an item stands after the change, compared with the cached one: skip (seen, or older), or apply. */
function isStale(change: ContentChange, prior: { version: number } | undefined): boolean {
  if (!prior) return false;
  const afterVersion = change.after?.version;
  if (typeof afterVersion === 'number') return prior.version >= afterVersion;
  // A delete: a cached version beyond the deleted one is a later life of the item (restored).
  const beforeVersion = change.before?.version;
  return typeof beforeVersion === 'number' && prior.version > beforeVersion;
}

// ---- the overview ----------------------------------------------------------------------------

/** Every category's linkable items of the overview, flattened and put back. */
function overviewLists(canvas: Canvas): Lists {
  const categories = canvas.sections.flatMap((section) => section.categories);
  return {
    takeaways: categories.flatMap((c) => c.takeaways),
    goals: categories.flatMap((c) => c.goals),
    actionPoints: categories.flatMap((c) => c.actionPoints),
  };
}

/** The same list when nothing in it changed, so what did not change keeps its objects (and does not render again). */
function sameOr<T>(old: T[], fresh: T[]): T[] {
  return old.length === fresh.length && old.every((item, index) => item === fresh[index]) ? old : fresh;
}

function withOverviewLists(canvas: Canvas, lists: Lists): Canvas {
  const inCategory = <T extends { categoryId: number; createdDate: string; id: string }>(items: T[], categoryId: number) =>
    items.filter((item) => item.categoryId === categoryId).sort(byCreation);
  return {
    ...canvas,
    sections: canvas.sections.map((section) => ({
      ...section,
      categories: section.categories.map((category): CanvasCategory => {
        const takeaways = sameOr(category.takeaways, inCategory(lists.takeaways, category.id));
        const goals = sameOr(category.goals, inCategory(lists.goals, category.id));
        const actionPoints = sameOr(category.actionPoints, inCategory(lists.actionPoints, category.id));
        return takeaways === category.takeaways && goals === category.goals && actionPoints === category.actionPoints
          ? category
          : { ...category, takeaways, goals, actionPoints };
      }),
    })),
  };
}

/** The overview (and its goals-and-actions tab): active takeaways, every goal and action point. */
export function patchOverview(canvas: Canvas, event: HistoryEvent, context: PatchContext): PatchOutcome<Canvas> {
  if (event.familyId !== canvas.id) return unchanged;
  if (event.itemType === 'canvas' && (event.action === 'titleChanged' || event.action === 'reverted')) {
    const title = text(event.after?.title);
    if (title === null) return refetch;
    return title === canvas.title ? unchanged : { kind: 'patched', data: { ...canvas, title } };
  }
  const change = contentChangeOf(event, context, canvas.abilities.accessKind);
  if (!change) return refetch;
  // The overview shows no answers.
  if (change.kind === 'answer') return unchanged;
  if (!change.linksKnown) return refetch;

  const lists = overviewLists(canvas);
  const listName = listOf[change.kind];
  const prior = (lists[listName] as LinkableItem[]).find((item) => item.id === change.itemId);
  if (isStale(change, prior)) return unchanged;

  const goals = new Map(lists.goals.map((goal) => [goal.id, { id: goal.id, categoryId: goal.categoryId, title: goal.title, completed: goal.completed }]));
  if (change.kind === 'goal' && change.after)
    goals.set(change.itemId, {
      id: change.itemId,
      categoryId: Number(change.after.categoryId),
      title: String(change.after.title),
      completed: change.after.completed === true,
    });
  const goalInfo = (id: string) => goals.get(id);

  let next = applyOtherSides(lists, change, prior !== undefined, goalInfo);
  if (!next) return refetch;
  next = refreshLinkedGoals(next, change);

  const visible = canvas.sections.some((section) => section.categories.some((category) => category.id === event.categoryId));
  if (change.after === null || (change.kind === 'takeaway' && change.after.archived === true)) {
    // Deleted, or archived: the overview's cards show active takeaways only.
    if (prior) next = { ...next, [listName]: without(next[listName] as LinkableItem[], change.itemId) };
  } else {
    if (!visible) return refetch;
    const item = itemOf(change, change.after, context.selfId, goalInfo);
    if (!item) return refetch;
    next = { ...next, [listName]: upsert(next[listName] as LinkableItem[], item as LinkableItem) };
  }
  if (next === lists) return unchanged;
  return { kind: 'patched', data: withOverviewLists(canvas, next) };
}

// ---- the category page -----------------------------------------------------------------------

const linkedElsewhereName: Record<LinkableKind, keyof CategoryResponse['linkedElsewhere']> = {
  takeaway: 'takeaways',
  goal: 'goals',
  actionPoint: 'actionPoints',
};

/**
 * The items of other categories this category's items link to, as the server lists them.
 * An entry comes from the cached list (updated by the change when it is that item) or from
 * the change itself; one known nowhere makes it null (the caller refetches).
 */
function linkedElsewhereOf(category: CategoryResponse, lists: Lists, change: ContentChange): CategoryResponse['linkedElsewhere'] | null {
  const wanted: Record<LinkableKind, Set<string>> = { takeaway: new Set(), goal: new Set(), actionPoint: new Set() };
  for (const takeaway of lists.takeaways) for (const id of takeaway.linkedGoalIds) wanted.goal.add(id);
  for (const goal of lists.goals) {
    for (const id of goal.linkedTakeawayIds) wanted.takeaway.add(id);
    for (const id of goal.linkedActionPointIds) wanted.actionPoint.add(id);
  }
  for (const actionPoint of lists.actionPoints) for (const id of actionPoint.linkedGoalIds) wanted.goal.add(id);

  const result = { takeaways: [] as LinkedItem[], goals: [] as LinkedItem[], actionPoints: [] as LinkedItem[] };
  for (const kind of ['takeaway', 'goal', 'actionPoint'] as const) {
    const name = linkedElsewhereName[kind];
    const known = category.linkedElsewhere[name];
    const isOwn = (id: string) => change.kind === kind && change.itemId === id;
    const ownEntry = (): LinkedItem | null => {
      const state = change.after;
      if (!state || Number(state.categoryId) === category.id) return null;
      const title = text(state.title);
      return title === null ? null : { id: change.itemId, categoryId: Number(state.categoryId), title, isClosed: isClosed(kind as LinkableKind, state) };
    };
    // The cached order stays; a new entry (a new item, the newest) goes last.
    for (const entry of known) {
      if (!wanted[kind].has(entry.id)) continue;
      if (isOwn(entry.id)) {
        const own = ownEntry();
        if (!own) return null;
        result[name].push(own);
      } else result[name].push(entry);
    }
    for (const id of wanted[kind]) {
      if (known.some((entry) => entry.id === id)) continue;
      if (findIn(lists, kind, id)) continue;
      const own = isOwn(id) && change.isCreate ? ownEntry() : null;
      if (!own) return null;
      result[name].push(own);
    }
  }
  return result;
}

/** The full-screen category: questions with answers, every takeaway (archived too), goals, action points, links elsewhere. */
export function patchCategory(category: CategoryResponse, event: HistoryEvent, context: PatchContext): PatchOutcome<CategoryResponse> {
  if (event.familyId !== category.familyId) return unchanged;
  // The canvas title is not on this page.
  if (event.itemType === 'canvas' && (event.action === 'titleChanged' || event.action === 'reverted')) return unchanged;
  const change = contentChangeOf(event, context, category.abilities.accessKind);
  if (!change) return refetch;
  const isHere = event.categoryId === category.id;

  if (change.kind === 'answer') {
    if (!isHere) return unchanged;
    const questionId = (change.after ?? change.before)?.questionId;
    const question = category.questions.find((entry) => entry.id === questionId);
    if (!question) return refetch;
    const prior = question.answers.find((answer) => answer.id === change.itemId);
    if (isStale(change, prior)) return unchanged;
    let answers: Answer[];
    if (change.after === null) {
      if (!prior) return unchanged;
      answers = without(question.answers, change.itemId);
    } else {
      const answer = itemOf(change, change.after, context.selfId, () => undefined) as Answer | null;
      if (!answer) return refetch;
      answers = upsert(question.answers, answer);
    }
    return { kind: 'patched', data: { ...category, questions: category.questions.map((entry) => (entry === question ? { ...entry, answers } : entry)) } };
  }

  if (!change.linksKnown) return refetch;
  const lists: Lists = { takeaways: category.takeaways, goals: category.goals, actionPoints: category.actionPoints };
  const listName = listOf[change.kind];
  const prior = isHere ? (lists[listName] as LinkableItem[]).find((item) => item.id === change.itemId) : undefined;
  if (isStale(change, prior)) return unchanged;

  const goals = new Map<string, GoalInfo>();
  for (const entry of category.linkedElsewhere.goals)
    goals.set(entry.id, { id: entry.id, categoryId: entry.categoryId, title: entry.title, completed: entry.isClosed });
  for (const goal of lists.goals) goals.set(goal.id, { id: goal.id, categoryId: goal.categoryId, title: goal.title, completed: goal.completed });
  if (change.kind === 'goal' && change.after)
    goals.set(change.itemId, {
      id: change.itemId,
      categoryId: Number(change.after.categoryId),
      title: String(change.after.title),
      completed: change.after.completed === true,
    });
  const goalInfo = (id: string) => goals.get(id);

  let next = applyOtherSides(lists, change, prior !== undefined, goalInfo);
  if (!next) return refetch;
  next = refreshLinkedGoals(next, change);
  if (isHere) {
    if (change.after === null) {
      if (prior) next = { ...next, [listName]: without(next[listName] as LinkableItem[], change.itemId) };
    } else {
      const item = itemOf(change, change.after, context.selfId, goalInfo);
      if (!item) return refetch;
      next = { ...next, [listName]: upsert(next[listName] as LinkableItem[], item as LinkableItem) };
    }
  }
  const linkedElsewhere = linkedElsewhereOf(category, next, change);
  if (!linkedElsewhere) return refetch;
  if (next === lists && JSON.stringify(linkedElsewhere) === JSON.stringify(category.linkedElsewhere)) return unchanged;
  return { kind: 'patched', data: { ...category, ...next, linkedElsewhere } };
}
