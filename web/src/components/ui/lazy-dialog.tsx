import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * A dialog whose code loads the first time it opens, not with the page that holds it (the
 * first-visit budgets, README.md#quality). Until then it renders nothing; once opened it
 * stays mounted like an eager dialog, so closing it behaves the same (focus goes back to
 * where it was). `load` picks the component out of its module.
 */
export function lazyDialog<P extends { isOpen: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const [hasOpened, setHasOpened] = useState(props.isOpen);
    useEffect(() => {
      if (props.isOpen) setHasOpened(true);
    }, [props.isOpen]);
    if (!props.isOpen && !hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
