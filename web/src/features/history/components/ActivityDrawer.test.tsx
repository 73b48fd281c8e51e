import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, fakeApi, ok, type FakeRequest, itemChangedBody } from '../../../testing/fake-api';
import { historyEvent, ownScope, renderHistory, sofia } from '../testing/fixtures';
import { ActivityDrawer } from './ActivityDrawer';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const edited = historyEvent({ action: 'updated', actor: sofia, title: 'Grow the fund', createdDate: new Date(Date.now() - 5 * 60_000).toISOString() });
const goneItem = historyEvent({ action: 'created', itemType: 'takeaway', itemId: 'takeaway-gone', title: 'Sell the boat' });
const deletion = historyEvent({ action: 'deleted', itemType: 'takeaway', itemId: 'takeaway-gone', title: 'Sell the boat' });
const older = historyEvent({ action: 'created', title: 'An older goal' });

/** The feed answers by its query: the deleted list, the first page, or the page after the cursor. */
function historyRoutes(extra: Record<string, (request: FakeRequest) => { status: number; body?: unknown }> = {}) {
  const api = fakeApi({
    'GET /canvas/history': (request) => {
      if (request.query.get('action') === 'deleted') return ok({ results: [deletion], next: null });
      if (request.query.get('cursor')) return ok({ results: [older], next: null });
      if (request.query.get('userId') === sofia.userId) return ok({ results: [edited], next: null });
      return ok({ results: [deletion, edited, goneItem], next: goneItem.id });
    },
    ...extra,
  });
  restore = api.restore;
  return api;
}

describe('ActivityDrawer', () => {
  it('lists the changes with avatar, name, relative and absolute date; Load more fetches the next page', async () => {
    const api = historyRoutes();
    const { user } = renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={ownScope} />);
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    const row = await within(panel).findByRole('button', { name: /Sofia Rivera edited the goal “Grow the fund”/ });
    expect(row).toHaveTextContent('SR');
    expect(row).toHaveTextContent(/5 minutes ago · \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(within(panel).getByText('You added the takeaway “Sell the boat”')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByText('You added the goal “An older goal”')).toBeInTheDocument();
    expect(api.callsTo('GET /canvas/history').some((call) => call.query.get('cursor') === goneItem.id)).toBe(true);
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by person, section and type through the query', async () => {
    const api = historyRoutes();
    const { user } = renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={ownScope} />);
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    await within(panel).findByText(/Sofia Rivera edited/);
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Person' }), 'Sofia Rivera');
    await waitFor(() => expect(within(panel).queryByText('You added the takeaway “Sell the boat”')).not.toBeInTheDocument());
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Section' }), 'The Four Abundances');
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Type' }), 'Goals');
    await waitFor(() => {
      const last = api.callsTo('GET /canvas/history').at(-1)!;
      expect(Object.fromEntries(last.query)).toMatchObject({ userId: sofia.userId, sectionId: '2', itemType: 'goal' });
    });
  });

  it('says an item was deleted since and restores it on request, then refreshes the canvas', async () => {
    const api = historyRoutes({
      [`POST /canvas/history/${deletion.id}/revert`]: () => ok({ results: [historyEvent({ action: 'restored', revertsEventId: deletion.id })] }),
    });
    const onCanvasChanged = vi.fn();
    const { user } = renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={ownScope} />, { onCanvasChanged });
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    await user.click(await within(panel).findByRole('button', { name: /You added the takeaway “Sell the boat”/ }));
    expect(within(panel).getByText('This item has been deleted.')).toBeInTheDocument();
    // Two buttons restore it: this row's and the deleted row's own.
    await user.click(within(panel).getAllByRole('button', { name: 'Restore “Sell the boat”' })[0]!);
    expect(await screen.findByText('“Sell the boat” has been restored.')).toBeInTheDocument();
    expect(api.callsTo(`POST /canvas/history/${deletion.id}/revert`)).toHaveLength(1);
    expect(onCanvasChanged).toHaveBeenCalled();
  });

  it('opens the before/after view of a change, and from it the item on its category page', async () => {
    historyRoutes();
    const onClose = vi.fn();
    const { user } = renderHistory(<ActivityDrawer isOpen onClose={onClose} scope={ownScope} />);
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    const row = await within(panel).findByRole('button', { name: /Sofia Rivera edited/ });
    expect(row).toHaveAttribute('aria-expanded', 'false');
    await user.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'true');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(panel).getByRole('button', { name: 'Open the item' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows each changed field before and after, with who and when; links by title', async () => {
    const change = historyEvent({
      action: 'updated',
      actor: sofia,
      itemType: 'actionPoint',
      title: 'Call the bank today',
      createdDate: '2026-03-12T09:30:00.000Z',
      changes: [
        { field: 'title', before: 'Call the bank', after: 'Call the bank today' },
        { field: 'priority', before: 'LowPriority', after: 'HighPriority' },
        { field: 'assignee', before: null, after: sofia.userId },
        { field: 'dueDate', before: null, after: '2027-06-30' },
        { field: 'linkedGoals', before: [], after: ['goal-known', 'goal-gone'] },
      ],
    });
    const api = fakeApi({ 'GET /canvas/history': (request) => ok({ results: request.query.get('action') ? [] : [change], next: null }) });
    restore = api.restore;
    const { user } = renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={ownScope} />, {
      itemTitle: (id) => (id === 'goal-known' ? 'Fund the foundation' : undefined),
    });
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    await user.click(await within(panel).findByRole('button', { name: /Sofia Rivera edited the action point/ }));
    const view = within(panel).getByRole('table', { name: 'What changed' });
    const rowOf = (field: string) => within(view).getByRole('row', { name: new RegExp(`^${field}`) });
    expect(rowOf('Title')).toHaveTextContent('Call the bank' + 'Call the bank today');
    expect(rowOf('Priority')).toHaveTextContent('Low priorityHigh priority');
    expect(rowOf('Assignee')).toHaveTextContent('(none)Sofia Rivera');
    expect(rowOf('Due date')).toHaveTextContent('(none)30.06.2027');
    expect(rowOf('Linked goals')).toHaveTextContent('Fund the foundation, an item no longer on the canvas');
    expect(within(panel).getByTestId('change-details')).toHaveTextContent(/Sofia Rivera, 12\.03\.2026/);
  });

  it('lists what a deletion deleted', async () => {
    const gone = historyEvent({
      action: 'deleted',
      itemType: 'goal',
      title: 'Old goal',
      before: { title: 'Old goal' },
      after: null,
      changes: [
        { field: 'title', before: 'Old goal', after: null },
        { field: 'term', before: 'LongTerm', after: null },
      ],
    });
    const api = fakeApi({ 'GET /canvas/history': () => ok({ results: [gone], next: null }) });
    restore = api.restore;
    const { user } = renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={ownScope} />);
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    const feed = await within(panel).findByRole('list', { name: 'All changes' });
    await user.click(within(feed).getByRole('button', { name: /You deleted the goal “Old goal”/ }));
    expect(within(panel).getByText('This was deleted:')).toBeInTheDocument();
    const view = within(panel).getByRole('table', { name: 'What changed' });
    expect(within(view).queryByRole('columnheader', { name: 'After' })).not.toBeInTheDocument();
    expect(within(view).getByRole('row', { name: /^Term/ })).toHaveTextContent('Long term');
  });

  it('offers a visible Undo on one’s own latest changes, not on others’ or undone ones', async () => {
    const mine = historyEvent({ action: 'updated', itemId: 'goal-mine', title: 'My goal' });
    const mineUndone = historyEvent({ action: 'updated', itemId: 'goal-undone', title: 'Undone goal' });
    const undo = historyEvent({ action: 'reverted', itemId: 'goal-undone', title: 'Undone goal', revertsEventId: mineUndone.id });
    const theirs = historyEvent({ action: 'updated', actor: sofia, itemId: 'goal-theirs', title: 'Their goal' });
    const api = fakeApi({
      'GET /canvas/history': (request) => ok({ results: request.query.get('action') ? [] : [theirs, undo, mine, mineUndone], next: null }),
      [`POST /canvas/history/${mine.id}/revert`]: () => ok({ results: [historyEvent({ action: 'reverted', revertsEventId: mine.id })] }),
    });
    restore = api.restore;
    const { user } = renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={ownScope} />);
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    const undoMine = await within(panel).findByRole('button', { name: 'Undo: edited the goal “My goal”' });
    expect(within(panel).getAllByRole('button', { name: /^Undo:/ })).toHaveLength(1);
    await user.click(undoMine);
    expect(await screen.findByText('Your change has been undone.')).toBeInTheDocument();
    expect(api.callsTo(`POST /canvas/history/${mine.id}/revert`)).toHaveLength(1);
    // Where Ctrl/Cmd+Z is, said in the panel.
    expect(within(panel).getByText(/Ctrl\+Z \(⌘Z on a Mac\) undoes your last change/)).toBeInTheDocument();
  });

  it('lists Recently deleted with Restore only where the user may undo', async () => {
    const theirs = historyEvent({ action: 'deleted', actor: sofia, itemId: 'goal-theirs', title: 'Their goal' });
    const api = fakeApi({ 'GET /canvas/history': () => ok({ results: [deletion, theirs], next: null }) });
    restore = api.restore;
    const { user } = renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={ownScope} />);
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    await user.click(within(panel).getByRole('tab', { name: 'Recently deleted' }));
    const list = await within(panel).findByRole('list', { name: 'Recently deleted' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'Restore “Sell the boat”' })).toBeInTheDocument();
    // A member restores only their own deletes: Sofia's needs an owner or admin.
    expect(within(list).queryByRole('button', { name: 'Restore “Their goal”' })).not.toBeInTheDocument();
  });

  it('explains a refused restore: who changed the item since, with a way to open it', async () => {
    const api = historyRoutes({
      [`POST /canvas/history/${deletion.id}/revert`]: () => ({
        status: 409,
        body: itemChangedBody({
          itemType: 'takeaway',
          itemId: 'takeaway-gone',
          current: { title: 'Sell the boat now' },
          changedBy: { userId: sofia.userId, firstName: 'Sofia', lastName: 'Rivera' },
          changedDate: '2026-03-12T10:00:00.000Z',
        }),
      }),
    });
    const { user } = renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={{ ...ownScope, canRevertOthers: true }} />);
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    await user.click(within(panel).getByRole('tab', { name: 'Recently deleted' }));
    await user.click(await within(panel).findByRole('button', { name: 'Restore “Sell the boat”' }));
    const dialog = await screen.findByRole('dialog', { name: 'This cannot be undone any more' });
    expect(dialog).toHaveTextContent(/Sofia Rivera changed “Sell the boat” on 12\.03\.2026/);
    expect(within(dialog).getByRole('button', { name: 'Open the item' })).toBeInTheDocument();
    expect(api.callsTo(`POST /canvas/history/${deletion.id}/revert`)).toHaveLength(1);
  });

  it('shows a load error with Try again', async () => {
    const api = fakeApi({ 'GET /canvas/history': fails(500, 500) });
    restore = api.restore;
    renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={ownScope} />);
    expect(await screen.findByText('The activity could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('goes on by itself after pages the server stopped early with no match, then offers Load more', async () => {
    // The server reads a bounded part of the journal per request: under a filter, a page may be empty with a cursor.
    const emptyRun = (request: FakeRequest) => {
      const cursor = request.query.get('cursor');
      if (request.query.get('action') === 'deleted') return ok({ results: [], next: null });
      if (request.query.get('userId') !== sofia.userId) return ok({ results: [edited], next: null });
      if (cursor === null) return ok({ results: [], next: 'c1' });
      if (cursor === 'c1') return ok({ results: [], next: 'c2' });
      if (cursor === 'c2') return ok({ results: [older], next: 'c3' });
      return ok({ results: [], next: null });
    };
    const api = historyRoutes({ 'GET /canvas/history': emptyRun });
    const { user } = renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={ownScope} />);
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    await within(panel).findByText(/Sofia Rivera edited/);
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Person' }), 'Sofia Rivera');
    expect(await within(panel).findByText('You added the goal “An older goal”')).toBeInTheDocument();
    expect(within(panel).queryByText('No changes match these filters.')).not.toBeInTheDocument();
    const cursors = api.callsTo('GET /canvas/history').map((call) => call.query.get('cursor'));
    expect(cursors).toEqual(expect.arrayContaining(['c1', 'c2']));
    // A page with a match is not followed by itself: the user asks for more.
    expect(cursors).not.toContain('c3');
    expect(within(panel).getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('says older changes may still match when the automatic follow-up ends on empty pages', async () => {
    let served = 0;
    const api = historyRoutes({
      'GET /canvas/history': (request) => {
        if (request.query.get('action') === 'deleted') return ok({ results: [], next: null });
        served += 1;
        return ok({ results: [], next: `c${served}` });
      },
    });
    renderHistory(<ActivityDrawer isOpen onClose={() => undefined} scope={ownScope} />);
    const panel = await screen.findByRole('dialog', { name: 'Activity' });
    // The first page and five followed by themselves, then no more without the user.
    await waitFor(() => expect(api.callsTo('GET /canvas/history').filter((call) => call.query.get('action') !== 'deleted')).toHaveLength(6));
    expect(await within(panel).findByText('No matching changes among the most recent ones. Load more to look further back.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    expect(api.callsTo('GET /canvas/history').filter((call) => call.query.get('action') !== 'deleted')).toHaveLength(6);
  });
});
