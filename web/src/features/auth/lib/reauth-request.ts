import { useSyncExternalStore } from 'react';

/**
 * The bridge between the API client and the re-authentication dialog: the
 * client's handler (setReauthenticationHandler, registered in app.tsx) opens a request;
 * the dialog, mounted once in the shell, settles it: true once the session is stamped
 * (the client then sends the guarded request again), false when the user cancels.
 */
type Pending = { resolve: (ok: boolean) => void };

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function requestReauthentication(): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { resolve };
    notify();
  });
}

export function settleReauthentication(ok: boolean): void {
  const current = pending;
  pending = null;
  current?.resolve(ok);
  notify();
}

export function useIsReauthenticationPending(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending !== null,
    // A prerendered page (web/src/prerender.tsx) has nothing pending.
    () => false,
  );
}
