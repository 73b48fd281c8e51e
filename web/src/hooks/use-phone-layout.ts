import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` (640 px): tables become cards (docs/product/shell.md "Tables on phones"). */
export const phoneQuery = '(max-width: 639.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const list = window.matchMedia(phoneQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isPhoneWidth = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(phoneQuery).matches);

/** Whether the window is phone-narrow: lists then show one card per row, with the row's actions on it. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhoneWidth, () => false);
}
