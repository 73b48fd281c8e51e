import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, other } from '../testing/fixtures';
import { itemChangedBody } from '../../../testing/fake-api';
import { useAnswerDraft } from './use-answer-draft';

let restore = () => undefined as void;
afterEach(() => restore());

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={createStore()}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </Provider>
  );
  return renderHook(() => useAnswerDraft(), { wrapper }).result;
}

describe('editing an answer someone changed meanwhile (409, code 71)', () => {
  it('sends the version it started from, shows the text as it is now, and a second save starts from that version', async () => {
    let saves = 0;
    const api = fakeApi([
      {
        method: 'PATCH',
        path: /\/canvas-answer\/answer-1$/,
        status: 409,
        body: () => {
          saves += 1;
          return itemChangedBody({
            itemType: 'answer',
            itemId: 'answer-1',
            current: { text: 'Their text', version: 3 },
            changedBy: { userId: other, firstName: 'Sofia', lastName: 'Rivera' },
            changedDate: '2026-03-12T09:30:00.000Z',
          });
        },
      },
    ]);
    restore = api.restore;
    const result = setup();
    act(() => result.current.write('q-1', 'answer-1', 'My text', 'Old text', 2));
    let saved = true;
    await act(async () => {
      saved = await result.current.save();
    });
    expect(saved).toBe(false);
    expect(result.current.error).toContain('“Their text”');
    expect(result.current.draft?.text).toBe('My text');
    await act(async () => {
      await result.current.save();
    });
    expect(saves).toBe(2);
    expect(api.calls.map((call) => (call.body as { version?: number }).version)).toEqual([2, 3]);
  });
});
