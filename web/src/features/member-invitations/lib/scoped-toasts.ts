import { useEffect, useMemo, useRef } from 'react';
import { useToasts, type ToastInput } from '../../../stores/toasts';

/**
 * Toasts that belong to a page: they close when the user leaves it (docs/product/invitations.md#screens "Leaving
 * the route clears the invitation toast").
 */
export function useScopedToasts() {
  const toasts = useToasts();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    const ids = shown.current;
    return () => {
      for (const id of ids) toasts.dismiss(id);
      ids.clear();
    };
  }, [toasts]);
  return useMemo(
    () => ({
      show: (input: ToastInput) => {
        const id = toasts.show(input);
        shown.current.add(id);
        return id;
      },
      showSystemError: () => {
        const id = toasts.showSystemError();
        shown.current.add(id);
        return id;
      },
    }),
    [toasts],
  );
}
