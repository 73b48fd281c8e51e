import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionPoint } from '../../../../../shared/contracts/canvas';
import type { CanvasScope } from '../lib/scope';
import { aCategory, aGoal, anActionPoint, canvasUsers, categoryId, editorAbilities, fakeApi, familyId, me, other } from '../testing/fixtures';
import { renderCanvasRoute } from '../testing/render';
import { CanvasItemModal } from './CanvasItemModal';

let restore = () => undefined as void;
afterEach(() => restore());

const scope: CanvasScope = { familyId, abilities: editorAbilities, categories: [{ id: categoryId, title: 'Our Values', colorCode: '3A6EA5' }] };
const fast = { stepMs: 1, successMs: 5 };

function setup(actionPoint: ActionPoint | null, goals = [aGoal({ title: 'Save money' })], users = canvasUsers) {
  const api = fakeApi([
    { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: users },
    { method: 'GET', path: /\/canvas\/category\//, body: aCategory({ goals, actionPoints: actionPoint ? [actionPoint] : [] }) },
    { method: 'POST', path: /\/canvas-action-point\/create\//, status: 201, body: anActionPoint() },
    {
      method: 'PATCH',
      path: /\/canvas-action-point\/complete\//,
      body: ({ body }: { body: unknown }) => ({ ...actionPoint, completed: (body as { completed: boolean }).completed }),
    },
  ]);
  restore = api.restore;
  let closed = 0;
  const view = renderCanvasRoute(
    <CanvasItemModal kind="actionPoint" scope={scope} item={actionPoint} fixedCategoryId={categoryId} onClose={() => closed++} progressTiming={fast} />,
    {
      path: '/canvas',
      route: '/canvas',
    },
  );
  return { ...view, calls: api.calls, closedCount: () => closed };
}

describe('action point form (docs/product/canvas.md#screens, #rules, #validation)', () => {
  it('creates an action point in the fixed category, assigned to the user, with its linked goals', async () => {
    const goals = [aGoal({ title: 'Save money' })];
    const { user, calls, closedCount } = setup(null, goals);
    const dialog = screen.getByRole('dialog', { name: 'New action point' });
    expect(within(dialog).getByRole('combobox', { name: /Category/ })).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Open an account');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Priority' }), 'HighPriority');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Save money' }));
    // Due dates are typed day.month.year; a day that does not exist is refused before sending.
    const dueDate = within(dialog).getByRole('textbox', { name: /Due date/ });
    await user.type(dueDate, '31.02.2027');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a real date as day.month.year, e.g. 24.12.2026.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.clear(dueDate);
    await user.type(dueDate, '24.12.2027');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        title: 'Open an account',
        text: null,
        initiatorId: me,
        assigneeId: me,
        priority: 'HighPriority',
        dueDate: '2027-12-24',
        linkedGoalIds: [goals[0]!.id],
        categoryId,
      }),
    );
    expect(await screen.findByText('The action point has been created.')).toBeInTheDocument();
    expect(closedCount()).toBe(1);
  });

  it('lets anyone with edit rights tick off someone else’s action point, and closes', async () => {
    const actionPoint = anActionPoint({ title: 'Their task', createdByUserId: other });
    const { user, calls, closedCount } = setup(actionPoint);
    const dialog = screen.getByRole('dialog', { name: 'Action point' });
    expect(within(dialog).getByText('You can view this item but not change it.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Mark as completed' }));
    await waitFor(() => expect(calls.filter((call) => call.path.includes('/complete/')).map((call) => call.body)).toEqual([{ completed: true, version: 1 }]));
    expect(await screen.findByText('The action point is completed.')).toBeInTheDocument();
    expect(closedCount()).toBe(1);
  });

  it('offers as assignees only the people who see the action point’s section (docs/product/canvas.md#assignees)', async () => {
    const users = [
      ...canvasUsers,
      { userId: 'advisor-here', firstName: 'Hana', lastName: 'Sees', entityType: 2, sectionIds: [aCategory().sectionId] },
      { userId: 'advisor-elsewhere', firstName: 'Otto', lastName: 'Elsewhere', entityType: 2, sectionIds: [aCategory().sectionId + 1] },
      { userId: 'advisor-all', firstName: 'Alma', lastName: 'Everywhere', entityType: 2 },
    ];
    setup(null, [], users);
    const dialog = screen.getByRole('dialog', { name: 'New action point' });
    const assignee = within(dialog).getByRole('combobox', { name: 'Assignee' });
    await waitFor(() => expect(within(assignee).getByRole('option', { name: 'Hana Sees' })).toBeInTheDocument());
    const names = within(assignee)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(expect.arrayContaining(['Ada Lovelace', 'Byron Lovelace', 'Hana Sees', 'Alma Everywhere']));
    expect(names).not.toContain('Otto Elsewhere');
  });
});
