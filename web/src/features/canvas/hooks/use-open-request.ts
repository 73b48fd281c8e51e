import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `?open=<itemId>` on the category page: the item a link (the Activity panel, a refused
 * undo) asks to open. The page opens it and then clears the request, so Back and a reload
 * do not open it again.
 */
export function useOpenRequest(): { itemId: string | null; done: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const itemId = searchParams.get('open');
  const done = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('open');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return { itemId, done };
}
