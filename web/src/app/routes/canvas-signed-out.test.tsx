import { act, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCodes } from '../../../../shared/errors';
import { CategoryPage } from '../../features/canvas/components/CategoryPage';
import { aCategory, aQuestion, canvasUsers, categoryId, fakeApi } from '../../features/canvas/testing/fixtures';
import { renderCanvasRoute } from '../../features/canvas/testing/render';
import { createFakeSocket, FakeSocket } from '../../features/live/testing/fake-socket';
import { ApiError } from '../../lib/api-client';
import { userIdAtom } from '../../stores/session';
import { renderInDataRouter } from '../../testing/render-route';
import { handleGlobalApiError } from '../session';
import { CanvasWithHistory } from './canvas-history';
import { Component as SessionExpiredPage } from './session-expired';

/**
 * A session ended from another device (docs/product/sessions-and-sign-in.md): the open canvas
 * says so at once when its socket closes with `signedOut`; off the canvas, the next answer 7
 * that names it says the same words.
 */

let restore = () => undefined as void;
beforeEach(() => {
  FakeSocket.all = [];
});
afterEach(() => {
  restore();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('signed out from another device', () => {
  it('leaves the canvas at once for the page that says so, without a click, and forgets the session here', async () => {
    const api = fakeApi([
      { method: 'GET', path: new RegExp(`/canvas/category/${categoryId}$`), body: aCategory({ questions: [aQuestion(1)] }) },
      { method: 'GET', path: /\/canvas\/history$/, body: { results: [], next: null } },
      { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers },
    ]);
    restore = api.restore;
    const { router, store } = renderCanvasRoute(
      <CanvasWithHistory createSocket={createFakeSocket}>
        <CategoryPage categoryId={categoryId} />
      </CanvasWithHistory>,
      { path: `/canvas-category/${categoryId}`, route: '/canvas-category/:categoryId' },
    );
    await screen.findByRole('heading', { level: 1, name: 'Our Values' });
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    act(() => FakeSocket.latest().open());

    act(() => {
      FakeSocket.latest().receive({ type: 'closed', reason: 'signedOut' });
      FakeSocket.latest().drop();
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/session-expired'));
    expect(router.state.location.search).toBe('?reason=signedOut');
    expect(store.get(userIdAtom)).toBeNull();
    // Nothing was sent: the tab learnt it from the channel, not from a failed call.
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('says "You were signed out from another device" on that page; a session that ran out keeps its own words', () => {
    const signedOut = renderInDataRouter(<SessionExpiredPage />, {
      path: '/session-expired?reason=signedOut',
      route: '/session-expired',
      store: createStore(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'You were signed out from another device' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    signedOut.unmount();

    renderInDataRouter(<SessionExpiredPage />, { path: '/session-expired', route: '/session-expired', store: createStore() });
    expect(screen.getByRole('heading', { level: 1, name: 'Your session has expired' })).toBeInTheDocument();
  });

  it('goes to those words on an answer 7 that names the other device, and to "expired" on a plain 7', () => {
    const navigate = vi.fn();
    const expired = (details?: unknown) =>
      new ApiError({ errorCode: ErrorCodes.SESSION_EXPIRED, message: 'Session expired.', status: 401, ...(details ? { details } : {}) });
    const signedIn = () => {
      const store = createStore();
      store.set(userIdAtom, 'u1');
      return store;
    };
    handleGlobalApiError(expired({ reason: 'signedOut' }), { store: signedIn(), navigate });
    handleGlobalApiError(expired(), { store: signedIn(), navigate });
    // A browser already signed out (a request still under way at its logout) is not told again.
    handleGlobalApiError(expired(), { store: createStore(), navigate });
    expect(navigate.mock.calls).toEqual([['/session-expired?reason=signedOut'], ['/session-expired']]);
  });
});
