import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CanvasScope } from '../lib/scope';
import { goalColumns } from '../lib/grouping';
import { aCategory, aGoal, anActionPoint, canvasUsers, categoryId, editorAbilities, fakeApi, familyId, readerAbilities } from '../testing/fixtures';
import { renderCanvasRoute } from '../testing/render';
import { GoalsAndActions } from './GoalsAndActions';

let restore = () => undefined as void;
afterEach(() => restore());

const scope = (abilities = editorAbilities): CanvasScope => ({
  familyId,
  abilities,
  categories: [{ id: categoryId, title: 'Our Values', colorCode: '3A6EA5' }],
});

const goals = [
  aGoal({ title: 'Save for school', goalTerm: 'ShortTerm' }),
  aGoal({ title: 'Buy a house', goalTerm: 'LongTerm' }),
  aGoal({ title: 'Plan the reunion', goalTerm: 'ShortTerm', completed: true }),
  aGoal({ title: 'Learn to sail', goalTerm: 'NoTerm' }),
];
const actionPoints = [
  anActionPoint({ title: 'Call the bank', priority: 'HighPriority' }),
  anActionPoint({ title: 'Tidy the attic', priority: 'LowPriority', completed: true }),
];

function renderBoards(abilities = editorAbilities) {
  ({ restore } = fakeApi([
    { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers },
    { method: 'GET', path: /\/canvas\/category\//, body: aCategory({ goals, actionPoints }) },
  ]));
  return renderCanvasRoute(<GoalsAndActions scope={scope(abilities)} goals={goals} actionPoints={actionPoints} />, { path: '/canvas', route: '/canvas' });
}

describe('goals and actions columns (docs/product/canvas.md#screens)', () => {
  it('groups by term and priority, keeping completed items apart', () => {
    const columns = goalColumns(goals);
    expect(columns.map((column) => column.key)).toEqual(['ShortTerm', 'MidTerm', 'LongTerm', 'NoTerm']);
    expect(columns[0]).toMatchObject({ active: [{ title: 'Save for school' }], completed: [{ title: 'Plan the reunion' }] });
    expect(columns[1]).toMatchObject({ active: [], completed: [] });
  });

  it('shows each item in its column and the completed ones on request', async () => {
    const { user } = renderBoards();
    const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
    expect(within(column('Short term')).getByRole('article', { name: 'Save for school' })).toBeInTheDocument();
    expect(within(column('Long term')).getByRole('article', { name: 'Buy a house' })).toBeInTheDocument();
    expect(within(column('No term')).getByRole('article', { name: 'Learn to sail' })).toBeInTheDocument();
    expect(within(column('Mid term')).getByText('No goals')).toBeInTheDocument();
    expect(within(column('High priority')).getByRole('article', { name: 'Call the bank' })).toBeInTheDocument();

    expect(screen.queryByRole('article', { name: 'Plan the reunion' })).not.toBeInTheDocument();
    await user.click(within(column('Short term')).getByRole('button', { name: 'Show completed (1)' }));
    expect(within(column('Short term')).getByRole('article', { name: 'Plan the reunion' })).toBeInTheDocument();
    expect(within(column('Short term')).getByRole('button', { name: 'Hide completed (1)' })).toBeInTheDocument();
  });

  it('offers the add buttons to editors only', () => {
    const { unmount } = renderBoards(readerAbilities);
    expect(screen.queryByRole('button', { name: 'Add goal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add action point' })).not.toBeInTheDocument();
    unmount();
    renderBoards();
    expect(screen.getByRole('button', { name: 'Add goal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add action point' })).toBeInTheDocument();
  });

  it('opens the edit view with a double-click or Enter', async () => {
    const { user } = renderBoards();
    await user.dblClick(screen.getByRole('article', { name: 'Buy a house' }));
    const dialog = await screen.findByRole('dialog', { name: 'Goal' });
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Buy a house');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    screen.getByRole('article', { name: 'Call the bank' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Action point' })).toBeInTheDocument();
  });
});

describe('changed since the last visit', () => {
  it('marks an item others changed until the user opens it, and opens an item a link asks for', async () => {
    const changed = { ...aGoal({ title: 'Fund the foundation', goalTerm: 'ShortTerm' }), changedSinceLastVisit: true };
    ({ restore } = fakeApi([{ method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers }]));
    const { user } = renderCanvasRoute(
      <GoalsAndActions scope={scope()} goals={[changed, ...goals]} actionPoints={actionPoints} openRequestId={goals[1]!.id} />,
      {
        path: '/canvas',
        route: '/canvas',
      },
    );
    const card = screen.getByRole('article', { name: 'Fund the foundation' });
    expect(card).toHaveAttribute('data-changed', 'true');
    expect(within(card).getByText('changed since your last visit')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Save for school' })).not.toHaveAttribute('data-changed');
    // The requested goal's dialog is open; closing it and opening the changed one clears the mark.
    const requested = await screen.findByRole('dialog', { name: 'Goal' });
    expect(within(requested).getByDisplayValue('Buy a house')).toBeInTheDocument();
    await user.click(within(requested).getAllByRole('button', { name: 'Close' })[0]!);
    await user.dblClick(card);
    expect(screen.getByRole('article', { name: 'Fund the foundation' })).not.toHaveAttribute('data-changed');
  });
});
