import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React renders the server's markup or hydrates it (web/src/prerender.tsx, web/src/main.tsx), true in
 * every render after: the hydration render must match the prerendered HTML, the next one may differ.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
