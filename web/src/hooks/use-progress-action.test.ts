import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProgressAction } from './use-progress-action';

afterEach(() => vi.useRealTimers());

describe('useProgressAction (docs/product/accounts.md#signup)', () => {
  it('advances 1 % every 25 ms up to 100, then shows success, then returns to idle with the result', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useProgressAction());
    let finish: (value: string) => void = () => undefined;
    let outcome: Promise<string> = Promise.resolve('');
    act(() => {
      outcome = result.current.run(() => new Promise<string>((resolve) => (finish = resolve)));
    });
    expect(result.current.status).toBe('loading');
    act(() => vi.advanceTimersByTime(250));
    expect(result.current.progress).toBe(10);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.progress).toBe(100);

    await act(async () => finish('done'));
    expect(result.current.status).toBe('success');
    await act(async () => vi.advanceTimersByTime(900));
    await expect(outcome).resolves.toBe('done');
    expect(result.current.status).toBe('idle');
    expect(result.current.progress).toBe(0);
  });

  it('goes back to idle at once and rethrows when the action fails', async () => {
    const { result } = renderHook(() => useProgressAction());
    let failure: unknown;
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('nope'))).catch((error: unknown) => (failure = error));
    });
    expect(failure).toEqual(new Error('nope'));
    expect(result.current.status).toBe('idle');
  });
});
