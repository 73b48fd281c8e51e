import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEvent } from '../../../../../shared/contracts/history';
import { heartbeatSeconds, type PresenceMember } from '../../../../../shared/contracts/live';
import { userIdAtom } from '../../../stores/session';
import { CategoryPeople, ItemLiveNote, LiveTools } from '../components/LiveTools';
import { ReportEditing } from '../components/ReportEditing';
import { createFakeSocket, FakeSocket, presenceMember } from '../testing/fake-socket';
import { leaveGraceMs, LiveProvider } from './use-live';

const person = (userId: string, firstName: string, overrides: Partial<PresenceMember> = {}): PresenceMember =>
  presenceMember({ userId, firstName, ...overrides });

const event = (overrides: Partial<HistoryEvent> = {}): HistoryEvent => ({
  id: 'mf0000001000aaaaaaaaaa',
  createdDate: '2026-03-12T09:30:00.000Z',
  familyId: 7,
  actor: { userId: 'u-sofia', firstName: 'Sofia', lastName: 'Rivera', entityId: 7, entityName: 'Rivera Family', entityTypeId: 1 },
  action: 'created',
  itemType: 'goal',
  itemId: 'goal-1',
  sectionId: 1,
  categoryId: 11,
  title: 'Set up a family trust',
  batchId: 'mf0000001000aaaaaaaaaa',
  revertsEventId: null,
  before: null,
  after: null,
  ...overrides,
});

function renderLive(children: React.ReactNode) {
  const store = createStore();
  store.set(userIdAtom, 'u-me');
  const onChange = vi.fn();
  const onResync = vi.fn();
  const tree = (content: React.ReactNode) => (
    <Provider store={store}>
      <LiveProvider onChange={onChange} onResync={onResync} createSocket={createFakeSocket}>
        {content}
      </LiveProvider>
    </Provider>
  );
  const { rerender } = render(tree(children));
  return { onChange, onResync, rerender: (content: React.ReactNode) => rerender(tree(content)) };
}

beforeEach(() => {
  FakeSocket.all = [];
});
afterEach(() => vi.useRealTimers());

describe('the live canvas', () => {
  it('joins the page’s canvas and says where the user is', () => {
    renderLive(<LiveTools familyId={7} categoryId={11} />);
    const socket = FakeSocket.latest();
    expect(socket.url).toMatch(/\/ws\?familyId=7$/);
    act(() => socket.open());
    expect(socket.sent).toContainEqual({ action: 'presence', sectionId: null, categoryId: 11, editingItemId: null, state: 'active' });
  });

  it('shows the others once each, not the user, and on their category', () => {
    renderLive(
      <>
        <LiveTools familyId={7} />
        <CategoryPeople categoryId={11} />
      </>,
    );
    const socket = FakeSocket.latest();
    act(() => socket.open());
    act(() =>
      socket.receive({
        type: 'presence',
        members: [person('u-me', 'Me'), person('u-sofia', 'Sofia', { categoryId: 11 }), person('u-sofia', 'Sofia', { state: 'away' }), person('u-ana', 'Ana')],
      }),
    );
    const header = screen.getByRole('list', { name: 'On this canvas now' });
    expect(header.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getAllByText('Sofia Rivera')).toHaveLength(2);
    expect(screen.queryByText('Me Rivera')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Here now' })).toHaveTextContent('Sofia Rivera');
  });

  it('keeps a person who left for the grace period before the avatar goes', () => {
    vi.useFakeTimers();
    renderLive(<LiveTools familyId={7} />);
    const socket = FakeSocket.latest();
    act(() => socket.open());
    act(() => socket.receive({ type: 'presence', members: [person('u-sofia', 'Sofia')] }));
    act(() => socket.receive({ type: 'presence', members: [] }));
    expect(screen.getByText('Sofia Rivera')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(leaveGraceMs + 2_000));
    expect(screen.queryByText('Sofia Rivera')).not.toBeInTheDocument();
  });

  it('hands each change to the cache, shows who made it, and resyncs after a reconnect', () => {
    vi.useFakeTimers();
    const { onChange, onResync } = renderLive(
      <>
        <LiveTools familyId={7} />
        <ItemLiveNote itemId="goal-1" />
      </>,
    );
    act(() => FakeSocket.latest().open());
    // Changes written during the handshake are not sent: the canvas is read once after open.
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(onResync).toHaveBeenLastCalledWith({ familyId: 7, isReconnect: false });
    const change = event();
    const canvas = { upsert: [], remove: [], reload: false };
    act(() => FakeSocket.latest().receive({ type: 'change', event: change, canvas }));
    expect(onChange).toHaveBeenCalledWith(change, canvas);
    expect(screen.getByText('Changed by Sofia Rivera')).toBeInTheDocument();

    act(() => FakeSocket.latest().drop());
    expect(screen.getByRole('status', { name: 'Live updates paused: reconnecting' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_000));
    act(() => FakeSocket.latest().open());
    expect(onResync).toHaveBeenCalledTimes(2);
    expect(onResync).toHaveBeenLastCalledWith({ familyId: 7, isReconnect: true });
    expect(screen.queryByRole('status', { name: 'Live updates paused: reconnecting' })).not.toBeInTheDocument();
  });

  it('tells the others what the user edits, and shows who else is editing an item', () => {
    renderLive(
      <>
        <LiveTools familyId={7} />
        <ReportEditing itemId="goal-9" />
        <ItemLiveNote itemId="goal-1" />
      </>,
    );
    const socket = FakeSocket.latest();
    act(() => socket.open());
    expect(socket.sent).toContainEqual(expect.objectContaining({ action: 'presence', editingItemId: 'goal-9' }));
    act(() => socket.receive({ type: 'presence', members: [person('u-sofia', 'Sofia', { editingItemId: 'goal-1' })] }));
    expect(screen.getByText('Sofia Rivera is editing this')).toBeInTheDocument();
  });

  it('sends presence only when it changed: an idle tab sends nothing but its heartbeat, well within the idle timeout', () => {
    vi.useFakeTimers();
    const { rerender } = renderLive(<LiveTools familyId={7} categoryId={11} />);
    const socket = FakeSocket.latest();
    act(() => socket.open());
    const here = { action: 'presence', sectionId: null, categoryId: 11, editingItemId: null, state: 'active' };
    expect(socket.sent).toEqual([here]);
    // Ten quiet minutes: a ping every heartbeatSeconds and nothing else.
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(socket.sent.slice(1)).toEqual(Array.from({ length: Math.floor(600 / heartbeatSeconds) }, () => ({ action: 'ping' })));
    expect(heartbeatSeconds).toBeLessThanOrEqual(180);

    // A move goes at once (the last presence was long ago). A form opened and closed again within the
    // gap that follows: the message pending then would say what the server already has, so nothing goes.
    const sentBefore = socket.sent.length;
    rerender(<LiveTools familyId={7} categoryId={12} />);
    rerender(
      <>
        <LiveTools familyId={7} categoryId={12} />
        <ReportEditing itemId="goal-9" />
      </>,
    );
    rerender(<LiveTools familyId={7} categoryId={12} />);
    act(() => vi.advanceTimersByTime(5_000));
    expect(socket.sent.slice(sentBefore)).toEqual([{ ...here, categoryId: 12 }]);
    rerender(<LiveTools familyId={7} categoryId={11} />);
    expect(socket.sent.slice(sentBefore)).toEqual([{ ...here, categoryId: 12 }, here]);

    // A new socket (after a drop) is told the place again, though it did not change: the server has none for it yet.
    act(() => socket.drop());
    act(() => vi.advanceTimersByTime(30_000));
    act(() => FakeSocket.latest().open());
    expect(FakeSocket.latest().sent).toEqual([here]);
  });

  it('sends the latest presence again when the server did not take one because it came too soon, once the server’s wait has passed', () => {
    vi.useFakeTimers();
    const { rerender } = renderLive(<LiveTools familyId={7} categoryId={11} />);
    const socket = FakeSocket.latest();
    act(() => socket.open());
    act(() => vi.advanceTimersByTime(5_000));
    // The user opens an item's form well after the last presence: it leaves at once.
    rerender(
      <>
        <LiveTools familyId={7} categoryId={11} />
        <ReportEditing itemId="goal-9" />
      </>,
    );
    const editing = { action: 'presence', sectionId: null, categoryId: 11, editingItemId: 'goal-9', state: 'active' };
    expect(socket.sent.at(-1)).toEqual(editing);
    const sentBefore = socket.sent.length;
    // The server handled the earlier one late, so this one came within its gap: not taken.
    act(() => socket.receive({ type: 'presenceTooSoon', retryInMs: 700 }));
    act(() => vi.advanceTimersByTime(700));
    expect(socket.sent).toHaveLength(sentBefore);
    act(() => vi.advanceTimersByTime(200));
    expect(socket.sent).toHaveLength(sentBefore + 1);
    expect(socket.sent.at(-1)).toEqual(editing);
    // Once: nothing more goes while nothing changes.
    act(() => vi.advanceTimersByTime(10_000));
    expect(socket.sent).toHaveLength(sentBefore + 1);
  });
});
