import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionPoint, Goal } from '../../shared/contracts/canvas';
import type { HistoryPage } from '../../shared/contracts/history';
import type { MyActionPoint, MyActionPointsResponse } from '../../shared/contracts/my-actions';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, categoryNamed, expectError, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import type { ApiClient } from '../support/integration';
import { useIntegrationStack } from '../support/integration';

/**
 * Due dates on action points and goals, and "My actions" (GET /api/canvas-action-point/mine):
 * the caller's open action points from the assignee index, only where they may see them.
 */

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let owner: TestAccount;
let member: TestAccount;
/** Full role at a company that sees only section 2 (the four abundances). */
let sectionAdvisor: TestAccount;
let values: number;
let wealth: number;

async function mine(client: ApiClient): Promise<MyActionPoint[]> {
  const response = await client.call<'listMyActionPoints', MyActionPointsResponse>('listMyActionPoints');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.actionPoints;
}

async function createActionPoint(client: ApiClient, categoryId: number, body: Record<string, unknown>): Promise<ActionPoint> {
  const response = await client.call<'createActionPoint', ActionPoint>('createActionPoint', { params: { categoryId }, looseBody: { categoryId, ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function latestEventId(client: ApiClient, itemId: string): Promise<string> {
  const page = await client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { limit: '50' } });
  const event = page.body.results.find((candidate) => candidate.itemId === itemId);
  if (!event) throw new Error(`no event of ${itemId}`);
  return event.id;
}

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Okafor Family');
  owner = family.owner;
  values = categoryNamed(family.canvas, 'Our Values').id;
  wealth = categoryNamed(family.canvas, 'Abundance of Wealth').id;
  member = await memberOf(stack, owner, EntityRole.FullMember, 'Mina');
  const company = await advisorCompanyFor(stack, family.familyId, [family.familyId * 1000 + 2], 'Focus Advisors');
  sectionAdvisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Sasha');
});

describe('due dates', () => {
  it('are real calendar days, YYYY-MM-DD, on create and edit; absent keeps, null clears', async () => {
    for (const dueDate of ['2026-02-30', '24.12.2026', '2026-1-5', '2026-12-24T00:00:00Z', 20261224]) {
      const refused = await owner.client.call('createActionPoint', {
        params: { categoryId: wealth },
        looseBody: { title: 'Bad date', categoryId: wealth, dueDate },
      });
      expect(expectError(refused, 2).errors.dueDate, String(dueDate)).toBeDefined();
    }
    const created = await createActionPoint(owner.client, wealth, { title: 'Sign the lease', dueDate: '2028-02-29' });
    expect(created.dueDate).toBe('2028-02-29');
    const refused = await owner.client.call('updateActionPoint', { params: { id: created.id }, body: { title: 'Sign the lease', dueDate: '2027-02-29' } });
    expectError(refused, 2);
    const kept = await owner.client.call<'updateActionPoint', ActionPoint>('updateActionPoint', {
      params: { id: created.id },
      body: { title: 'Sign the new lease' },
    });
    expect(kept.body.dueDate).toBe('2028-02-29');
    const cleared = await owner.client.call<'updateActionPoint', ActionPoint>('updateActionPoint', {
      params: { id: created.id },
      body: { title: 'Sign the new lease', dueDate: null },
    });
    expect(cleared.body.dueDate).toBeNull();

    const goal = await owner.client.call<'createGoal', Goal>('createGoal', {
      params: { categoryId: wealth },
      body: { title: 'Buy the farm', categoryId: wealth, dueDate: '2030-06-01' },
    });
    expect(goal.status).toBe(201);
    expect(goal.body.dueDate).toBe('2030-06-01');
    expectError(await owner.client.call('updateGoal', { params: { id: goal.body.id }, body: { title: 'Buy the farm', dueDate: '2030-06-31' } }), 2);
  });
});

describe('My actions of a family member', () => {
  it('lists the open action points assigned to them, overdue first, then by due date, then priority', async () => {
    const goal = (
      await owner.client.call<'createGoal', Goal>('createGoal', { params: { categoryId: wealth }, body: { title: 'Secure the estate', categoryId: wealth } })
    ).body;
    const later = await createActionPoint(owner.client, wealth, {
      title: 'Later, low',
      assigneeId: member.userId,
      dueDate: '2099-01-01',
      priority: 'LowPriority',
    });
    const laterHigh = await createActionPoint(owner.client, wealth, {
      title: 'Later, high',
      assigneeId: member.userId,
      dueDate: '2099-01-01',
      priority: 'HighPriority',
    });
    const overdue = await createActionPoint(owner.client, values, {
      title: 'Overdue',
      assigneeId: member.userId,
      dueDate: '2020-05-01',
      linkedGoalIds: [goal.id],
    });
    const undated = await createActionPoint(owner.client, values, { title: 'No date', assigneeId: member.userId });
    await createActionPoint(owner.client, values, { title: 'The owner’s own' });

    const list = await mine(member.client);
    expect(list.map((item) => item.id)).toEqual([overdue.id, laterHigh.id, later.id, undated.id]);
    expect(list[0]).toMatchObject({
      familyId: family.familyId,
      familyName: 'Okafor Family',
      categoryId: values,
      categoryTitle: 'Our Values',
      dueDate: '2020-05-01',
      priority: 'NoPriority',
      linkedGoals: [{ id: goal.id, categoryId: wealth, title: 'Secure the estate' }],
    });
    expect((await mine(owner.client)).map((item) => item.title)).not.toContain('Overdue');
  });

  it('follows completing, reassigning, re-dating, deleting and undoing them', async () => {
    const item = await createActionPoint(owner.client, wealth, { title: 'Follow me', assigneeId: member.userId, dueDate: '2098-01-01' });
    const ids = async (account: TestAccount) => (await mine(account.client)).map((entry) => entry.id);
    expect(await ids(member)).toContain(item.id);

    await member.client.call('completeActionPoint', { params: { id: item.id }, body: { completed: true } });
    expect(await ids(member)).not.toContain(item.id);
    // Undo of the completion: it is open again, so it is back.
    await owner.client.call('revertEvent', { params: { eventId: await latestEventId(owner.client, item.id) } });
    expect(await ids(member)).toContain(item.id);

    // A new due date moves it (the index key carries the date).
    await owner.client.call('updateActionPoint', { params: { id: item.id }, body: { title: 'Follow me', dueDate: '2000-01-01' } });
    expect((await mine(member.client))[0]).toMatchObject({ id: item.id, dueDate: '2000-01-01' });

    await owner.client.call('updateActionPoint', { params: { id: item.id }, body: { title: 'Follow me', assigneeId: owner.userId } });
    expect(await ids(member)).not.toContain(item.id);
    expect(await ids(owner)).toContain(item.id);
    // Undo of the reassignment: the member has it again, the owner not.
    await owner.client.call('revertEvent', { params: { eventId: await latestEventId(owner.client, item.id) } });
    expect(await ids(member)).toContain(item.id);
    expect(await ids(owner)).not.toContain(item.id);

    expect((await owner.client.call('deleteActionPoint', { params: { id: item.id } })).status).toBe(204);
    expect(await ids(member)).not.toContain(item.id);
    // Restored from "Recently deleted": listed again, with its date.
    await owner.client.call('revertEvent', { params: { eventId: await latestEventId(owner.client, item.id) } });
    expect((await mine(member.client)).find((entry) => entry.id === item.id)).toMatchObject({ dueDate: '2000-01-01' });
  });
});

describe('My actions of a section-limited advisor', () => {
  it('holds nothing from sections not shared with their company', async () => {
    const hiddenGoal = (
      await owner.client.call<'createGoal', Goal>('createGoal', { params: { categoryId: values }, body: { title: 'Hidden goal', categoryId: values } })
    ).body;
    const shared = await createActionPoint(owner.client, wealth, {
      title: 'Review the portfolio',
      assigneeId: sectionAdvisor.userId,
      dueDate: '2090-03-01',
      linkedGoalIds: [hiddenGoal.id],
    });
    // Work in a section they cannot see is not assigned to them (docs/product/canvas.md#assignees).
    const hidden = await owner.client.call('createActionPoint', {
      params: { categoryId: values },
      body: {
        title: 'Hidden task',
        categoryId: values,
        assigneeId: sectionAdvisor.userId,
        dueDate: '2001-01-01',
      },
    });
    expect(Object.keys(expectError(hidden, 2).errors)).toEqual(['assigneeId']);

    const list = await mine(sectionAdvisor.client);
    expect(list.map((item) => item.id)).toEqual([shared.id]);
    expect(list[0]!.linkedGoals).toEqual([]);
    expect(JSON.stringify(list)).not.toContain('Hidden');
  });

  it('is empty for a signed-in user without an entity and refused without a session', async () => {
    const anonymous = stack.client();
    expectError(await anonymous.call('listMyActionPoints'), 5);
  });
});
