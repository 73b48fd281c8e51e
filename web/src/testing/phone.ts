import { vi } from 'vitest';
import { phoneQuery } from '../hooks/use-phone-layout';

/**
 * Chooses the phone layout (usePhoneLayout) and, with `isTouch`, a touch screen: the DOM of
 * the tests lays nothing out, so the media queries are answered here. Returns the undo.
 */
export function asPhone({ isTouch = true }: { isTouch?: boolean } = {}): () => void {
  const spy = vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === phoneQuery || (isTouch && query.includes('hover: none')),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
  return () => spy.mockRestore();
}
