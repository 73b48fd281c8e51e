import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionPoint, Answer, AnswerVoteResponse, Goal, Takeaway } from '../../shared/contracts/canvas';
import { EntityRole } from '../../shared/enums';
import { queryCanvas } from '../../functions/records/items';
import type { TestAccount } from '../support/accounts';
import { categoryNamed, expectError, familyWithCanvas, getCanvas, getCategory, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { snapshotTable } from '../support/table';
import { routePath } from '../support/route-calls';

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let owner: TestAccount;
let admin: TestAccount;
let alice: TestAccount;
let bob: TestAccount;
let limitedMember: TestAccount;
/** Owner of another family, with its own canvas. */
let stranger: FamilyWithCanvas;
let values: number;
let wealth: number;

beforeAll(async () => {
  [family, stranger] = await Promise.all([familyWithCanvas(stack, 'Lindqvist Family'), familyWithCanvas(stack, 'Weber Family')]);
  owner = family.owner;
  [admin, alice, bob, limitedMember] = await Promise.all([
    memberOf(stack, owner, EntityRole.Admin, 'Admin'),
    memberOf(stack, owner, EntityRole.FullMember, 'Alice'),
    memberOf(stack, owner, EntityRole.FullMember, 'Bobby'),
    memberOf(stack, owner, EntityRole.LimitedMember, 'Limited'),
  ]);
  values = categoryNamed(family.canvas, 'Our Values').id;
  wealth = categoryNamed(family.canvas, 'Abundance of Wealth').id;
});

const answerPath = (questionId: string) => routePath('createAnswer', { questionId });

describe('answers', () => {
  it('live through create, vote, edit and delete with the rules of docs/product/canvas.md#rules, #validation, #permissions', async () => {
    const question = `${values}.1`;
    const created = await alice.client.post<Answer>(answerPath(question), { text: '  Honesty above all  ', questionId: question });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(new RegExp(`^${family.familyId}\\.[0-9a-f]{32}$`)),
      questionId: question,
      text: 'Honesty above all',
      createdByUserId: alice.userId,
      createdDate: expect.any(String),
      version: 1,
      changedSinceLastVisit: false,
      votes: [],
      voteCount: 0,
      hasVoted: false,
    });
    const answerId = created.body.id;

    // One answer per user per question.
    expectError(await alice.client.post(answerPath(question), { text: 'Again', questionId: question }), 9);
    // Another question is fine; the body must name the path's question.
    expectError(await alice.client.post(answerPath(`${values}.2`), { text: 'Mismatch', questionId: question }), 6);
    expectError(await limitedMember.client.post(answerPath(question), { text: 'Mine', questionId: question }), 8);
    expect(expectError(await bob.client.post(answerPath(question), { text: '   ', questionId: question }), 2).errors).toHaveProperty('text');

    // Votes: once per user, not on one's own, removable, only with edit rights.
    const vote = await bob.client.call<'addAnswerVote', AnswerVoteResponse>('addAnswerVote', { params: { answerId } });
    expect(vote.status).toBe(201);
    expect(vote.body).toEqual({ id: `${answerId}:${bob.userId}`, userId: bob.userId, answerId, voteCount: 1 });
    expectError(await bob.client.call('addAnswerVote', { params: { answerId } }), 9);
    expectError(await alice.client.call('addAnswerVote', { params: { answerId } }), 8);
    expectError(await limitedMember.client.call('addAnswerVote', { params: { answerId } }), 8);
    expect((await owner.client.call('addAnswerVote', { params: { answerId } })).status).toBe(201);
    let category = await getCategory(bob.client, values);
    const votes = [bob.userId, owner.userId].sort().map((userId) => ({ id: `${answerId}:${userId}`, userId, answerId }));
    expect(category.questions[0]?.answers).toEqual([{ ...created.body, votes, voteCount: 2, hasVoted: true, version: 3 }]);
    expect((await bob.client.call('removeAnswerVote', { params: { answerId } })).status).toBe(204);
    expectError(await bob.client.call('removeAnswerVote', { params: { answerId } }), 4);
    category = await getCategory(bob.client, values);
    expect(category.questions[0]?.answers[0]).toMatchObject({ voteCount: 1, hasVoted: false });

    // Only the author edits.
    const edited = await alice.client.call<'updateAnswer', Answer>('updateAnswer', { params: { id: answerId }, body: { text: 'Honesty, always' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ text: 'Honesty, always', voteCount: 1 });
    expectError(await bob.client.call('updateAnswer', { params: { id: answerId }, body: { text: 'Hijacked' } }), 8);
    expectError(await owner.client.call('updateAnswer', { params: { id: answerId }, body: { text: 'Hijacked' } }), 8);
    expectError(await alice.client.call('updateAnswer', { params: { id: answerId }, body: { text: 'x', questionId: `${values}.2` } }), 6);

    // Delete: the author or the family's owner/admin; the author leaves the question's answerers.
    expectError(await bob.client.call('deleteAnswer', { params: { id: answerId } }), 8);
    expectError(await limitedMember.client.call('deleteAnswer', { params: { id: answerId } }), 8);
    expect((await admin.client.call('deleteAnswer', { params: { id: answerId } })).status).toBe(204);
    expectError(await admin.client.call('deleteAnswer', { params: { id: answerId } }), 4);
    const partition = await queryCanvas(family.familyId);
    expect(partition.filter((item) => String(item.SK).includes(answerId))).toEqual([]);
    expect(partition.filter((item) => item.type === 'Question' && item.answeredBy instanceof Set && item.answeredBy.has(alice.userId))).toEqual([]);
    expect((await alice.client.post(answerPath(question), { text: 'Honesty, again', questionId: question })).status).toBe(201);
  });

  it('refuse unknown questions and ids of other canvases without changing anything', async () => {
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    const foreignQuestion = `${categoryNamed(stranger.canvas, 'Our Values').id}.1`;
    expectError(await alice.client.post(answerPath(foreignQuestion), { text: 'Sneaky', questionId: foreignQuestion }), 4);
    expectError(await alice.client.post(answerPath(`${values}.9`), { text: 'No such question', questionId: `${values}.9` }), 4);
    expectError(await alice.client.post(answerPath('not-a-question'), { text: 'Bad', questionId: `${values}.1` }), 6);
    expectError(await alice.client.call('updateAnswer', { params: { id: '123' }, body: { text: 'Bad id' } }), 6);
    expectError(await alice.client.call('addAnswerVote', { params: { answerId: `${stranger.familyId}.${'a'.repeat(32)}` } }), 4);
    expectError(await alice.client.call('deleteAnswer', { params: { id: `${family.familyId}.${'a'.repeat(32)}` } }), 4);
    expect(await snapshotTable(stack.dynamoEndpoint, stack.tableName)).toEqual(before);
  });
});

describe('rules held by DynamoDB when requests race', () => {
  it('keeps one answer per user per question and one vote per user per item', async () => {
    const question = `${wealth}.3`;
    const answers = await Promise.all([1, 2, 3].map((n) => bob.client.post(answerPath(question), { text: `Take ${n}`, questionId: question })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const answerId = (answers.find((r) => r.status === 201)?.body as Answer).id;
    const votes = await Promise.all([1, 2, 3].map(() => alice.client.call('addAnswerVote', { params: { answerId } })));
    expect(votes.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const category = await getCategory(alice.client, wealth);
    expect(category.questions[2]?.answers.filter((a) => a.createdByUserId === bob.userId)).toEqual([expect.objectContaining({ id: answerId, voteCount: 1 })]);
  });

  it('keeps both sides of every link in step when linked items are edited at once', async () => {
    const goals = await Promise.all(
      [1, 2, 3].map((n) =>
        alice.client.call<'createGoal', Goal>('createGoal', { params: { categoryId: wealth }, body: { title: `Race goal ${n}`, categoryId: wealth } }),
      ),
    );
    const goalIds = goals.map((g) => g.body.id);
    const takeaway = await bob.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: wealth },
      body: { title: 'Race takeaway', categoryId: wealth },
    });
    // The takeaway links all goals while each goal links the takeaway from its side.
    const results = await Promise.all([
      bob.client.call('updateTakeaway', { params: { id: takeaway.body.id }, body: { title: 'Race takeaway', linkedGoalIds: goalIds } }),
      ...goalIds.map((id, n) =>
        alice.client.call('updateGoal', { params: { id }, body: { title: `Race goal ${n + 1}`, linkedTakeawayIds: [takeaway.body.id] } }),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const category = await getCategory(owner.client, wealth);
    const linkedFromTakeaway = category.takeaways.find((t) => t.id === takeaway.body.id)?.linkedGoalIds ?? [];
    for (const goal of category.goals.filter((g) => goalIds.includes(g.id))) {
      expect(goal.linkedTakeawayIds.includes(takeaway.body.id), goal.title).toBe(linkedFromTakeaway.includes(goal.id));
    }
    expect(linkedFromTakeaway.sort()).toEqual([...goalIds].sort());
  });
});

describe('takeaways, goals and action points', () => {
  it('link on both sides, archive, complete and delete cleanly', async () => {
    // A goal and an action point first, then a takeaway linking the goal.
    const goal = await alice.client.call<'createGoal', Goal>('createGoal', {
      params: { categoryId: values },
      body: {
        title: 'Meet as a family every month',
        text: 'First Sunday',
        categoryId: values,
        goalTerm: 'ShortTerm',
        completed: false,
        linkedTakeawayIds: [],
        linkedActionPointIds: [],
      },
    });
    expect(goal.status).toBe(201);
    expect(goal.body).toMatchObject({ initiatorId: alice.userId, goalTerm: 'ShortTerm', completed: false, linkedTakeawayIds: [], linkedActionPointIds: [] });

    const action = await bob.client.call<'createActionPoint', ActionPoint>('createActionPoint', {
      params: { categoryId: wealth },
      body: {
        title: 'Book the lake house',
        categoryId: wealth,
        initiatorId: bob.userId,
        assigneeId: alice.userId,
        priority: 'HighPriority',
        completed: false,
        linkedGoalIds: [goal.body.id],
      },
    });
    expect(action.status).toBe(201);
    expect(action.body).toMatchObject({ categoryId: wealth, assigneeId: alice.userId, priority: 'HighPriority', linkedGoalIds: [goal.body.id] });

    const takeaway = await bob.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: values },
      body: {
        title: 'We want more time together',
        text: '',
        categoryId: values,
        initiatorId: alice.userId,
        linkedGoalIds: [goal.body.id],
      },
    });
    expect(takeaway.status).toBe(201);
    expect(takeaway.body).toMatchObject({
      id: expect.stringMatching(/^\d+\.[0-9a-f]{32}$/),
      text: null,
      initiatorId: alice.userId,
      archived: false,
      voteCount: 0,
    });

    // Both sides agree.
    let category = await getCategory(owner.client, values);
    expect(category.goals.find((g) => g.id === goal.body.id)).toMatchObject({ linkedTakeawayIds: [takeaway.body.id], linkedActionPointIds: [action.body.id] });
    expect(category.linkedElsewhere.actionPoints).toEqual([{ id: action.body.id, categoryId: wealth, title: 'Book the lake house', isClosed: false }]);
    let canvas = await getCanvas(owner.client);
    expect(categoryNamed(canvas, 'Our Values').takeaways.map((t) => t.id)).toEqual([takeaway.body.id]);
    expect(categoryNamed(canvas, 'Abundance of Wealth').actionPoints[0]?.linkedGoalIds).toEqual([goal.body.id]);

    // Any editor edits a takeaway; unlinking changes the goal too.
    const editedTakeaway = await alice.client.call<'updateTakeaway', Takeaway>('updateTakeaway', {
      params: { id: takeaway.body.id },
      body: { title: 'More time together', linkedGoalIds: [] },
    });
    expect(editedTakeaway.status).toBe(200);
    expect(editedTakeaway.body).toMatchObject({ title: 'More time together', initiatorId: alice.userId, linkedGoalIds: [] });
    category = await getCategory(owner.client, values);
    expect(category.goals.find((g) => g.id === goal.body.id)?.linkedTakeawayIds).toEqual([]);
    // …and linking again from the goal side.
    const relinked = await alice.client.call<'updateGoal', Goal>('updateGoal', {
      params: { id: goal.body.id },
      body: { title: 'Meet every month', linkedTakeawayIds: [takeaway.body.id] },
    });
    expect(relinked.status).toBe(200);
    expect(relinked.body).toMatchObject({
      title: 'Meet every month',
      text: 'First Sunday',
      goalTerm: 'ShortTerm',
      linkedTakeawayIds: [takeaway.body.id],
      linkedActionPointIds: [action.body.id],
    });
    expect((await getCategory(owner.client, values)).takeaways[0]?.linkedGoalIds).toEqual([goal.body.id]);

    // Only the creator edits a goal or an action point.
    expectError(await bob.client.call('updateGoal', { params: { id: goal.body.id }, body: { title: 'Mine now' } }), 8);
    expectError(await owner.client.call('updateGoal', { params: { id: goal.body.id }, body: { title: 'Mine now' } }), 8);
    expectError(await alice.client.call('updateActionPoint', { params: { id: action.body.id }, body: { title: 'Mine now' } }), 8);

    // Priority changes only with updatePriority.
    const keptPriority = await bob.client.call<'updateActionPoint', ActionPoint>('updateActionPoint', {
      params: { id: action.body.id },
      body: {
        title: 'Book the lake house early',
        priority: 'LowPriority',
      },
    });
    expect(keptPriority.body).toMatchObject({ title: 'Book the lake house early', priority: 'HighPriority', assigneeId: alice.userId });
    const newPriority = await bob.client.call<'updateActionPoint', ActionPoint>('updateActionPoint', {
      params: { id: action.body.id },
      body: {
        title: 'Book the lake house early',
        priority: 'none',
        updatePriority: true,
        assigneeId: null,
      },
    });
    expect(newPriority.body).toMatchObject({ priority: 'NoPriority', assigneeId: null, linkedGoalIds: [goal.body.id] });

    // Votes on takeaways: not one's own, once, removable.
    expectError(await bob.client.call('addTakeawayVote', { params: { takeawayId: takeaway.body.id } }), 8);
    expect((await alice.client.call('addTakeawayVote', { params: { takeawayId: takeaway.body.id } })).status).toBe(201);
    expectError(await alice.client.call('addTakeawayVote', { params: { takeawayId: takeaway.body.id } }), 9);
    expect((await owner.client.call('addTakeawayVote', { params: { takeawayId: takeaway.body.id } })).status).toBe(201);
    expect((await getCategory(alice.client, values)).takeaways[0]).toMatchObject({ voteCount: 2, hasVoted: true });

    // Archiving: links stay, the takeaway leaves the overview, is read-only and not linkable.
    const archived = await alice.client.call<'archiveTakeaway', Takeaway>('archiveTakeaway', { params: { id: takeaway.body.id }, body: { archived: true } });
    expect(archived.body).toMatchObject({ archived: true, linkedGoalIds: [goal.body.id] });
    canvas = await getCanvas(owner.client);
    expect(categoryNamed(canvas, 'Our Values').takeaways).toEqual([]);
    expect(categoryNamed(canvas, 'Our Values').goals[0]?.linkedTakeawayIds).toEqual([takeaway.body.id]);
    expectError(await alice.client.call('updateTakeaway', { params: { id: takeaway.body.id }, body: { title: 'Edit archived' } }), 8);
    expectError(await admin.client.call('addTakeawayVote', { params: { takeawayId: takeaway.body.id } }), 8);
    const linkArchived = await bob.client.call('createGoal', {
      params: { categoryId: values },
      body: {
        title: 'Another goal',
        categoryId: values,
        linkedTakeawayIds: [takeaway.body.id],
      },
    });
    expect(expectError(linkArchived, 6).errors).toHaveProperty('linkedTakeawayIds');
    expect((await alice.client.call('archiveTakeaway', { params: { id: takeaway.body.id }, body: { archived: false } })).status).toBe(200);

    // Completing a goal: read-only except uncompleting, not linkable, linked action untouched.
    const completed = await owner.client.call<'completeGoal', Goal>('completeGoal', { params: { id: goal.body.id }, body: { completed: true } });
    expect(completed.body).toMatchObject({ completed: true, linkedActionPointIds: [action.body.id] });
    expect((await getCategory(owner.client, wealth)).actionPoints[0]).toMatchObject({ completed: false, linkedGoalIds: [goal.body.id] });
    expectError(await alice.client.call('updateGoal', { params: { id: goal.body.id }, body: { title: 'Edit completed' } }), 8);
    const linkCompleted = await bob.client.call('createActionPoint', {
      params: { categoryId: values },
      body: {
        title: 'Late',
        categoryId: values,
        linkedGoalIds: [goal.body.id],
      },
    });
    expect(expectError(linkCompleted, 6).errors).toHaveProperty('linkedGoalIds');
    // An existing link to a goal completed since may stay when the form is saved again.
    expect(
      (await bob.client.call('updateActionPoint', { params: { id: action.body.id }, body: { title: 'Lake house', linkedGoalIds: [goal.body.id] } })).status,
    ).toBe(200);
    expectError(await limitedMember.client.call('completeGoal', { params: { id: goal.body.id }, body: { completed: false } }), 8);
    expect((await alice.client.call<'completeGoal', Goal>('completeGoal', { params: { id: goal.body.id }, body: { completed: false } })).body.completed).toBe(
      false,
    );

    // Completing an action point; a completed one is read-only and not linkable.
    expect(
      (await alice.client.call<'completeActionPoint', ActionPoint>('completeActionPoint', { params: { id: action.body.id }, body: { completed: true } })).body
        .completed,
    ).toBe(true);
    expectError(await bob.client.call('updateActionPoint', { params: { id: action.body.id }, body: { title: 'Edit completed' } }), 8);
    const linkCompletedAction = await alice.client.call('updateGoal', {
      params: { id: goal.body.id },
      body: { title: 'Meet every month', linkedActionPointIds: [] },
    });
    expect(linkCompletedAction.status).toBe(200);
    expect(
      expectError(await alice.client.call('updateGoal', { params: { id: goal.body.id }, body: { title: 'Meet', linkedActionPointIds: [action.body.id] } }), 6)
        .errors,
    ).toHaveProperty('linkedActionPointIds');
    expect((await getCategory(owner.client, wealth)).actionPoints[0]?.linkedGoalIds).toEqual([]);

    // Delete: creator or the family's owner/admin; links vanish on the other side, votes with the item.
    expectError(await alice.client.call('deleteTakeaway', { params: { id: takeaway.body.id } }), 8);
    expectError(await limitedMember.client.call('deleteGoal', { params: { id: goal.body.id } }), 8);
    expect((await owner.client.call('deleteTakeaway', { params: { id: takeaway.body.id } })).status).toBe(204);
    expect((await getCategory(owner.client, values)).goals[0]?.linkedTakeawayIds).toEqual([]);
    expect((await alice.client.call('updateGoal', { params: { id: goal.body.id }, body: { title: 'Meet', linkedActionPointIds: [] } })).status).toBe(200);
    const secondAction = await bob.client.call<'createActionPoint', ActionPoint>('createActionPoint', {
      params: { categoryId: values },
      body: {
        title: 'Send invites',
        categoryId: values,
        linkedGoalIds: [goal.body.id],
      },
    });
    expect((await alice.client.call('deleteGoal', { params: { id: goal.body.id } })).status).toBe(204);
    expect((await getCategory(owner.client, values)).actionPoints.find((a) => a.id === secondAction.body.id)?.linkedGoalIds).toEqual([]);
    expect((await bob.client.call('deleteActionPoint', { params: { id: action.body.id } })).status).toBe(204);
    expect((await admin.client.call('deleteActionPoint', { params: { id: secondAction.body.id } })).status).toBe(204);
    expectError(await bob.client.call('deleteActionPoint', { params: { id: action.body.id } }), 4);
    // Nothing of the takeaway is left, its votes included.
    expect((await queryCanvas(family.familyId)).filter((item) => String(item.SK).includes(takeaway.body.id))).toEqual([]);
  });

  it('validate fields with the spec field names (2) and ids (6)', async () => {
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    const fieldsOf = async (path: string, body: unknown, code = 2) => Object.keys(expectError(await alice.client.post(path, body), code).errors);
    expect(await fieldsOf(routePath('createTakeaway', { categoryId: values }), { title: '', categoryId: values })).toEqual(['title']);
    expect(await fieldsOf(routePath('createTakeaway', { categoryId: values }), { title: 'T', categoryId: values, text: 'x'.repeat(2001) })).toEqual(['text']);
    expect(await fieldsOf(routePath('createGoal', { categoryId: values }), { title: 'G', categoryId: values, goalTerm: 'Someday' })).toEqual(['goalTerm']);
    expect(await fieldsOf(routePath('createActionPoint', { categoryId: values }), { title: 'A', categoryId: values, priority: 'Urgent' })).toEqual([
      'priority',
    ]);
    expect(await fieldsOf(routePath('createActionPoint', { categoryId: values }), { title: 'A', categoryId: values, assigneeId: 'bad id!' })).toEqual([
      'assigneeId',
    ]);
    expect(await fieldsOf(routePath('createGoal', { categoryId: values }), { title: 'G', categoryId: values, linkedTakeawayIds: ['nope'] })).toEqual([
      'linkedTakeawayIds.0',
    ]);
    expect(await fieldsOf(routePath('createGoal', { categoryId: values }), { title: 'G', categoryId: values, colour: 'red' })).toEqual(['colour']);
    // People must belong: the initiator to the family, the assignee to the canvas.
    expect(await fieldsOf(routePath('createTakeaway', { categoryId: values }), { title: 'T', categoryId: values, initiatorId: stranger.owner.userId })).toEqual(
      ['initiatorId'],
    );
    expect(await fieldsOf(routePath('createGoal', { categoryId: values }), { title: 'G', categoryId: values, initiatorId: 'f'.repeat(32) })).toEqual([
      'initiatorId',
    ]);
    expect(
      await fieldsOf(routePath('createActionPoint', { categoryId: values }), { title: 'A', categoryId: values, assigneeId: stranger.owner.userId }),
    ).toEqual(['assigneeId']);
    // Ids: the body's category must be the path's; links only within the canvas.
    expect(await fieldsOf(routePath('createGoal', { categoryId: values }), { title: 'G', categoryId: wealth }, 6)).toEqual(['categoryId']);
    const foreignGoal = `${stranger.familyId}.${'a'.repeat(32)}`;
    expect(await fieldsOf(routePath('createTakeaway', { categoryId: values }), { title: 'T', categoryId: values, linkedGoalIds: [foreignGoal] }, 6)).toEqual([
      'linkedGoalIds',
    ]);
    expect(
      await fieldsOf(
        routePath('createTakeaway', { categoryId: values }),
        { title: 'T', categoryId: values, linkedGoalIds: [`${family.familyId}.${'a'.repeat(32)}`] },
        6,
      ),
    ).toEqual(['linkedGoalIds']);
    // Another family's category: not found; a malformed one: incorrect input.
    const foreignCategory = categoryNamed(stranger.canvas, 'Our Values').id;
    expectError(await alice.client.call('createGoal', { params: { categoryId: foreignCategory }, body: { title: 'G', categoryId: foreignCategory } }), 4);
    expectError(await alice.client.call('createGoal', { params: { categoryId: family.familyId * 1000 + 1 }, body: { title: 'G', categoryId: values } }), 6);
    expectError(await alice.client.call('completeGoal', { params: { id: 'xyz' }, body: { completed: true } }), 6);
    expectError(await alice.client.call('completeGoal', { params: { id: `${family.familyId}.${'c'.repeat(32)}` }, body: { completed: true } }), 4);
    expectError(
      await alice.client.call('createGoal', { params: { categoryId: values }, rawBody: '{"title":', headers: { 'content-type': 'application/json' } }),
      6,
    );
    // The limited member may write nothing at all.
    expectError(await limitedMember.client.call('createTakeaway', { params: { categoryId: values }, body: { title: 'T', categoryId: values } }), 8);
    expectError(await limitedMember.client.call('createGoal', { params: { categoryId: values }, body: { title: 'G', categoryId: values } }), 8);
    expectError(await limitedMember.client.call('createActionPoint', { params: { categoryId: values }, body: { title: 'A', categoryId: values } }), 8);
    // Without a session nothing is written (5); the stranger cannot write into this canvas, even with a valid body (4).
    expectError(await stranger.owner.client.call('createTakeaway', { params: { categoryId: values }, body: { title: 'T', categoryId: values } }), 4);
    expectError(await stack.client().call('createTakeaway', { params: { categoryId: values }, body: { title: 'T', categoryId: values } }), 5);
    expectError(await stack.client().post(answerPath(`${values}.1`), { text: 'A', questionId: `${values}.1` }), 5);
    expect(await snapshotTable(stack.dynamoEndpoint, stack.tableName)).toEqual(before);
  });

  it('defaults the initiator and assignee to the caller, and accepts any family member', async () => {
    const created = await alice.client.call<'createActionPoint', ActionPoint>('createActionPoint', {
      params: { categoryId: values },
      body: { title: 'Call grandma', categoryId: values },
    });
    expect(created.body).toMatchObject({ initiatorId: alice.userId, assigneeId: alice.userId, priority: 'NoPriority', completed: false, text: null });
    const named = await alice.client.call<'createActionPoint', ActionPoint>('createActionPoint', {
      params: { categoryId: values },
      body: {
        title: 'Plan the reunion',
        categoryId: values,
        initiatorId: limitedMember.userId,
        assigneeId: bob.userId,
        completed: true,
      },
    });
    expect(named.body).toMatchObject({ initiatorId: limitedMember.userId, assigneeId: bob.userId, completed: true });
    const nobody = await alice.client.call<'createGoal', Goal>('createGoal', {
      params: { categoryId: values },
      body: {
        title: 'Someday',
        categoryId: values,
        initiatorId: null,
        goalTerm: null,
      },
    });
    expect(nobody.body).toMatchObject({ initiatorId: null, goalTerm: 'NoTerm' });
  });
});
