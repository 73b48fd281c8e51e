import type { ActionPoint, Answer, Canvas, CanvasCategory, CategoryResponse, Goal, LinkedItem, Takeaway } from '../../../../../shared/contracts/canvas';
import type { LiveCanvasChange, LiveItemView } from '../../../../../shared/contracts/live';

/**
 * A live `change` applied to a cached overview or category page (docs/product/live.md): the
 * server sends the changed items already shaped and filtered for this reader
 * (functions/domain/canvas/live-view.ts), so the browser only inserts, replaces or removes
 * them by id. Pure: the caller reads and writes the query cache.
 *
 * Idempotent: an item the cache holds at a newer version is left alone and one that is
 * the same is kept as it is, so the echo of the reader's own change (already applied from
 * its HTTP response) and a change seen twice change nothing. `changedSinceLastVisit` is
 * kept where the cache had it: the server marks only what others changed lately, the page
 * knows the reader's last visit.
 */

export type ApplyOutcome<T> = { kind: 'patched'; data: T } | { kind: 'unchanged' } | { kind: 'refetch' };

const unchanged = { kind: 'unchanged' } as const;
const refetch = { kind: 'refetch' } as const;

type Linkable = Takeaway | Goal | ActionPoint;
type Listed = Answer | Linkable;
type ListName = 'takeaways' | 'goals' | 'actionPoints';
const listOf = { takeaway: 'takeaways', goal: 'goals', actionPoint: 'actionPoints' } as const satisfies Record<
  Exclude<LiveItemView['kind'], 'answer'>,
  ListName
>;

const byCreation = (a: { createdDate: string; id: string }, b: { createdDate: string; id: string }) =>
  a.createdDate.localeCompare(b.createdDate) || a.id.localeCompare(b.id);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The item to keep for `cached` given the incoming view: the cached one when it is newer or the same. */
function merged<T extends Listed>(cached: T | undefined, incoming: T): T {
  if (!cached) return incoming;
  if (cached.version > incoming.version) return cached;
  const next = cached.changedSinceLastVisit && !incoming.changedSinceLastVisit ? { ...incoming, changedSinceLastVisit: true } : incoming;
  return same(cached, next) ? cached : next;
}

/** A list with the item inserted (in creation order) or replaced by id; the same list when nothing changed. */
function upsert<T extends Listed>(list: readonly T[], incoming: T): T[] {
  const index = list.findIndex((entry) => entry.id === incoming.id);
  if (index < 0) return [...list, incoming].sort(byCreation);
  const kept = merged(list[index], incoming);
  return kept === list[index] ? (list as T[]) : list.map((entry, at) => (at === index ? kept : entry));
}

function without<T extends { id: string }>(list: readonly T[], id: string): T[] {
  return list.some((entry) => entry.id === id) ? list.filter((entry) => entry.id !== id) : (list as T[]);
}

/** Whether a cached item is newer than the incoming view (a late echo): nothing of it is applied. */
function isOlder(cached: Listed | undefined, incoming: Listed): boolean {
  return cached !== undefined && cached.version > incoming.version;
}

// ---- the overview ----------------------------------------------------------------------------

function findInOverview(canvas: Canvas, list: ListName, id: string): Linkable | undefined {
  for (const section of canvas.sections)
    for (const category of section.categories) {
      const found = (category[list] as Linkable[]).find((item) => item.id === id);
      if (found) return found;
    }
  return undefined;
}

function mapCategories(canvas: Canvas, change: (category: CanvasCategory) => CanvasCategory): Canvas {
  let touched = false;
  const sections = canvas.sections.map((section) => {
    const categories = section.categories.map((category) => {
      const next = change(category);
      if (next !== category) touched = true;
      return next;
    });
    return categories.some((category, index) => category !== section.categories[index]) ? { ...section, categories } : section;
  });
  return touched ? { ...canvas, sections } : canvas;
}

/** The overview (and its goals-and-actions tab): the lists of each category, the title. */
export function applyToOverview(canvas: Canvas, change: LiveCanvasChange): ApplyOutcome<Canvas> {
  if (change.reload) return refetch;
  let next = canvas;
  if (change.title !== undefined && change.title !== next.title) next = { ...next, title: change.title };
  for (const view of change.upsert) {
    if (view.kind === 'answer') continue;
    const list = listOf[view.kind];
    if (isOlder(findInOverview(next, list, view.item.id), view.item)) continue;
    next = mapCategories(next, (category) => {
      const items = category[list] as Linkable[];
      const updated = view.overview && category.id === view.item.categoryId ? upsert(items, view.item) : without(items, view.item.id);
      return updated === items ? category : { ...category, [list]: updated };
    });
  }
  for (const { kind, id } of change.remove) {
    if (kind === 'answer') continue;
    const list = listOf[kind];
    next = mapCategories(next, (category) => {
      const items = category[list] as Linkable[];
      const updated = without(items, id);
      return updated === items ? category : { ...category, [list]: updated };
    });
  }
  return next === canvas ? unchanged : { kind: 'patched', data: next };
}

// ---- the category page -----------------------------------------------------------------------

const linkFieldsOf = (item: Linkable): string[] =>
  'linkedGoalIds' in item ? item.linkedGoalIds : [...(item as Goal).linkedTakeawayIds, ...(item as Goal).linkedActionPointIds];

/**
 * The full-screen category: its questions' answers, every takeaway (archived too), goals,
 * action points, and the items of other categories they link to (`linkedElsewhere`, each
 * as the server sent it; one this page now links to and has not got is read again).
 */
export function applyToCategory(page: CategoryResponse, change: LiveCanvasChange): ApplyOutcome<CategoryResponse> {
  if (change.reload) return refetch;
  let next = page;
  const linked = new Map<string, { list: ListName; entry: LinkedItem }>();
  for (const view of change.upsert) {
    if (view.kind === 'answer') {
      const answer = view.item;
      const questions = next.questions.map((question) => {
        const cached = question.answers.find((entry) => entry.id === answer.id);
        if (isOlder(cached, answer)) return question;
        const answers = question.id === answer.questionId ? upsert(question.answers, answer) : without(question.answers, answer.id);
        return answers === question.answers ? question : { ...question, answers };
      });
      if (questions.some((question, index) => question !== next.questions[index])) next = { ...next, questions };
      continue;
    }
    const list = listOf[view.kind];
    linked.set(view.item.id, { list, entry: view.linked });
    const items = next[list] as Linkable[];
    if (
      isOlder(
        items.find((entry) => entry.id === view.item.id),
        view.item,
      )
    )
      continue;
    const updated = view.item.categoryId === next.id ? upsert(items, view.item) : without(items, view.item.id);
    if (updated !== items) next = { ...next, [list]: updated };
    const elsewhere = next.linkedElsewhere[list];
    const index = elsewhere.findIndex((entry) => entry.id === view.item.id);
    if (index >= 0 && !same(elsewhere[index], view.linked)) {
      next = { ...next, linkedElsewhere: { ...next.linkedElsewhere, [list]: elsewhere.map((entry, at) => (at === index ? view.linked : entry)) } };
    }
  }
  for (const { kind, id } of change.remove) {
    if (kind === 'answer') {
      const questions = next.questions.map((question) => {
        const answers = without(question.answers, id);
        return answers === question.answers ? question : { ...question, answers };
      });
      if (questions.some((question, index) => question !== next.questions[index])) next = { ...next, questions };
      continue;
    }
    const list = listOf[kind];
    const items = next[list] as Linkable[];
    const updated = without(items, id);
    if (updated !== items) next = { ...next, [list]: updated };
  }
  // The items of other categories this page's items link to: kept in the cached order, a new one last.
  const wanted = new Set<string>();
  for (const item of [...next.takeaways, ...next.goals, ...next.actionPoints]) for (const id of linkFieldsOf(item)) wanted.add(id);
  const onPage = new Set([...next.takeaways, ...next.goals, ...next.actionPoints].map((item) => item.id));
  const elsewhere = { takeaways: [] as LinkedItem[], goals: [] as LinkedItem[], actionPoints: [] as LinkedItem[] };
  for (const list of ['takeaways', 'goals', 'actionPoints'] as const) {
    for (const entry of next.linkedElsewhere[list]) if (wanted.has(entry.id) && !onPage.has(entry.id)) elsewhere[list].push(entry);
  }
  for (const id of wanted) {
    if (onPage.has(id) || Object.values(elsewhere).some((entries) => entries.some((entry) => entry.id === id))) continue;
    const known = linked.get(id);
    if (!known) return refetch;
    elsewhere[known.list].push(known.entry);
  }
  if (!same(elsewhere, next.linkedElsewhere)) next = { ...next, linkedElsewhere: elsewhere };
  return next === page ? unchanged : { kind: 'patched', data: next };
}
