import { describe, expect, it } from 'vitest';
import type { ActionPoint, Answer, Canvas, Goal, Takeaway } from '../../../../../shared/contracts/canvas';
import type { HistoryEvent } from '../../../../../shared/contracts/history';
import { aCategory, aGoal, anActionPoint, anAnswer, aQuestion, aTakeaway, categoryId, editorAbilities, familyId, me, other } from '../testing/fixtures';
import { patchCategory, patchOverview, type PatchOutcome } from './patch-canvas-cache';

const sectionId = familyId * 1000 + 1;
const otherCategoryId = categoryId + 1;
const context = { selfId: me };
const types = { answer: 'Answer', takeaway: 'Takeaway', goal: 'Goal', actionPoint: 'ActionPoint' } as const;
type Kind = keyof typeof types;

/** An item as the journal stores it (functions/domain/journal/journal.ts stateOf): stored names, empty sets left out. */
function stateOf(kind: Kind, item: Answer | Takeaway | Goal | ActionPoint): Record<string, unknown> {
  const { createdDate, changedSinceLastVisit: _changed, ...rest } = item as Answer & Partial<Takeaway & Goal & ActionPoint>;
  const state: Record<string, unknown> = {
    ...rest,
    type: types[kind],
    createdAt: createdDate,
    sectionId,
    changedAt: createdDate,
    changedByUserId: item.createdByUserId,
  };
  for (const field of ['votes', 'voteCount', 'hasVoted', 'initiator', 'linkedGoals']) delete state[field];
  if ('votes' in item && item.votes.length) state.voterIds = item.votes.map((vote) => vote.userId);
  if (kind === 'takeaway' && (item as Takeaway).initiator)
    state.initiator = { firstName: (item as Takeaway).initiator!.firstName, lastName: (item as Takeaway).initiator!.lastName };
  for (const field of ['linkedGoalIds', 'linkedTakeawayIds', 'linkedActionPointIds'])
    if (Array.isArray(state[field]) && (state[field] as string[]).length === 0) delete state[field];
  return state;
}

let eventCounter = 0;
function eventOf(
  kind: Kind,
  action: HistoryEvent['action'],
  before: Answer | Takeaway | Goal | ActionPoint | null,
  after: Answer | Takeaway | Goal | ActionPoint | null,
  by = other,
): HistoryEvent {
  const item = (after ?? before)!;
  const id = `mf00000${String(++eventCounter).padStart(5, '0')}aaaaaaaaaa`;
  return {
    id,
    createdDate: '2026-03-12T09:30:00.000Z',
    familyId,
    actor: { userId: by, firstName: 'Byron', lastName: 'Lovelace', entityId: familyId, entityName: 'Lovelace Family', entityTypeId: 1 },
    action,
    itemType: kind,
    itemId: item.id,
    sectionId,
    categoryId: 'categoryId' in item ? item.categoryId : categoryId,
    title: 'title' in item ? item.title : (item as Answer).text.slice(0, 80),
    batchId: id,
    revertsEventId: null,
    before: before && stateOf(kind, before),
    after: after && stateOf(kind, after),
  };
}

const otherEvent = (overrides: Partial<HistoryEvent>): HistoryEvent => ({ ...eventOf('goal', 'created', null, aGoal()), ...overrides });

function aCanvas(categories: { takeaways?: Takeaway[]; goals?: Goal[]; actionPoints?: ActionPoint[] }[] = [{}, {}], abilities = editorAbilities): Canvas {
  return {
    id: familyId,
    title: 'Lovelace canvas',
    entityId: familyId,
    workRelationMemberPermissions: [],
    advisorCompaniesVisibleToAdvisors: false,
    abilities,
    sections: [
      {
        id: sectionId,
        canvasId: familyId,
        familyId,
        createdByUserId: me,
        sectionTypeId: 1,
        title: 'Our Family',
        sequenceNumber: 1,
        categories: categories.map((content, index) => ({
          id: categoryId + index,
          sectionId,
          categoryTypeId: 1 + index,
          title: `Category ${index}`,
          colorCode: 'A5A5A5',
          createdByUserId: me,
          sequenceNumber: index + 1,
          takeaways: content.takeaways ?? [],
          goals: content.goals ?? [],
          actionPoints: content.actionPoints ?? [],
        })),
      },
    ],
  };
}

function patched<T>(outcome: PatchOutcome<T>): T {
  if (outcome.kind !== 'patched') throw new Error(`Expected a patch, got ${outcome.kind}`);
  return outcome.data;
}

const firstCategory = (canvas: Canvas) => canvas.sections[0]!.categories[0]!;
const secondCategory = (canvas: Canvas) => canvas.sections[0]!.categories[1]!;

describe('patching the overview (and its goals-and-actions tab) from a change', () => {
  it('adds a goal someone else created, once, marked as changed', () => {
    const goal = aGoal({ createdByUserId: other, title: 'Set up a trust', createdDate: '2026-03-12T09:30:00.000Z' });
    const earlier = aGoal({ title: 'Earlier goal' });
    const canvas = aCanvas([{ goals: [earlier] }, {}]);
    const event = eventOf('goal', 'created', null, goal);
    const next = patched(patchOverview(canvas, event, context));
    expect(firstCategory(next).goals).toEqual([earlier, { ...goal, changedSinceLastVisit: true }]);
    // Seen again (the catch-up after a reconnect, or the author's own refetch came first): nothing twice.
    expect(patchOverview(next, event, context)).toEqual({ kind: 'unchanged' });
    // Other categories keep their very objects (no re-render of what did not change).
    expect(secondCategory(next).goals).toBe(secondCategory(canvas).goals);
  });

  it('takes an edit, and never rolls a newer item back with an older event', () => {
    const goal = aGoal({ version: 2, title: 'Old title' });
    const canvas = aCanvas([{ goals: [goal] }, {}]);
    const edited = { ...goal, title: 'New title', dueDate: '2027-01-31', goalTerm: 'ShortTerm' as const, version: 3 };
    const next = patched(patchOverview(canvas, eventOf('goal', 'updated', goal, edited), context));
    expect(firstCategory(next).goals[0]).toMatchObject({ title: 'New title', dueDate: '2027-01-31', goalTerm: 'ShortTerm', version: 3 });
    const older = eventOf('goal', 'updated', { ...goal, version: 1 }, { ...goal, title: 'Older title', version: 2 });
    expect(patchOverview(next, older, context)).toEqual({ kind: 'unchanged' });
  });

  it('completes a goal, and the takeaways that list it show it completed', () => {
    const goal = aGoal({ version: 2 });
    const takeaway = aTakeaway({ linkedGoalIds: [goal.id], linkedGoals: [{ id: goal.id, categoryId, title: goal.title, completed: false }] });
    const canvas = aCanvas([{ goals: [{ ...goal, linkedTakeawayIds: [takeaway.id] }] }, { takeaways: [{ ...takeaway, categoryId: otherCategoryId }] }]);
    const done = { ...goal, linkedTakeawayIds: [takeaway.id], completed: true, version: 3 };
    const next = patched(patchOverview(canvas, eventOf('goal', 'completed', { ...goal, linkedTakeawayIds: [takeaway.id] }, done), context));
    expect(firstCategory(next).goals[0]!.completed).toBe(true);
    expect(secondCategory(next).takeaways[0]!.linkedGoals).toEqual([{ id: goal.id, categoryId, title: goal.title, completed: true }]);
    // Completing changes no link: the takeaway's version stays.
    expect(secondCategory(next).takeaways[0]!.version).toBe(1);
  });

  it('links both sides when a goal is created with links, with the other sides’ versions one up, and only once', () => {
    const takeaway = aTakeaway({ categoryId: otherCategoryId, version: 4 });
    const actionPoint = anActionPoint({ version: 2 });
    const canvas = aCanvas([{ actionPoints: [actionPoint] }, { takeaways: [takeaway] }]);
    const goal = aGoal({
      createdByUserId: other,
      title: 'Linked goal',
      linkedTakeawayIds: [takeaway.id],
      linkedActionPointIds: [actionPoint.id],
      createdDate: '2026-03-12T09:30:00.000Z',
    });
    const event = eventOf('goal', 'created', null, goal);
    const next = patched(patchOverview(canvas, event, context));
    expect(firstCategory(next).actionPoints[0]).toMatchObject({ linkedGoalIds: [goal.id], version: 3 });
    expect(secondCategory(next).takeaways[0]).toMatchObject({
      linkedGoalIds: [goal.id],
      linkedGoals: [{ id: goal.id, categoryId, title: 'Linked goal', completed: false }],
      version: 5,
    });
    expect(patchOverview(next, event, context)).toEqual({ kind: 'unchanged' });
  });

  it('takes a goal away when deleted, with its links on the other side, and ignores the delete seen again', () => {
    const goal = aGoal({ version: 2 });
    const actionPoint = anActionPoint({ linkedGoalIds: [goal.id], version: 3 });
    const linkedGoal = { ...goal, linkedActionPointIds: [actionPoint.id] };
    const canvas = aCanvas([{ goals: [linkedGoal], actionPoints: [actionPoint] }, {}]);
    const event = eventOf('goal', 'deleted', linkedGoal, null);
    const next = patched(patchOverview(canvas, event, context));
    expect(firstCategory(next).goals).toEqual([]);
    expect(firstCategory(next).actionPoints[0]).toMatchObject({ linkedGoalIds: [], version: 4 });
    expect(patchOverview(next, event, context)).toEqual({ kind: 'unchanged' });
  });

  it('keeps a goal restored after a delete that arrives late', () => {
    const goal = aGoal({ version: 3 });
    const canvas = aCanvas([{ goals: [goal] }, {}]);
    expect(patchOverview(canvas, eventOf('goal', 'deleted', { ...goal, version: 2 }, null), context)).toEqual({ kind: 'unchanged' });
  });

  it('brings back a restored goal', () => {
    const goal = aGoal({ version: 3, createdByUserId: other });
    const next = patched(patchOverview(aCanvas(), eventOf('goal', 'restored', null, goal), context));
    expect(firstCategory(next).goals).toEqual([{ ...goal, changedSinceLastVisit: true }]);
  });

  it('adds, edits, completes and deletes an action point', () => {
    const actionPoint = anActionPoint({ createdByUserId: other, assigneeId: other, priority: 'HighPriority', dueDate: '2026-05-01' });
    let canvas = patched(patchOverview(aCanvas(), eventOf('actionPoint', 'created', null, actionPoint), context));
    expect(firstCategory(canvas).actionPoints).toEqual([{ ...actionPoint, changedSinceLastVisit: true }]);
    const edited = { ...actionPoint, title: 'Call the lawyer', assigneeId: null, version: 2 };
    canvas = patched(patchOverview(canvas, eventOf('actionPoint', 'updated', actionPoint, edited), context));
    expect(firstCategory(canvas).actionPoints[0]).toMatchObject({ title: 'Call the lawyer', assigneeId: null, version: 2 });
    const done = { ...edited, completed: true, version: 3 };
    canvas = patched(patchOverview(canvas, eventOf('actionPoint', 'completed', edited, done), context));
    expect(firstCategory(canvas).actionPoints[0]!.completed).toBe(true);
    canvas = patched(patchOverview(canvas, eventOf('actionPoint', 'deleted', done, null), context));
    expect(firstCategory(canvas).actionPoints).toEqual([]);
  });

  it('shows active takeaways only: an archived one leaves the card, an unarchived one comes back in creation order', () => {
    const first = aTakeaway({ createdDate: '2026-01-01T00:00:00.000Z', title: 'First' });
    const second = aTakeaway({ createdDate: '2026-02-01T00:00:00.000Z', title: 'Second' });
    const canvas = aCanvas([{ takeaways: [first, second] }, {}]);
    const archived = { ...first, archived: true, version: 2 };
    const without = patched(patchOverview(canvas, eventOf('takeaway', 'archived', first, archived), context));
    expect(firstCategory(without).takeaways.map((takeaway) => takeaway.title)).toEqual(['Second']);
    const back = patched(patchOverview(without, eventOf('takeaway', 'unarchived', archived, { ...first, version: 3 }), context));
    expect(firstCategory(back).takeaways.map((takeaway) => takeaway.title)).toEqual(['First', 'Second']);
  });

  it('counts votes on a takeaway, and knows the user’s own', () => {
    const takeaway = aTakeaway({ createdByUserId: other });
    const canvas = aCanvas([{ takeaways: [takeaway] }, {}]);
    const voted = { ...takeaway, votes: [{ id: `${takeaway.id}:${me}`, userId: me, takeawayId: takeaway.id }], version: 2 };
    const next = patched(patchOverview(canvas, eventOf('takeaway', 'voted', takeaway, voted, me), context));
    expect(firstCategory(next).takeaways[0]).toMatchObject({ voteCount: 1, hasVoted: true, votes: voted.votes, changedSinceLastVisit: false });
    const unvoted = patched(patchOverview(next, eventOf('takeaway', 'unvoted', voted, { ...takeaway, version: 3 }, me), context));
    expect(firstCategory(unvoted).takeaways[0]).toMatchObject({ voteCount: 0, hasVoted: false, votes: [] });
  });

  it('changes the canvas title', () => {
    const event = otherEvent({
      itemType: 'canvas',
      action: 'titleChanged',
      itemId: String(familyId),
      categoryId: null,
      sectionId: null,
      before: { title: 'Lovelace canvas' },
      after: { title: 'Our plan' },
    });
    expect(patched(patchOverview(aCanvas(), event, context)).title).toBe('Our plan');
  });

  it('leaves answers to the category pages, and another family’s changes alone', () => {
    expect(patchOverview(aCanvas(), eventOf('answer', 'created', null, anAnswer()), context)).toEqual({ kind: 'unchanged' });
    expect(patchOverview(aCanvas(), { ...eventOf('goal', 'created', null, aGoal()), familyId: familyId + 1 }, context)).toEqual({ kind: 'unchanged' });
  });

  it('refetches what an event cannot say: a reset, sharing, advisors, unknown actions, broken states', () => {
    const canvas = aCanvas();
    const refetch = { kind: 'refetch' };
    expect(
      patchOverview(canvas, otherEvent({ itemType: 'canvas', action: 'reset', categoryId: null, sectionId: null, before: null, after: null }), context),
    ).toEqual(refetch);
    expect(
      patchOverview(
        canvas,
        otherEvent({
          itemType: 'shares',
          action: 'sharesChanged',
          categoryId: null,
          sectionId: null,
          before: { sharedSectionIds: [] },
          after: { sharedSectionIds: [sectionId] },
        }),
        context,
      ),
    ).toEqual(refetch);
    expect(patchOverview(canvas, otherEvent({ itemType: 'advisor', action: 'advisorAdded', categoryId: null, sectionId: null }), context)).toEqual(refetch);
    expect(patchOverview(canvas, otherEvent({ action: 'titleChanged' }), context)).toEqual(refetch);
    const broken = eventOf('goal', 'created', null, aGoal());
    expect(patchOverview(canvas, { ...broken, after: { ...broken.after, title: undefined } }, context)).toEqual(refetch);
    // A category the overview does not show (its section is hidden, or it is new).
    expect(patchOverview(canvas, eventOf('goal', 'created', null, aGoal({ categoryId: categoryId + 50 })), context)).toEqual(refetch);
  });

  it('refetches a link change for a reader whose events come without link lists (an advisor limited to some sections)', () => {
    const canvas = aCanvas([{}, {}], { ...editorAbilities, accessKind: 'workRelation', workRelationRoleId: 1 });
    expect(patchOverview(canvas, eventOf('goal', 'created', null, aGoal()), context)).toEqual({ kind: 'refetch' });
    // With the lists in the event, the links are known.
    const takeaway = aTakeaway();
    const withTakeaway = aCanvas([{ takeaways: [takeaway] }, {}], canvas.abilities);
    expect(patchOverview(withTakeaway, eventOf('goal', 'created', null, aGoal({ linkedTakeawayIds: [takeaway.id] })), context).kind).toBe('patched');
  });

  it('refetches when an edit’s link change cannot be told apart from one already applied', () => {
    // The goal is not in the cache (deleted since, in this snapshot): its late edit would bump the action point's version blindly.
    const goal = aGoal({ version: 2 });
    const actionPoint = anActionPoint();
    const canvas = aCanvas([{ actionPoints: [actionPoint] }, {}]);
    expect(patchOverview(canvas, eventOf('goal', 'updated', goal, { ...goal, linkedActionPointIds: [actionPoint.id], version: 3 }), context)).toEqual({
      kind: 'refetch',
    });
  });
});

describe('patching a category page from a change', () => {
  it('adds, edits, votes on and deletes an answer under its question', () => {
    const category = aCategory({ questions: [aQuestion(1), aQuestion(2)] });
    const answer = anAnswer({ createdByUserId: other, questionId: `${categoryId}.2`, text: 'We share' });
    let next = patched(patchCategory(category, eventOf('answer', 'created', null, answer), context));
    expect(next.questions[1]!.answers).toEqual([{ ...answer, changedSinceLastVisit: true }]);
    expect(patchCategory(next, eventOf('answer', 'created', null, answer), context)).toEqual({ kind: 'unchanged' });
    const edited = { ...answer, text: 'We share everything', version: 2 };
    next = patched(patchCategory(next, eventOf('answer', 'updated', answer, edited), context));
    expect(next.questions[1]!.answers[0]!.text).toBe('We share everything');
    const voted = { ...edited, votes: [{ id: `${answer.id}:${me}`, userId: me, answerId: answer.id }], version: 3 };
    next = patched(patchCategory(next, eventOf('answer', 'voted', edited, voted, me), context));
    expect(next.questions[1]!.answers[0]).toMatchObject({ voteCount: 1, hasVoted: true });
    next = patched(patchCategory(next, eventOf('answer', 'deleted', voted, null), context));
    expect(next.questions[1]!.answers).toEqual([]);
  });

  it('keeps an archived takeaway on the page, read-only', () => {
    const takeaway = aTakeaway();
    const next = patched(
      patchCategory(aCategory({ takeaways: [takeaway] }), eventOf('takeaway', 'archived', takeaway, { ...takeaway, archived: true, version: 2 }), context),
    );
    expect(next.takeaways).toEqual([{ ...takeaway, archived: true, version: 2, changedSinceLastVisit: true }]);
  });

  it('adds a goal, an action point and a takeaway of this category, and ignores another category’s unlinked ones', () => {
    let category = aCategory();
    const goal = aGoal({ createdByUserId: other });
    const actionPoint = anActionPoint({ createdByUserId: other, linkedGoalIds: [goal.id] });
    const takeaway = aTakeaway({ createdByUserId: other, initiatorId: other, initiator: { id: other, firstName: 'Byron', lastName: 'Lovelace' } });
    category = patched(patchCategory(category, eventOf('goal', 'created', null, goal), context));
    category = patched(patchCategory(category, eventOf('actionPoint', 'created', null, actionPoint), context));
    category = patched(patchCategory(category, eventOf('takeaway', 'created', null, takeaway), context));
    expect(category.goals).toEqual([{ ...goal, linkedActionPointIds: [actionPoint.id], version: 2, changedSinceLastVisit: true }]);
    expect(category.actionPoints).toEqual([{ ...actionPoint, changedSinceLastVisit: true }]);
    expect(category.takeaways).toEqual([{ ...takeaway, changedSinceLastVisit: true }]);
    expect(patchCategory(category, eventOf('goal', 'created', null, aGoal({ categoryId: otherCategoryId })), context)).toEqual({ kind: 'unchanged' });
  });

  it('lists a new item of another category that links here under "linked elsewhere"', () => {
    const takeaway = aTakeaway({ version: 1 });
    const category = aCategory({ takeaways: [takeaway] });
    const goal = aGoal({ categoryId: otherCategoryId, title: 'Elsewhere', linkedTakeawayIds: [takeaway.id] });
    const next = patched(patchCategory(category, eventOf('goal', 'created', null, goal), context));
    expect(next.takeaways[0]).toMatchObject({
      linkedGoalIds: [goal.id],
      linkedGoals: [{ id: goal.id, categoryId: otherCategoryId, title: 'Elsewhere', completed: false }],
      version: 2,
    });
    expect(next.linkedElsewhere.goals).toEqual([{ id: goal.id, categoryId: otherCategoryId, title: 'Elsewhere', isClosed: false }]);
    expect(patchCategory(next, eventOf('goal', 'created', null, goal), context)).toEqual({ kind: 'unchanged' });
    // Its later title and completion show there too.
    const done = { ...goal, title: 'Done elsewhere', completed: true, version: 2 };
    const after = patched(patchCategory(next, eventOf('goal', 'completed', goal, done), context));
    expect(after.linkedElsewhere.goals).toEqual([{ id: goal.id, categoryId: otherCategoryId, title: 'Done elsewhere', isClosed: true }]);
    expect(after.takeaways[0]!.linkedGoals[0]).toMatchObject({ title: 'Done elsewhere', completed: true });
  });

  it('adds a takeaway here that links a goal of another category it already lists', () => {
    const goalId = `${familyId}.${'e'.repeat(32)}`;
    const elsewhere = { id: goalId, categoryId: otherCategoryId, title: 'Elsewhere', isClosed: false };
    const category = aCategory({ linkedElsewhere: { takeaways: [], goals: [elsewhere], actionPoints: [] } });
    const takeaway = aTakeaway({
      createdByUserId: other,
      linkedGoalIds: [goalId],
      linkedGoals: [{ id: goalId, categoryId: otherCategoryId, title: 'Elsewhere', completed: false }],
    });
    const next = patched(patchCategory(category, eventOf('takeaway', 'created', null, takeaway), context));
    expect(next.takeaways).toEqual([{ ...takeaway, changedSinceLastVisit: true }]);
    expect(next.linkedElsewhere.goals).toEqual([elsewhere]);
  });

  it('patches answers for an advisor limited to some sections (answers have no links)', () => {
    const category = aCategory({ abilities: { ...editorAbilities, accessKind: 'workRelation', workRelationRoleId: 1 } });
    const answer = anAnswer({ createdByUserId: other });
    expect(patched(patchCategory(category, eventOf('answer', 'created', null, answer), context)).questions[0]!.answers).toEqual([
      { ...answer, changedSinceLastVisit: true },
    ]);
    expect(patchCategory(category, eventOf('takeaway', 'created', null, aTakeaway()), context)).toEqual({ kind: 'refetch' });
  });

  it('refetches when an item here links to one of another category it does not know', () => {
    const category = aCategory();
    const takeaway = aTakeaway({ linkedGoalIds: [`${familyId}.${'f'.repeat(32)}`] });
    expect(patchCategory(category, eventOf('takeaway', 'created', null, takeaway), context)).toEqual({ kind: 'refetch' });
  });

  it('refetches when another category’s item changes its links into this one (the other side’s version is unsure)', () => {
    const takeaway = aTakeaway();
    const goal = aGoal({ categoryId: otherCategoryId, version: 2 });
    const event = eventOf('goal', 'updated', goal, { ...goal, linkedTakeawayIds: [takeaway.id], version: 3 });
    expect(patchCategory(aCategory({ takeaways: [takeaway] }), event, context)).toEqual({ kind: 'refetch' });
  });

  it('leaves the canvas title and other families alone, and refetches for a reset', () => {
    const category = aCategory();
    expect(
      patchCategory(
        category,
        otherEvent({ itemType: 'canvas', action: 'titleChanged', categoryId: null, sectionId: null, before: { title: 'a' }, after: { title: 'b' } }),
        context,
      ),
    ).toEqual({ kind: 'unchanged' });
    expect(patchCategory({ ...category, familyId: familyId + 1 }, eventOf('answer', 'created', null, anAnswer()), context)).toEqual({ kind: 'unchanged' });
    expect(
      patchCategory(category, otherEvent({ itemType: 'canvas', action: 'reset', categoryId: null, sectionId: null, before: null, after: null }), context),
    ).toEqual({ kind: 'refetch' });
  });
});
