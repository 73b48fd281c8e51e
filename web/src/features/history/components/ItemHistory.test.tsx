import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, itemChangedBody } from '../../../testing/fake-api';
import { historyEvent, renderHistory, sofia } from '../testing/fixtures';
import { ItemHistory } from './ItemHistory';
import { ShortcutsHelp } from './ShortcutsHelp';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const created = historyEvent({
  action: 'created',
  itemType: 'takeaway',
  itemId: 'takeaway-1',
  title: 'First words',
  createdDate: '2026-03-10T08:00:00.000Z',
  after: { title: 'First words' },
  changes: [{ field: 'title', before: null, after: 'First words' }],
});
const edited = historyEvent({
  action: 'updated',
  actor: sofia,
  itemType: 'takeaway',
  itemId: 'takeaway-1',
  title: 'Second words',
  createdDate: '2026-03-11T08:00:00.000Z',
  before: { title: 'First words' },
  after: { title: 'Second words' },
  changes: [{ field: 'title', before: 'First words', after: 'Second words' }],
});

describe('ItemHistory', () => {
  it('lists the item’s versions newest first and restores an earlier one with the version read', async () => {
    const api = fakeApi({
      'GET /canvas/history': () => ok({ results: [edited, created], next: null }),
      [`POST /canvas/history/${created.id}/restore`]: () => ok({ results: [historyEvent({ action: 'versionRestored', revertsEventId: created.id })] }),
    });
    restore = api.restore;
    const onRestored = vi.fn();
    const onCanvasChanged = vi.fn();
    const { user } = renderHistory(<ItemHistory itemId="takeaway-1" version={2} apiFamilyId={undefined} canRestore onRestored={onRestored} />, {
      onCanvasChanged,
    });
    // Collapsed: nothing loads until asked.
    expect(api.callsTo('GET /canvas/history')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show the history' }));
    const list = await screen.findByRole('list', { name: 'History' });
    expect(api.callsTo('GET /canvas/history')[0]!.query.get('itemId')).toBe('takeaway-1');
    const versions = within(list).getAllByRole('listitem');
    expect(versions[0]).toHaveTextContent('Sofia Rivera edited the takeaway “Second words”');
    expect(versions[0]).toHaveTextContent('Current version');
    expect(within(versions[0]!).queryByRole('button', { name: /Restore this version/ })).not.toBeInTheDocument();
    expect(versions[1]).toHaveTextContent('You added the takeaway “First words”');

    // What each version changed, on request.
    await user.click(within(versions[0]!).getByText('Show what changed'));
    expect(within(versions[0]!).getByRole('row', { name: /^Title/ })).toHaveTextContent('First wordsSecond words');

    await user.click(within(versions[1]!).getByRole('button', { name: /Restore this version \(10\.03\.2026/ }));
    expect(await screen.findByText('The earlier version has been restored.')).toBeInTheDocument();
    const call = api.callsTo(`POST /canvas/history/${created.id}/restore`);
    expect(call).toHaveLength(1);
    expect(call[0]!.body).toEqual({ version: 2 });
    expect(onRestored).toHaveBeenCalled();
    expect(onCanvasChanged).toHaveBeenCalled();
  });

  it('explains a restore refused because the item changed since (409, 71)', async () => {
    const api = fakeApi({
      'GET /canvas/history': () => ok({ results: [edited, created], next: null }),
      [`POST /canvas/history/${created.id}/restore`]: () => ({
        status: 409,
        body: itemChangedBody({
          itemType: 'takeaway',
          itemId: 'takeaway-1',
          current: { title: 'Third words' },
          changedBy: { userId: sofia.userId, firstName: 'Sofia', lastName: 'Rivera' },
          changedDate: '2026-03-12T10:00:00.000Z',
        }),
      }),
    });
    restore = api.restore;
    const onRestored = vi.fn();
    const { user } = renderHistory(<ItemHistory itemId="takeaway-1" version={2} apiFamilyId={undefined} canRestore onRestored={onRestored} />);
    await user.click(screen.getByRole('button', { name: 'Show the history' }));
    await user.click(await screen.findByRole('button', { name: /Restore this version/ }));
    expect(await screen.findByRole('dialog', { name: 'This cannot be undone any more' })).toHaveTextContent(/Sofia Rivera changed/);
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('offers no restore to a reader who may not change the item, and says when there is no history', async () => {
    const api = fakeApi({ 'GET /canvas/history/7': () => ok({ results: [edited, created], next: null }) });
    restore = api.restore;
    const { user, unmount } = renderHistory(<ItemHistory itemId="takeaway-1" version={2} apiFamilyId={7} canRestore={false} onRestored={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Show the history' }));
    await screen.findByRole('list', { name: 'History' });
    expect(screen.queryByRole('button', { name: /Restore this version/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET /canvas/history/7')).toHaveLength(1);
    unmount();
    restore();
    const empty = fakeApi({ 'GET /canvas/history': () => ok({ results: [], next: null }) });
    restore = empty.restore;
    const second = renderHistory(<ItemHistory itemId="takeaway-2" version={1} apiFamilyId={undefined} canRestore onRestored={() => undefined} />);
    await second.user.click(screen.getByRole('button', { name: 'Show the history' }));
    expect(await screen.findByText('No recorded changes of this item.')).toBeInTheDocument();
  });
});

describe('ShortcutsHelp', () => {
  it('opens with ? and names Ctrl/Cmd+Z for undo; not while typing', async () => {
    const { user } = renderHistory(
      <>
        <input aria-label="Note" />
        <ShortcutsHelp />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('Ctrl+Z (⌘Z on a Mac)Undo your last change on this canvas');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });
});
