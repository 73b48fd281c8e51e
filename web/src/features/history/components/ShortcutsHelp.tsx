import { atom, useAtom } from 'jotai';
import { useEffect } from 'react';
import { lazyDialog } from '../../../components/ui/lazy-dialog';

/** Whether the keyboard-shortcuts help is open (the `?` key, or its button in the Activity panel). */
export const shortcutsHelpOpenAtom = atom(false);

// The list itself loads the first time it opens (the canvas's first-visit budget, bench/spa-size.ts).
const ShortcutsHelpDialog = lazyDialog(() => import('./ShortcutsHelpDialog').then((module) => module.ShortcutsHelpDialog));

/** Text fields keep their own `?`. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The keyboard shortcuts of the canvas pages (Undo is discoverable): `?` opens
 * this list (outside text fields and other dialogs), which names Ctrl/Cmd+Z for undo.
 * Mounted once by HistoryProvider, so every canvas page has it.
 */
export function ShortcutsHelp() {
  const [isOpen, setIsOpen] = useAtom(shortcutsHelpOpenAtom);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isEditable(event.target)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) return;
      event.preventDefault();
      setIsOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [setIsOpen]);
  return <ShortcutsHelpDialog isOpen={isOpen} onClose={() => setIsOpen(false)} />;
}
