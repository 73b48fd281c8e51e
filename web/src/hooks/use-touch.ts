import { useCallback, useRef, useSyncExternalStore, type PointerEvent } from 'react';

/** A screen whose main pointer is a finger: no hover or a coarse pointer (phones, tablets; either is enough to drop Shift and double-click hints). */
const touchQuery = '(hover: none), (pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const list = window.matchMedia(touchQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.(touchQuery).matches);
}

/**
 * Whether this is a touch screen, for texts that would otherwise speak of double-clicks or
 * the Shift key (neither exists there).
 */
export function useIsTouchScreen(): boolean {
  return useSyncExternalStore(subscribe, isTouchScreen, () => false);
}

/**
 * Open with one tap on a touch screen, while the mouse keeps its double-click (a single
 * click there selects or highlights). Spread the handlers on the element; `onDoubleClick`
 * stays the element's own.
 */
export function useTapToOpen(onOpen: () => void) {
  const lastPointer = useRef<string | null>(null);
  const onPointerDown = useCallback((event: PointerEvent) => {
    lastPointer.current = event.pointerType;
  }, []);
  const onClick = useCallback(() => {
    if (lastPointer.current === 'touch') onOpen();
  }, [onOpen]);
  return { onPointerDown, onClick };
}
