import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product/accounts.md#signup, docs/product/limits.md#accounts-limits: the progress advances 1 percent every 25 ms up to 100. */
export const progressTiming = { stepMs: 25, successMs: 900 } as const;

export type ProgressStatus = 'idle' | 'loading' | 'success';

/**
 * The life of a progress button (docs/product/accounts.md#signup): idle → loading with a progress that
 * advances 1 % every 25 ms up to 100 → a success check → the follow-up. `run` resolves
 * with the action's result once the check has been shown; on failure the button goes
 * back to idle at once and `run` rejects with the action's error.
 */
export function useProgressAction(timing: { stepMs?: number; successMs?: number } = {}) {
  const stepMs = timing.stepMs ?? progressTiming.stepMs;
  const successMs = timing.successMs ?? progressTiming.successMs;
  const [status, setStatus] = useState<ProgressStatus>('idle');
  const [progress, setProgress] = useState(0);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (status !== 'loading') return;
    const timer = window.setInterval(() => setProgress((value) => Math.min(100, value + 1)), stepMs);
    return () => window.clearInterval(timer);
  }, [status, stepMs]);

  const run = useCallback(
    async <T>(action: () => Promise<T>): Promise<T> => {
      setProgress(0);
      setStatus('loading');
      let result: T;
      try {
        result = await action();
      } catch (error) {
        if (isMounted.current) {
          setStatus('idle');
          setProgress(0);
        }
        throw error;
      }
      if (isMounted.current) {
        setProgress(100);
        setStatus('success');
        await new Promise((resolve) => window.setTimeout(resolve, successMs));
      }
      if (isMounted.current) {
        setStatus('idle');
        setProgress(0);
      }
      return result;
    },
    [successMs],
  );

  return { status, progress, run, isBusy: status !== 'idle' };
}
