import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Goal } from '../../../../../shared/contracts/canvas';
import type { CanvasScope } from '../lib/scope';
import { aCategory, aGoal, anActionPoint, canvasUsers, categoryId, editorAbilities, fakeApi, familyId, other } from '../testing/fixtures';
import { itemChangedBody } from '../../../testing/fake-api';
import { renderCanvasRoute } from '../testing/render';
import { CanvasItemModal } from './CanvasItemModal';

let restore = () => undefined as void;
afterEach(() => restore());

const scope: CanvasScope = { familyId, abilities: editorAbilities, categories: [{ id: categoryId, title: 'Our Values', colorCode: '3A6EA5' }] };
const fast = { stepMs: 1, successMs: 5 };

function setup(goal: Goal, actionPoints = [anActionPoint()]) {
  const api = fakeApi([
    { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers },
    { method: 'GET', path: /\/canvas\/category\//, body: aCategory({ goals: [goal], actionPoints }) },
    {
      method: 'PATCH',
      path: /\/canvas-goal\/complete\//,
      body: ({ body }: { body: unknown }) => ({ ...goal, completed: (body as { completed: boolean }).completed }),
    },
  ]);
  restore = api.restore;
  let closed = 0;
  const view = renderCanvasRoute(<CanvasItemModal kind="goal" scope={scope} item={goal} onClose={() => closed++} progressTiming={fast} />, {
    path: '/canvas',
    route: '/canvas',
  });
  return { ...view, calls: api.calls, closedCount: () => closed };
}

const completeCalls = (calls: Array<{ method: string; path: string; body: unknown }>) => calls.filter((call) => call.path.includes('/canvas-goal/complete/'));

describe('completing a goal (docs/product/canvas.md#rules)', () => {
  it('warns in two lines when a linked action point is still open, and completes only when confirmed', async () => {
    const open = anActionPoint({ title: 'Book the venue' });
    const goal = aGoal({ title: 'Family dinner', linkedActionPointIds: [open.id] });
    const { user, calls, closedCount } = setup(goal, [open]);

    const dialog = screen.getByRole('dialog', { name: 'Goal' });
    const complete = within(dialog).getByRole('button', { name: 'Mark as completed' });
    await waitFor(() => expect(complete).toBeEnabled());
    await user.click(complete);
    const warning = await screen.findByRole('dialog', { name: 'Complete this goal?' });
    expect(warning).toHaveTextContent('This goal has linked action points that are not completed yet.');
    expect(warning).toHaveTextContent('Completing the goal does not complete them. Do you want to complete the goal anyway?');

    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(completeCalls(calls)).toEqual([]);

    await user.click(complete);
    await user.click(within(await screen.findByRole('dialog', { name: 'Complete this goal?' })).getByRole('button', { name: 'Complete goal' }));
    await waitFor(() =>
      expect(completeCalls(calls)).toEqual([{ method: 'PATCH', path: `/api/canvas-goal/complete/${goal.id}`, body: { completed: true, version: 1 } }]),
    );
    expect(await screen.findByText('The goal is completed.')).toBeInTheDocument();
    // The modal closes after completing.
    expect(closedCount()).toBe(1);
  });

  it('completes at once when every linked action point is done', async () => {
    const done = anActionPoint({ completed: true });
    const goal = aGoal({ linkedActionPointIds: [done.id] });
    const { user, calls } = setup(goal, [done]);
    const complete = within(screen.getByRole('dialog', { name: 'Goal' })).getByRole('button', { name: 'Mark as completed' });
    await waitFor(() => expect(complete).toBeEnabled());
    await user.click(complete);
    await waitFor(() => expect(completeCalls(calls)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Complete this goal?' })).not.toBeInTheDocument();
  });

  it('shows someone else’s goal read-only', async () => {
    const goal = aGoal({ title: 'Their goal', createdByUserId: other });
    setup(goal);
    const dialog = screen.getByRole('dialog', { name: 'Goal' });
    expect(within(dialog).getByText('You can view this item but not change it.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('marks the fields the server names', async () => {
    const goal = aGoal({ title: 'Mine' });
    const api = fakeApi([
      { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers },
      { method: 'GET', path: /\/canvas\/category\//, body: aCategory({ goals: [goal] }) },
      {
        method: 'PATCH',
        path: /\/canvas-goal\//,
        status: 400,
        body: { errorCode: 2, errors: { title: ['forms.errorMessages.tooLong'] }, message: 'Validation error.' },
      },
    ]);
    restore = api.restore;
    const { user } = renderCanvasRoute(<CanvasItemModal kind="goal" scope={scope} item={goal} onClose={() => undefined} progressTiming={fast} />, {
      path: '/canvas',
      route: '/canvas',
    });
    const title = screen.getByRole('textbox', { name: /Title/ });
    await user.type(title, ' changed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('This value is not valid.');
    expect(await screen.findByText('The goal could not be saved')).toBeInTheDocument();
  });
});

describe('a goal someone changed meanwhile (409, code 71)', () => {
  it('shows their version beside the form, takes it on request, and saves from their version', async () => {
    const goal = aGoal({ title: 'Family dinner', text: 'Once a month' });
    let saves = 0;
    const api = fakeApi([
      { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers },
      { method: 'GET', path: /\/canvas\/category\//, body: aCategory({ goals: [goal], actionPoints: [] }) },
      {
        method: 'PATCH',
        path: new RegExp(`/canvas-goal/${goal.id}$`),
        status: 409,
        body: () => {
          saves += 1;
          return itemChangedBody({
            itemType: 'goal',
            itemId: goal.id,
            current: { ...goal, title: 'Family lunch', text: 'Every Sunday', version: 4 },
            changedBy: { userId: other, firstName: 'Sofia', lastName: 'Rivera' },
            changedDate: '2026-03-12T09:30:00.000Z',
          });
        },
      },
    ]);
    restore = api.restore;
    const { user } = renderCanvasRoute(<CanvasItemModal kind="goal" scope={scope} item={goal} onClose={() => undefined} progressTiming={fast} />, {
      path: '/canvas',
      route: '/canvas',
    });
    const dialog = screen.getByRole('dialog', { name: 'Goal' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await waitFor(() => expect(title).toBeEnabled());
    await user.clear(title);
    await user.type(title, 'Family dinner at home');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const panel = await within(dialog).findByTestId('item-changed');
    expect(panel).toHaveTextContent('Sofia Rivera changed this on 12.03.2026 while you were editing. Nothing was saved');
    expect(within(panel).getByTestId('item-changed-theirs')).toHaveTextContent('Family lunch');
    expect(within(panel).getByTestId('item-changed-theirs')).toHaveTextContent('Every Sunday');
    // The user's own version stays in the form, unsaved: nothing was overwritten.
    expect(title).toHaveValue('Family dinner at home');
    const firstSave = api.calls.filter((call) => call.method === 'PATCH')[0]!;
    expect(firstSave.body).toMatchObject({ title: 'Family dinner at home', version: 1 });

    await user.click(within(panel).getByRole('button', { name: 'Use theirs' }));
    expect(title).toHaveValue('Family lunch');
    expect(within(dialog).queryByTestId('item-changed')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toBe(2));
    expect(api.calls.filter((call) => call.method === 'PATCH')[1]!.body).toMatchObject({ title: 'Family lunch', version: 4 });
  });
});
