import { describe, expect, it } from 'vitest';
import type { Canvas, Goal, Takeaway } from '../../../../../shared/contracts/canvas';
import type { LiveCanvasChange, LiveItemView } from '../../../../../shared/contracts/live';
import { aCategory, aGoal, anAnswer, aQuestion, aTakeaway, categoryId, editorAbilities, familyId } from '../testing/fixtures';
import { applyToCategory, applyToOverview } from './apply-live-change';

const sectionId = familyId * 1000 + 1;
const otherCategoryId = categoryId + 1;

function aCanvas(takeaways: Takeaway[] = [], goals: Goal[] = []): Canvas {
  return {
    id: familyId,
    title: 'Lovelace canvas',
    entityId: familyId,
    workRelationMemberPermissions: [],
    advisorCompaniesVisibleToAdvisors: false,
    abilities: editorAbilities,
    sections: [
      {
        id: sectionId,
        canvasId: familyId,
        familyId,
        createdByUserId: 'user-me',
        sectionTypeId: 1,
        title: 'Our Family',
        sequenceNumber: 1,
        categories: [categoryId, otherCategoryId].map((id, index) => ({
          id,
          sectionId,
          categoryTypeId: 1 + index,
          title: `Category ${index}`,
          colorCode: 'A5A5A5',
          createdByUserId: 'user-me',
          sequenceNumber: index + 1,
          takeaways: takeaways.filter((item) => item.categoryId === id),
          goals: goals.filter((item) => item.categoryId === id),
          actionPoints: [],
        })),
      },
    ],
  };
}

const takeawayView = (item: Takeaway, overview = !item.archived): LiveItemView => ({
  kind: 'takeaway',
  item,
  linked: { id: item.id, categoryId: item.categoryId, title: item.title, isClosed: item.archived },
  overview,
});
const goalView = (item: Goal): LiveItemView => ({
  kind: 'goal',
  item,
  linked: { id: item.id, categoryId: item.categoryId, title: item.title, isClosed: item.completed },
  overview: true,
});
const change = (upsert: LiveItemView[], remove: LiveCanvasChange['remove'] = [], extra: Partial<LiveCanvasChange> = {}): LiveCanvasChange => ({
  upsert,
  remove,
  reload: false,
  ...extra,
});

describe('a live change on the overview', () => {
  it('inserts a new item into its category by creation, replaces one by id, removes one by id', () => {
    const first = aTakeaway({ title: 'First', createdDate: '2026-03-12T09:00:00.000Z' });
    const canvas = aCanvas([first]);
    const added = aTakeaway({ title: 'Added', createdDate: '2026-03-12T10:00:00.000Z' });
    const inserted = applyToOverview(canvas, change([takeawayView(added)]));
    expect(inserted.kind === 'patched' && inserted.data.sections[0]!.categories[0]!.takeaways.map((item) => item.title)).toEqual(['First', 'Added']);

    const edited = applyToOverview(canvas, change([takeawayView({ ...first, title: 'First, edited', version: 2 })]));
    expect(edited.kind === 'patched' && edited.data.sections[0]!.categories[0]!.takeaways.map((item) => item.title)).toEqual(['First, edited']);

    const removed = applyToOverview(canvas, change([], [{ kind: 'takeaway', id: first.id }]));
    expect(removed.kind === 'patched' && removed.data.sections[0]!.categories[0]!.takeaways).toEqual([]);
  });

  it('changes nothing for an item the cache already holds at that version (the echo of one’s own write) or newer', () => {
    const takeaway = aTakeaway({ title: 'Mine', version: 3 });
    const canvas = aCanvas([takeaway]);
    expect(applyToOverview(canvas, change([takeawayView({ ...takeaway })]))).toEqual({ kind: 'unchanged' });
    expect(applyToOverview(canvas, change([takeawayView({ ...takeaway, title: 'Older', version: 2 })]))).toEqual({ kind: 'unchanged' });
  });

  it('keeps "changed since your last visit" where the cache had it', () => {
    const takeaway = aTakeaway({ title: 'Seen', changedSinceLastVisit: true });
    const outcome = applyToOverview(
      aCanvas([takeaway]),
      change([takeawayView({ ...takeaway, title: 'Linked', version: takeaway.version + 1, changedSinceLastVisit: false })]),
    );
    expect(outcome.kind === 'patched' && outcome.data.sections[0]!.categories[0]!.takeaways[0]!.changedSinceLastVisit).toBe(true);
  });

  it('takes an archived takeaway off the cards, sets a new title, and reads again after a reset', () => {
    const takeaway = aTakeaway();
    const archived = applyToOverview(aCanvas([takeaway]), change([takeawayView({ ...takeaway, archived: true, version: takeaway.version + 1 })]));
    expect(archived.kind === 'patched' && archived.data.sections[0]!.categories[0]!.takeaways).toEqual([]);
    const titled = applyToOverview(aCanvas(), change([], [], { title: 'A new title' }));
    expect(titled.kind === 'patched' && titled.data.title).toBe('A new title');
    expect(applyToOverview(aCanvas(), change([], [], { reload: true }))).toEqual({ kind: 'refetch' });
  });

  it('puts nothing where the reader has no category (the server sends nothing of a hidden section)', () => {
    expect(applyToOverview(aCanvas(), change([takeawayView(aTakeaway({ categoryId: 999 }))]))).toEqual({ kind: 'unchanged' });
  });
});

describe('a live change on a category page', () => {
  it('inserts, replaces and removes an answer of one of its questions by id', () => {
    const mine = anAnswer({ text: 'Mine' });
    const page = aCategory({ questions: [aQuestion(1, [mine]), aQuestion(2)] });
    const given = anAnswer({ text: 'Theirs', questionId: `${categoryId}.2` });
    const inserted = applyToCategory(page, change([{ kind: 'answer', item: given }]));
    expect(inserted.kind === 'patched' && inserted.data.questions[1]!.answers.map((answer) => answer.text)).toEqual(['Theirs']);
    const replaced = applyToCategory(page, change([{ kind: 'answer', item: { ...mine, text: 'Mine, edited', version: mine.version + 1 } }]));
    expect(replaced.kind === 'patched' && replaced.data.questions[0]!.answers.map((answer) => answer.text)).toEqual(['Mine, edited']);
    const removed = applyToCategory(page, change([], [{ kind: 'answer', id: mine.id }]));
    expect(removed.kind === 'patched' && removed.data.questions[0]!.answers).toEqual([]);
  });

  it('lists an item of another category the page now links to, as the server sent it; reads again when it was not sent', () => {
    const goal = aGoal({ categoryId: otherCategoryId, title: 'Elsewhere' });
    const takeaway = aTakeaway();
    const page = aCategory({ takeaways: [takeaway] });
    const linkedTakeaway = { ...takeaway, linkedGoalIds: [goal.id], version: takeaway.version + 1 };
    const outcome = applyToCategory(page, change([takeawayView(linkedTakeaway), goalView(goal)]));
    expect(outcome.kind === 'patched' && outcome.data.linkedElsewhere.goals).toEqual([
      { id: goal.id, categoryId: otherCategoryId, title: 'Elsewhere', isClosed: false },
    ]);
    expect(outcome.kind === 'patched' && outcome.data.goals).toEqual([]);
    expect(applyToCategory(page, change([takeawayView(linkedTakeaway)]))).toEqual({ kind: 'refetch' });
  });

  it('replaces an entry of another category by id and drops one no longer linked', () => {
    const goal = aGoal({ categoryId: otherCategoryId, title: 'Elsewhere' });
    const takeaway = aTakeaway({ linkedGoalIds: [goal.id] });
    const page = aCategory({
      takeaways: [takeaway],
      linkedElsewhere: { takeaways: [], goals: [{ id: goal.id, categoryId: otherCategoryId, title: 'Elsewhere', isClosed: false }], actionPoints: [] },
    });
    const renamed = applyToCategory(page, change([goalView({ ...goal, title: 'Renamed', completed: true, version: goal.version + 1 })]));
    expect(renamed.kind === 'patched' && renamed.data.linkedElsewhere.goals).toEqual([
      { id: goal.id, categoryId: otherCategoryId, title: 'Renamed', isClosed: true },
    ]);
    const unlinked = applyToCategory(page, change([takeawayView({ ...takeaway, linkedGoalIds: [], version: takeaway.version + 1 })]));
    expect(unlinked.kind === 'patched' && unlinked.data.linkedElsewhere.goals).toEqual([]);
  });
});
