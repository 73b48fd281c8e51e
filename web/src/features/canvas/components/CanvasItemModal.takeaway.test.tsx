import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Goal, Takeaway } from '../../../../../shared/contracts/canvas';
import type { CanvasScope } from '../lib/scope';
import { aGoal, aTakeaway, canvasUsers, categoryId, editorAbilities, fakeApi, familyId, readerAbilities } from '../testing/fixtures';
import { renderCanvasRoute } from '../testing/render';
import { CanvasItemModal } from './CanvasItemModal';

let restore = () => undefined as void;
afterEach(() => restore());

const fast = { stepMs: 1, successMs: 5 };
const scope = (abilities = editorAbilities): CanvasScope => ({
  familyId,
  abilities,
  categories: [{ id: categoryId, title: 'Our Values', colorCode: '3A6EA5' }],
});

function setup(takeaway: Takeaway | null, goals: Goal[], abilities = editorAbilities) {
  const api = fakeApi([
    { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers },
    { method: 'PATCH', path: /\/canvas-takeaway\/archive\//, body: () => ({ ...takeaway, archived: true }) },
    { method: 'POST', path: /\/canvas-takeaway\/create\//, status: 201, body: aTakeaway() },
  ]);
  restore = api.restore;
  let closed = 0;
  const view = renderCanvasRoute(
    <CanvasItemModal
      kind="takeaway"
      scope={scope(abilities)}
      categoryId={categoryId}
      item={takeaway}
      goals={goals}
      goalsElsewhere={[]}
      onClose={() => closed++}
      progressTiming={fast}
    />,
    { path: '/canvas', route: '/canvas' },
  );
  return { ...view, calls: api.calls, closedCount: () => closed };
}

describe('takeaway form (docs/product/canvas.md#screens, #rules, #validation)', () => {
  it('asks before archiving a takeaway with an open linked goal, then closes', async () => {
    const goal = aGoal({ title: 'Open goal' });
    const { user, calls, closedCount } = setup(aTakeaway({ linkedGoalIds: [goal.id] }), [goal]);
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const question = await screen.findByRole('dialog', { name: 'Archive this takeaway?' });
    expect(calls.some((call) => call.path.includes('/archive/'))).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(calls.filter((call) => call.path.includes('/archive/')).map((call) => call.body)).toEqual([{ archived: true, version: 1 }]));
    expect(await screen.findByText('The takeaway has been archived.')).toBeInTheDocument();
    expect(closedCount()).toBe(1);
  });

  it('archives at once when every linked goal is completed', async () => {
    const goal = aGoal({ completed: true });
    const { user, calls } = setup(aTakeaway({ linkedGoalIds: [goal.id] }), [goal]);
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(calls.some((call) => call.path.includes('/archive/'))).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Archive this takeaway?' })).not.toBeInTheDocument();
  });

  it('opens an archived takeaway read-only with a banner', () => {
    setup(aTakeaway({ archived: true }), []);
    expect(screen.getByText('This takeaway is archived. It is shown read-only.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
  });

  it('is read-only without edit rights', () => {
    setup(aTakeaway(), [], readerAbilities);
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('links only open goals, ten at a time', async () => {
    const goals = [...Array.from({ length: 23 }, (_, n) => aGoal({ title: `Goal ${n + 1}` })), aGoal({ title: 'Done goal', completed: true })];
    const { user, calls } = setup(null, goals);
    const group = screen.getByRole('group', { name: 'Linked goals' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(10);
    await user.click(within(group).getByRole('button', { name: 'Show more' }));
    expect(within(group).getAllByRole('checkbox')).toHaveLength(20);
    await user.click(within(group).getByRole('button', { name: 'Show more' }));
    expect(within(group).getAllByRole('checkbox')).toHaveLength(23);
    expect(within(group).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(within(group).queryByRole('checkbox', { name: /Done goal/ })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Be honest');
    await user.click(within(group).getByRole('checkbox', { name: 'Goal 2' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        title: 'Be honest',
        text: null,
        initiatorId: 'user-me',
        linkedGoalIds: [goals[1]!.id],
        categoryId,
      }),
    );
    expect(await screen.findByText('The takeaway has been added.')).toBeInTheDocument();
  });

  it('asks before discarding typed text on Escape; Keep editing keeps it, Discard closes', async () => {
    const { user, closedCount } = setup(null, []);
    const title = screen.getByRole('textbox', { name: /Title/ });
    await user.type(title, 'Half a thought');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(closedCount()).toBe(0);
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Half a thought');
    expect(closedCount()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard changes' }));
    expect(closedCount()).toBe(1);
  });

  it('closes at once on Escape when nothing was typed', async () => {
    const { user, closedCount } = setup(null, []);
    await user.keyboard('{Escape}');
    expect(closedCount()).toBe(1);
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });
});
