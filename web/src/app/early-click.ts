/**
 * A prerendered page (web/src/main.tsx) shows its buttons before React hydrates it, and until React's listeners are
 * attached a click on one does nothing: the menu a visitor opened on a slow phone would stay shut. This holds the
 * last click on a button until the page is hydrated and then gives it to React. Links are left alone: they navigate
 * natively, as a link should; the forms' submit buttons are disabled in the prerendered HTML.
 *
 * `stop` once `hydrateRoot` has attached React's listeners: from then on a click makes React finish the hydration at
 * once and handle it. `replay` once the page is hydrated: the held click reaches its button, if that is still there.
 */
export function holdEarlyClick(root: HTMLElement): { stop: () => void; replay: () => void } {
  let held: HTMLButtonElement | undefined;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && !button.disabled) held = button;
  };
  root.addEventListener('click', onClick, true);
  return {
    stop: () => root.removeEventListener('click', onClick, true),
    replay: () => {
      const button = held;
      held = undefined;
      if (button?.isConnected) button.click();
    },
  };
}
