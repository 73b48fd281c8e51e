import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer, Canvas, CategoryResponse, Goal, Takeaway } from '../../../../shared/contracts/canvas';
import type { HistoryEvent } from '../../../../shared/contracts/history';
import type { LiveCanvasChange } from '../../../../shared/contracts/live';
import { EntityRole, EntityType } from '../../../../shared/enums';
import { permissionsForRole } from '../../../../shared/permissions';
import { CanvasPage } from '../../features/canvas/components/CanvasPage';
import { CategoryPage } from '../../features/canvas/components/CategoryPage';
import {
  aCategory,
  aGoal,
  anAnswer,
  aQuestion,
  aTakeaway,
  canvasUsers,
  categoryId,
  editorAbilities,
  fakeApi,
  familyId,
  me,
  other,
} from '../../features/canvas/testing/fixtures';
import { renderCanvasRoute } from '../../features/canvas/testing/render';
import { createFakeSocket, FakeSocket } from '../../features/live/testing/fake-socket';
import { currentEntityIdAtom, entitiesAtom } from '../../stores/session';
import { CanvasWithHistory } from './canvas-history';

/**
 * The live canvas in the app (docs/product/live.md): a change of someone else shows on the open
 * overview or category page from the event itself, without reading the canvas again, with
 * who made it; after a reconnect the missed changes come from the history.
 */

const sectionId = familyId * 1000 + 1;
let restore = () => undefined as void;
beforeEach(() => {
  FakeSocket.all = [];
});
afterEach(() => {
  restore();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

function aCanvas(takeaways: Takeaway[] = [], goals: Goal[] = []): Canvas {
  return {
    id: familyId,
    title: 'Lovelace Family Canvas',
    entityId: familyId,
    workRelationMemberPermissions: [],
    advisorCompaniesVisibleToAdvisors: false,
    abilities: editorAbilities,
    sections: [
      {
        id: sectionId,
        canvasId: familyId,
        familyId,
        createdByUserId: me,
        sectionTypeId: 1,
        title: 'Family Council',
        sequenceNumber: 1,
        categories: [
          {
            id: categoryId,
            sectionId,
            categoryTypeId: 1,
            title: 'Our Values',
            colorCode: '3A6EA5',
            createdByUserId: me,
            sequenceNumber: 1,
            takeaways,
            goals,
            actionPoints: [],
          },
        ],
      },
    ],
  };
}

let eventCounter = 0;
/** A change as the live channel sends it: the item's stored state after it (functions/domain/journal/journal.ts). */
function changeOf(
  itemType: HistoryEvent['itemType'],
  action: HistoryEvent['action'],
  after: Record<string, unknown>,
  overrides: Partial<HistoryEvent> = {},
): HistoryEvent {
  const id = `mf00000${String(++eventCounter).padStart(5, '0')}aaaaaaaaaa`;
  return {
    id,
    createdDate: `2026-03-12T09:30:${String(eventCounter % 60).padStart(2, '0')}.000Z`,
    familyId,
    actor: { userId: other, firstName: 'Byron', lastName: 'Lovelace', entityId: familyId, entityName: 'Lovelace Family', entityTypeId: 1 },
    action,
    itemType,
    itemId: String(after.id),
    sectionId,
    categoryId,
    title: String(after.title ?? after.text ?? ''),
    batchId: id,
    revertsEventId: null,
    before: null,
    after: { sectionId, categoryId, createdByUserId: other, createdAt: '2026-03-12T09:30:00.000Z', version: 1, ...after },
    ...overrides,
  };
}

/** What the server sends beside the event (functions/domain/canvas/live-view.ts): the changed items as this reader's canvas read shows them. */
function canvasOf(...items: Array<{ kind: 'answer'; item: Answer } | { kind: 'takeaway'; item: Takeaway } | { kind: 'goal'; item: Goal }>): LiveCanvasChange {
  const upsert = items.map((view) => {
    const item = { ...view.item, changedSinceLastVisit: true };
    if (view.kind === 'answer') return { kind: view.kind, item: item as Answer };
    const closed = view.kind === 'takeaway' ? (view.item as Takeaway).archived : (view.item as Goal).completed;
    const linked = { id: item.id, categoryId: (item as Takeaway | Goal).categoryId, title: (item as Takeaway | Goal).title, isClosed: closed };
    return { ...view, item, linked, overview: !closed } as LiveCanvasChange['upsert'][number];
  });
  return { upsert, remove: [], reload: false };
}

const takeawayState = (takeaway: Pick<Takeaway, 'id' | 'title'>) => ({
  type: 'Takeaway',
  id: takeaway.id,
  title: takeaway.title,
  text: null,
  initiatorId: null,
  archived: false,
});

function renderLivePage(page: 'overview' | 'category', routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi([...routes, { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers }]);
  restore = api.restore;
  const element = page === 'overview' ? <CanvasPage /> : <CategoryPage categoryId={categoryId} />;
  const view = renderCanvasRoute(
    <CanvasWithHistory createSocket={createFakeSocket}>{element}</CanvasWithHistory>,
    page === 'overview' ? { path: '/canvas', route: '/canvas' } : { path: `/canvas-category/${categoryId}`, route: '/canvas-category/:categoryId' },
  );
  view.store.set(entitiesAtom, [
    {
      id: familyId,
      entityName: 'Lovelace',
      entityTypeId: EntityType.Family,
      entityRoleId: EntityRole.Owner,
      entityRolePermissions: permissionsForRole(EntityRole.Owner),
    },
  ]);
  view.store.set(currentEntityIdAtom, familyId);
  const reads = (path: RegExp) => api.calls.filter((call) => call.method === 'GET' && path.test(call.path)).length;
  return { ...view, calls: api.calls, reads };
}

/** Opens the socket and waits for the first open's resync: the newest event noted, then the canvas read again. */
async function openLive(reads: (path: RegExp) => number, canvasPath: RegExp) {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const before = reads(canvasPath);
  act(() => FakeSocket.latest().open());
  await waitFor(() => expect(reads(canvasPath)).toBe(before + 1));
}

describe('the live canvas patches what is on screen', () => {
  it('shows a takeaway someone else adds on the overview card, with their name, without reading the canvas again', async () => {
    const { reads } = renderLivePage('overview', [
      { method: 'GET', path: /\/canvas$/, body: aCanvas([aTakeaway({ title: 'Honesty first' })]) },
      { method: 'GET', path: /\/canvas\/history\/7$/, body: { results: [], next: null } },
    ]);
    expect(await screen.findByText('Honesty first')).toBeInTheDocument();
    await openLive(reads, /\/canvas$/);
    const canvasReads = reads(/\/canvas$/);

    const takeaway = aTakeaway({ title: 'Keep the lake house' });
    const canvas = canvasOf({ kind: 'takeaway', item: takeaway });
    act(() => FakeSocket.latest().receive({ type: 'change', event: changeOf('takeaway', 'created', takeawayState(takeaway)), canvas }));

    const card = screen.getByRole('article', { name: 'Our Values' });
    expect(await within(card).findByText('Keep the lake house')).toBeInTheDocument();
    expect(within(card).getByText('Honesty first')).toBeInTheDocument();
    expect(within(card).getByText('Changed by Byron Lovelace')).toBeInTheDocument();
    // The same event again (as a catch-up may bring it): still one.
    const again = changeOf('takeaway', 'created', takeawayState(takeaway));
    act(() => FakeSocket.latest().receive({ type: 'change', event: again, canvas }));
    expect(within(card).getAllByText('Keep the lake house')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads(/\/canvas$/)).toBe(canvasReads);
  });

  it('updates the goals-and-actions tab from a goal someone else edits', async () => {
    const goal = aGoal({ title: 'Set up a family trust' });
    const { reads, user } = renderLivePage('overview', [
      { method: 'GET', path: /\/canvas$/, body: aCanvas([], [goal]) },
      { method: 'GET', path: /\/canvas\/history\/7$/, body: { results: [], next: null } },
    ]);
    await screen.findByTestId('canvas-title');
    await openLive(reads, /\/canvas$/);
    const canvasReads = reads(/\/canvas$/);
    await user.click(screen.getByRole('tab', { name: /Goals and actions/i }));
    expect(await screen.findByText('Set up a family trust')).toBeInTheDocument();

    const event = changeOf('goal', 'updated', {
      type: 'Goal',
      id: goal.id,
      title: 'Set up a family trust by June',
      text: null,
      initiatorId: me,
      goalTerm: 'NoTerm',
      completed: false,
      createdByUserId: me,
      version: 2,
    });
    const canvas = canvasOf({ kind: 'goal', item: { ...goal, title: 'Set up a family trust by June', initiatorId: me, version: 2 } });
    act(() => FakeSocket.latest().receive({ type: 'change', event, canvas }));
    const card = await screen.findByTestId('goal-card');
    await waitFor(() => expect(card).toHaveTextContent('Set up a family trust by June'));
    expect(within(card).getByText('Changed by Byron Lovelace')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads(/\/canvas$/)).toBe(canvasReads);
  });

  it('shows an answer someone else gives on the category page without reading the category again', async () => {
    const category: CategoryResponse = aCategory({ questions: [aQuestion(1, [anAnswer({ createdByUserId: me, text: 'Mine' })]), aQuestion(2)] });
    const { reads } = renderLivePage('category', [
      { method: 'GET', path: new RegExp(`/canvas/category/${categoryId}$`), body: category },
      { method: 'GET', path: /\/canvas\/history\/7$/, body: { results: [], next: null } },
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Our Values' });
    await openLive(reads, /\/canvas\/category\//);
    const categoryReads = reads(/\/canvas\/category\//);

    const answer: Pick<Answer, 'id' | 'text'> = anAnswer({ text: 'We share what we have' });
    act(() =>
      FakeSocket.latest().receive({
        type: 'change',
        event: changeOf('answer', 'created', { type: 'Answer', id: answer.id, questionId: `${categoryId}.1`, text: answer.text }),
        canvas: canvasOf({ kind: 'answer', item: { ...(answer as Answer), questionId: `${categoryId}.1`, createdByUserId: other } }),
      }),
    );

    const shown = await screen.findByText('We share what we have');
    expect(within(shown.closest('li')!).getByText('Changed by Byron Lovelace')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads(/\/canvas\/category\//)).toBe(categoryReads);
  });

  it('catches up after a reconnect from the history since the last event seen, without reading the canvas again', async () => {
    const first = aTakeaway({ title: 'Keep the lake house' });
    const missed = aTakeaway({ title: 'Sell the boat' });
    const seen = changeOf('takeaway', 'created', takeawayState(first));
    const whileAway = changeOf('takeaway', 'created', takeawayState(missed));
    let history: HistoryEvent[] = [];
    const { reads, calls } = renderLivePage('overview', [
      { method: 'GET', path: /\/canvas$/, body: aCanvas() },
      {
        method: 'GET',
        path: /\/canvas\/history\/7$/,
        // The catch-up asks for the items too (canvasSince): as the server would send them now.
        body: () => ({
          results: [...history].reverse(),
          next: null,
          canvas: canvasOf(...history.map((event) => ({ kind: 'takeaway' as const, item: event === seen ? first : missed }))),
        }),
      },
    ]);
    await screen.findByTestId('canvas-title');
    await openLive(reads, /\/canvas$/);
    act(() => FakeSocket.latest().receive({ type: 'change', event: seen, canvas: canvasOf({ kind: 'takeaway', item: first }) }));
    const card = screen.getByRole('article', { name: 'Our Values' });
    expect(await within(card).findByText('Keep the lake house')).toBeInTheDocument();
    const canvasReads = reads(/\/canvas$/);

    act(() => FakeSocket.latest().drop());
    history = [seen, whileAway];
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    act(() => FakeSocket.latest().open());

    const caughtUp = await within(card).findByText('Sell the boat');
    // Highlighted with who made it, like a change that came live.
    expect(within(caughtUp.closest('li')!).getByText('Changed by Byron Lovelace')).toBeInTheDocument();
    expect(within(card).getAllByText('Keep the lake house')).toHaveLength(1);
    const catchUp = calls.filter((call) => /\/canvas\/history\/7$/.test(call.path)).at(-1);
    expect(catchUp).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads(/\/canvas$/)).toBe(canvasReads);
  });
});
