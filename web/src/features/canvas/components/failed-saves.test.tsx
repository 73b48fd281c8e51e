import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CategoryResponse } from '../../../../../shared/contracts/canvas';
import { saveQueue } from '../../../lib/save-queue';
import { aCategory, anAnswer, aTakeaway, canvasUsers, categoryId, editorAbilities, fakeApi, familyId } from '../testing/fixtures';
import { renderCategoryPage } from '../testing/category-page';
import { renderCanvasRoute } from '../testing/render';
import { CanvasTitle } from './CanvasTitle';
import { CanvasItemModal } from './CanvasItemModal';

/**
 * Every failed save says so in words beside what failed, and what was typed stays
 * (docs/product/canvas.md#offline); a save made offline waits, marked, and goes once when
 * the browser is back online.
 */

let restore = () => undefined as void;
let isOnline = true;
afterEach(() => {
  restore();
  setOnline(true);
});

/** Switches navigator.onLine and tells the window, as the browser does. */
function setOnline(online: boolean) {
  isOnline = online;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const serverError = { status: 500, body: { errorCode: 1, errors: {}, message: 'A system error occurred.' } };
const lostAnswer = () => {
  throw new TypeError('Failed to fetch');
};

function renderCategory(category: CategoryResponse, extra: Parameters<typeof fakeApi>[0] = []) {
  const view = renderCategoryPage(category, extra);
  restore = view.restore;
  return view;
}

const creates = (calls: Array<{ method: string; path: string }>) =>
  calls.filter((call) => call.method === 'POST' && call.path.includes('/canvas-answer/create/'));

describe('an answer that could not be saved', () => {
  it('says why beside the answer box and keeps the text (the server refused)', async () => {
    const { user } = renderCategory(aCategory(), [{ method: 'POST', path: /\/canvas-answer\/create\//, ...serverError }]);
    const box = await screen.findByRole('textbox', { name: /Your answer/ });
    await user.type(box, 'We share');
    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    const form = screen.getByTestId('add-answer-form');
    expect(await within(form).findByText('This could not be saved. Your text is still here; please try again.')).toBeInTheDocument();
    expect(box).toHaveValue('We share');
    expect(box).toHaveAccessibleDescription(/could not be saved/);
  });

  it('sent online but unanswered: "not sure it was saved", the text kept, not sent again by itself', async () => {
    const { user, calls } = renderCategory(aCategory(), [{ method: 'POST', path: /\/canvas-answer\/create\//, body: lostAnswer }]);
    const box = await screen.findByRole('textbox', { name: /Your answer/ });
    await user.type(box, 'We share');
    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    const form = screen.getByTestId('add-answer-form');
    expect(await within(form).findByText(/^Not sure this was saved: the connection dropped while sending/)).toBeInTheDocument();
    expect(box).toHaveValue('We share');
    expect(creates(calls)).toHaveLength(1);
  });

  it('made offline: waits with a mark beside the box, then is sent once when the browser is back online', async () => {
    const { user, calls } = renderCategory(aCategory(), [
      { method: 'POST', path: /\/canvas-answer\/create\//, status: 201, body: anAnswer({ text: 'We share' }) },
    ]);
    const box = await screen.findByRole('textbox', { name: /Your answer/ });
    setOnline(false);
    await user.type(box, 'We share');
    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    const form = screen.getByTestId('add-answer-form');
    expect(await within(form).findByText(/^Waiting for the connection: this is saved when you’re back online/)).toBeInTheDocument();
    expect(box).toHaveValue('We share');
    await waitFor(() => expect(saveQueue.getState().waiting).toBe(1));
    expect(creates(calls)).toHaveLength(0);
    // Held as sent while it waits: nothing typed later could be dropped when it is saved.
    expect(box).toHaveAttribute('readonly');

    setOnline(true);
    expect(await screen.findByText('Your answer has been added.')).toBeInTheDocument();
    expect(creates(calls)).toHaveLength(1);
    expect(saveQueue.getState().waiting).toBe(0);
  });
});

describe('a takeaway that could not be saved', () => {
  const scope = { familyId, abilities: editorAbilities, categories: [{ id: categoryId, title: 'Our Values', colorCode: '3A6EA5' }] };
  function renderModal(routes: Parameters<typeof fakeApi>[0]) {
    const takeaway = aTakeaway({ title: 'Keep the lake house' });
    const api = fakeApi([{ method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers }, ...routes]);
    restore = api.restore;
    let closed = 0;
    const view = renderCanvasRoute(
      <CanvasItemModal
        kind="takeaway"
        scope={scope}
        categoryId={categoryId}
        item={takeaway}
        goals={[]}
        goalsElsewhere={[]}
        onClose={() => closed++}
        progressTiming={{ stepMs: 1, successMs: 5 }}
      />,
      { path: '/canvas', route: '/canvas' },
    );
    return { ...view, calls: api.calls, closedCount: () => closed };
  }

  it('says so inside the form, the typed title kept, and the form stays open', async () => {
    const { user, closedCount } = renderModal([{ method: 'PATCH', path: /\/canvas-takeaway\/[^/]+$/, ...serverError }]);
    const dialog = screen.getByRole('dialog', { name: 'Takeaway' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Sell the lake house');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This could not be saved. Your text is still here; please try again.')).toBeInTheDocument();
    expect(title).toHaveValue('Sell the lake house');
    expect(closedCount()).toBe(0);
    expect(title).toBeEnabled();
  });

  it('an archive that failed says so inside the form', async () => {
    const { user } = renderModal([{ method: 'PATCH', path: /\/canvas-takeaway\/archive\//, ...serverError }]);
    const dialog = screen.getByRole('dialog', { name: 'Takeaway' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(within(dialog).getAllByText('The takeaway could not be archived.').length).toBeGreaterThan(0));
  });

  it('an edit made offline waits with its mark in the form, and goes once when back online', async () => {
    const { user, calls, closedCount } = renderModal([
      { method: 'PATCH', path: /\/canvas-takeaway\/[^/]+$/, body: ({ body }: { body: unknown }) => ({ ...aTakeaway(), ...(body as object), version: 2 }) },
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Takeaway' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    setOnline(false);
    await user.clear(title);
    await user.type(title, 'Sell the lake house');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/^Waiting for the connection/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    expect(title).toBeDisabled();
    setOnline(true);
    await waitFor(() => expect(closedCount()).toBe(1));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => (call.body as { title: string }).title)).toEqual(['Sell the lake house']);
  });
});

describe('a canvas title that could not be saved', () => {
  it('says so beside the field and keeps the typed title', async () => {
    const api = fakeApi([{ method: 'PATCH', path: /^\/api\/canvas$/, ...serverError }]);
    restore = api.restore;
    const { user } = renderCanvasRoute(<CanvasTitle title="Our canvas" canEdit />, { path: '/canvas', route: '/canvas' });
    await user.click(screen.getByRole('button', { name: 'Edit canvas title' }));
    const field = screen.getByRole('textbox', { name: /Canvas title/ });
    await user.clear(field);
    await user.type(field, 'The Rivera plan');
    await user.click(screen.getByRole('button', { name: 'Save title' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/could not be saved/));
    expect(field).toHaveValue('The Rivera plan');
  });
});
