import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code loads the first time it is shown, not with the page that holds it
 * (the first-visit budgets, docs/architecture.md#budgets). Until it has loaded it renders `fallback`.
 * A load that fails (the browser went offline after the page loaded) breaks nothing: the
 * fallback stays, and the load is tried again when the connection is back or the component
 * is shown anew. `load` picks the component out of its module. `fallback` may be made from the
 * props, to hold the part's place as it will look (LazyMenu's button).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode | ((props: P) => ReactNode) = null): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  function LazyPart(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (Component) return;
      let isCurrent = true;
      load().then(
        (component) => {
          loaded = component;
          if (isCurrent) setComponent(() => component);
        },
        () => undefined,
      );
      const retry = () => setAttempt((count) => count + 1);
      window.addEventListener('online', retry);
      return () => {
        isCurrent = false;
        window.removeEventListener('online', retry);
      };
    }, [Component, attempt]);
    if (Component) return <Component {...props} />;
    return <>{typeof fallback === 'function' ? fallback(props) : fallback}</>;
  }
  return LazyPart;
}

/**
 * A dialog whose code loads the first time it opens (lazyPart). Until then it renders
 * nothing; once opened it stays mounted like an eager dialog, so closing it behaves the same
 * (focus goes back to where it was).
 */
export function lazyDialog<P extends { isOpen: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazyPart(load);
  function LazyDialog(props: P) {
    const [hasOpened, setHasOpened] = useState(props.isOpen);
    useEffect(() => {
      if (props.isOpen) setHasOpened(true);
    }, [props.isOpen]);
    if (!props.isOpen && !hasOpened) return null;
    return <Loaded {...props} />;
  }
  return LazyDialog;
}
