import { atom, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { t } from '../../../messages/en-US';

/** Items the user has had on screen since the page loaded them as changed. */
const seenChangedItemsAtom = atom<ReadonlySet<string>>(new Set<string>());

/** The server marks items others created or changed since the caller's previous visit. */
export function isChangedSinceLastVisit(item: object): boolean {
  return (item as { changedSinceLastVisit?: boolean }).changedSinceLastVisit === true;
}

/**
 * "Changed since your last visit", highlighted until seen: an item the server marks stays
 * lit while it is on this page; once it has been on screen (or opened) it is seen, and is
 * not lit again when the page comes back during this session.
 */
export function useChangedHighlight<E extends HTMLElement>(id: string, item: object) {
  const store = useStore();
  const setSeen = useSetAtom(seenChangedItemsAtom);
  const [isLit, setIsLit] = useState(() => isChangedSinceLastVisit(item) && !store.get(seenChangedItemsAtom).has(id));
  const ref = useRef<E>(null);
  const markSeen = useCallback(() => setSeen((seen) => (seen.has(id) ? seen : new Set(seen).add(id))), [id, setSeen]);

  useEffect(() => {
    const element = ref.current;
    if (!isLit || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      markSeen();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        markSeen();
        observer.disconnect();
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isLit, markSeen]);

  const onOpened = useCallback(() => {
    markSeen();
    setIsLit(false);
  }, [markSeen]);

  return { ref, isLit, onOpened };
}

/** The small "Changed" label of a lit item; screen readers hear "changed since your last visit". */
export function ChangedBadge() {
  return (
    <Badge tone="info" className="text-xs">
      <span aria-hidden="true">{t('history.changedBadge')}</span>
      <span className="sr-only">{t('history.changedLabel')}</span>
    </Badge>
  );
}

/** The classes of a lit item: a ring that is not the category colour of the link highlight. */
export const changedClasses = 'ring-2 ring-info-700 ring-offset-1';
