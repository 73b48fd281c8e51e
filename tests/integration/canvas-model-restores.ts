import fc from 'fast-check';
import { expect } from 'vitest';
import type { ActionPoint, Canvas, Goal, Takeaway } from '../../shared/contracts/canvas';
import type { HistoryEvent, HistoryPage } from '../../shared/contracts/history';
import type { TestAccount } from '../support/accounts';

/**
 * The canvas model's restores by a section-limited editor (tests/integration/canvas-model.test.ts
 * runs them among its other commands): an advisor with edit rights whose company sees one
 * section restores a version of a takeaway there, or edits one and undoes the edit.
 *
 * - nothing hidden changed: every item of a section the editor cannot see, and every link to
 *   one, is exactly as before (version included), on both sides;
 * - nothing lost: no item goes; besides the takeaway itself only goals the editor sees may
 *   change (the other side of its visible links); a refusal changes nothing at all;
 * - an edit and its undo give back the canvas as it was.
 * The owner links goals of other sections to the shared section's items (LinkAcross), so
 * hidden links exist to be kept.
 */

export type Kind = 'takeaway' | 'goal' | 'actionPoint';
/** An item of the canvas model (canvas-model.test.ts Model), `By` naming who made it. */
export type ModelItem<By extends string = string> = {
  id: string;
  kind: Kind;
  categoryId: number;
  sectionId: number;
  title: string;
  /** The title it was created with (a restore of its first version brings it back). */
  createdTitle: string;
  by: By;
  archived: boolean;
  completed: boolean;
};
type Model = { items: ModelItem[]; links: Map<string, Set<string>> };
type Item = Takeaway | Goal | ActionPoint;

export type RestoreWorld = {
  familyId: number;
  owner: TestAccount;
  /** A Full-role advisor of the company that sees only `sharedSectionId`. */
  editor: TestAccount;
  sharedSectionId: number;
  /** A category of a section the editor cannot see. */
  hiddenCategory: { id: number; sectionId: number };
  /** The model's own check after every step (canvas-model.test.ts checkAgainstModel). */
  checkAgainstModel(model: Model): Promise<void>;
  note(step: string): void;
};

async function ownerItems(world: RestoreWorld): Promise<Map<string, Item & { sectionId: number }>> {
  const response = await world.owner.client.call<'getOwnCanvas', Canvas>('getOwnCanvas');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const items = new Map<string, Item & { sectionId: number }>();
  for (const section of response.body.sections)
    for (const category of section.categories)
      for (const item of [...category.takeaways, ...category.goals, ...category.actionPoints]) items.set(item.id, { ...item, sectionId: section.id });
  return items;
}

/** An item as a comparison sees it: everything but the reader's "changed since your last visit" mark. */
const comparable = (item: Item | undefined) => {
  if (!item) return 'gone';
  const { changedSinceLastVisit: _mark, ...rest } = item as Item & { changedSinceLastVisit?: boolean };
  const byContent = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  return JSON.stringify(rest, (_key, value: unknown) => (Array.isArray(value) ? [...(value as unknown[])].sort(byContent) : value));
};

/** Items of sections the editor cannot see, and every link to one, are exactly as they were. */
function expectHiddenUnchanged(
  world: RestoreWorld,
  before: Map<string, Item & { sectionId: number }>,
  after: Map<string, Item & { sectionId: number }>,
  what: string,
) {
  for (const [id, item] of before) {
    if (item.sectionId !== world.sharedSectionId) expect(comparable(after.get(id)), `${what}: hidden ${id}`).toBe(comparable(item));
  }
  for (const [id, item] of before) {
    if (item.sectionId !== world.sharedSectionId) continue;
    const hiddenLinks = (entry: Item | undefined) =>
      [...(entry && 'linkedGoalIds' in entry ? entry.linkedGoalIds : [])].filter((goalId) => before.get(goalId)?.sectionId !== world.sharedSectionId).sort();
    expect(hiddenLinks(after.get(id)), `${what}: ${id}'s links into hidden sections`).toEqual(hiddenLinks(item));
  }
}

const sharedTakeaways = (world: RestoreWorld, model: Readonly<Model>) =>
  model.items.filter((item) => item.kind === 'takeaway' && !item.archived && item.sectionId === world.sharedSectionId);

/** The model's links of one takeaway taken from the read: to goals the editor sees (hidden ones were checked unchanged). */
function takeLinksFromRead(world: RestoreWorld, model: Model, takeawayId: string, after: Map<string, Item & { sectionId: number }>) {
  const takeaway = after.get(takeawayId) as Takeaway | undefined;
  const linked = new Set(takeaway?.linkedGoalIds ?? []);
  for (const item of model.items) {
    if (item.kind !== 'goal' || item.sectionId !== world.sharedSectionId) continue;
    const links = model.links.get(item.id) ?? new Set<string>();
    if (linked.has(item.id)) links.add(takeawayId);
    else links.delete(takeawayId);
    model.links.set(item.id, links);
  }
}

/** The owner links one of their goals of a hidden section (a new one when there is none) to open items of the shared section. */
class LinkAcross implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly world: () => RestoreWorld,
    readonly goal: number,
    readonly targets: number[],
  ) {}
  check = () => true;
  async run(model: Model): Promise<void> {
    const world = this.world();
    world.note('LinkAcross');
    const goals = model.items.filter((item) => item.kind === 'goal' && item.by === 'owner' && !item.completed && item.sectionId !== world.sharedSectionId);
    const goal = goals.length ? goals[this.goal % goals.length]! : await newHiddenGoal(world, model);
    const open = (item: ModelItem) => (item.kind === 'takeaway' && !item.archived) || (item.kind === 'actionPoint' && !item.completed);
    const candidates = model.items.filter((item) => item.sectionId === world.sharedSectionId && open(item));
    const chosen = [...new Set(this.targets.map((index) => candidates[index % Math.max(candidates.length, 1)]).filter((item) => item !== undefined))];
    const version = (await ownerItems(world)).get(goal.id)!.version;
    const kept = [...(model.links.get(goal.id) ?? [])].filter((id) => {
      const item = model.items.find((candidate) => candidate.id === id);
      return item !== undefined && !(item.sectionId === world.sharedSectionId && open(item));
    });
    const linked = (kind: Kind) => [...kept, ...chosen.map((item) => item.id)].filter((id) => model.items.find((item) => item.id === id)?.kind === kind);
    const response = await world.owner.client.call('updateGoal', {
      params: { id: goal.id },
      body: {
        title: goal.title,
        version,
        linkedTakeawayIds: linked('takeaway'),
        linkedActionPointIds: linked('actionPoint'),
      },
    });
    expect(response.status, `${this.toString()}: ${JSON.stringify(response.body)}`).toBe(200);
    model.links.set(goal.id, new Set([...kept, ...chosen.map((item) => item.id)]));
    await world.checkAgainstModel(model);
  }
  toString = () => `owner links hidden goal #${this.goal} to shared ${this.targets.join(',')}`;
}

async function newHiddenGoal(world: RestoreWorld, model: Model): Promise<ModelItem> {
  const title = `goal across ${model.items.length + 1}`;
  const { id, sectionId } = world.hiddenCategory;
  const response = await world.owner.client.call<'createGoal', Goal>('createGoal', { params: { categoryId: id }, body: { title, categoryId: id } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const goal = {
    id: response.body.id,
    kind: 'goal' as const,
    categoryId: id,
    sectionId,
    title,
    createdTitle: title,
    by: 'owner',
    archived: false,
    completed: false,
  };
  model.items.push(goal);
  return goal;
}

/** The editor restores one of a shared takeaway's versions. */
class EditorRestores implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly world: () => RestoreWorld,
    readonly takeaway: number,
    readonly version: number,
  ) {}
  check = (model: Readonly<Model>) => sharedTakeaways(this.world(), model).length > 0;
  async run(model: Model): Promise<void> {
    const world = this.world();
    world.note('EditorRestores');
    const candidates = sharedTakeaways(world, model);
    const item = candidates[this.takeaway % candidates.length]!;
    const versions = await world.editor.client.call<'getHistory', HistoryPage>('getHistory', {
      params: { familyId: world.familyId },
      query: { itemId: item.id, limit: '100' },
    });
    expect(versions.status, JSON.stringify(versions.body)).toBe(200);
    const restorable = versions.body.results.filter((event) => event.after !== null);
    if (!restorable.length) return;
    const chosen: HistoryEvent = restorable[this.version % restorable.length]!;
    const before = await ownerItems(world);
    const response = await world.editor.client.call('restoreVersion', {
      params: { eventId: chosen.id },
      query: { familyId: world.familyId },
      body: {
        version: before.get(item.id)!.version,
      },
    });
    expect(response.status, `${this.toString()}: ${JSON.stringify(response.body)}`).toBeLessThan(500);
    const after = await ownerItems(world);
    expectHiddenUnchanged(world, before, after, this.toString());
    if (response.status !== 200) {
      // A refusal (the catalogue says why) changes nothing at all.
      for (const [id, entry] of before) expect(comparable(after.get(id)), `${this.toString()} refused: ${id}`).toBe(comparable(entry));
    } else {
      // Nothing lost: only the takeaway and the goals it may link in the shared section change.
      for (const [id, entry] of before) {
        if (id === item.id || (entry.sectionId === world.sharedSectionId && 'linkedTakeawayIds' in entry)) continue;
        expect(comparable(after.get(id)), `${this.toString()}: ${id} untouched`).toBe(comparable(entry));
      }
      item.title = String(chosen.after!.title);
      item.archived = chosen.after!.archived === true;
      takeLinksFromRead(world, model, item.id, after);
    }
    await world.checkAgainstModel(model);
  }
  toString = () => `the section editor restores version #${this.version} of shared takeaway #${this.takeaway}`;
}

/**
 * The editor retitles a shared takeaway and drops its visible links to open goals (a link to a
 * completed goal could not come back: it stays), then undoes it: all as it was.
 */
class EditorEditsAndUndoes implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly world: () => RestoreWorld,
    readonly takeaway: number,
  ) {}
  check = (model: Readonly<Model>) => sharedTakeaways(this.world(), model).length > 0;
  async run(model: Model): Promise<void> {
    const world = this.world();
    world.note('EditorEditsAndUndoes');
    const candidates = sharedTakeaways(world, model);
    const item = candidates[this.takeaway % candidates.length]!;
    const before = await ownerItems(world);
    const completedGoals = (before.get(item.id) as Takeaway).linkedGoalIds.filter((id) => {
      const goal = before.get(id) as (Goal & { sectionId: number }) | undefined;
      return goal?.sectionId === world.sharedSectionId && goal.completed;
    });
    const edited = await world.editor.client.call('updateTakeaway', {
      params: { id: item.id },
      body: {
        title: `${item.title} (by the editor)`,
        linkedGoalIds: completedGoals,
        version: before.get(item.id)!.version,
      },
    });
    expect(edited.status, `${this.toString()}: ${JSON.stringify(edited.body)}`).toBe(200);
    expectHiddenUnchanged(world, before, await ownerItems(world), `${this.toString()}, the edit`);
    const events = await world.editor.client.call<'getHistory', HistoryPage>('getHistory', {
      params: { familyId: world.familyId },
      query: { itemId: item.id, limit: '1' },
    });
    const undone = await world.editor.client.call('revertEvent', { params: { eventId: events.body.results[0]!.id }, query: { familyId: world.familyId } });
    expect(undone.status, `${this.toString()}: ${JSON.stringify(undone.body)}`).toBe(200);
    const after = await ownerItems(world);
    const withoutVersion = (entry: Item | undefined) => (entry ? comparable({ ...entry, version: 0 }) : 'gone');
    for (const [id, entry] of before) expect(withoutVersion(after.get(id)), `${this.toString()}: ${id} as it was`).toBe(withoutVersion(entry));
    await world.checkAgainstModel(model);
  }
  toString = () => `the section editor edits shared takeaway #${this.takeaway} and undoes it`;
}

/** The commands, for canvas-model.test.ts's list (the world is set up in its beforeAll). */
export function restoreCommands(world: () => RestoreWorld): Array<fc.Arbitrary<fc.AsyncCommand<Model, object>>> {
  const index = fc.nat({ max: 50 });
  return [
    fc.tuple(index, fc.array(index, { minLength: 1, maxLength: 3 })).map(([goal, targets]) => new LinkAcross(world, goal, targets)),
    fc.tuple(index, index).map(([takeaway, version]) => new EditorRestores(world, takeaway, version)),
    index.map((takeaway) => new EditorEditsAndUndoes(world, takeaway)),
  ];
}
