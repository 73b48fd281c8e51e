import type { ReactNode } from 'react';
import { useHydrated } from '../../hooks/use-hydrated';

/**
 * A form's fields on a prerendered page (shared/prerendered-pages.ts), disabled until React has hydrated them: text
 * typed into the static HTML before would show but not count, as React keeps each controlled field's value itself.
 * `contents`, so the fieldset leaves the form's layout as it is.
 */
export function FieldsOnceHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
