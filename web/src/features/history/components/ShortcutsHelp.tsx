import { atom, useAtom } from 'jotai';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { t, type MessageKey } from '../../../messages/en-US';

/** Whether the keyboard-shortcuts help is open (the `?` key, or its button in the Activity panel). */
export const shortcutsHelpOpenAtom = atom(false);

const shortcuts: ReadonlyArray<{ keys: MessageKey; what: MessageKey }> = [
  { keys: 'history.shortcuts.undoKeys', what: 'history.shortcuts.undo' },
  { keys: 'history.shortcuts.helpKeys', what: 'history.shortcuts.help' },
  { keys: 'history.shortcuts.escapeKeys', what: 'history.shortcuts.escape' },
];

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
  const close = () => setIsOpen(false);
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('history.shortcuts.title')} closeLabel={t('history.shortcuts.close')} size="sm">
      <dl className="flex flex-col gap-3" data-testid="shortcuts-help">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.keys} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <dt>
              <kbd className="rounded-control border border-ink-500 bg-surface px-2 py-0.5 font-mono text-sm text-ink-900">{t(shortcut.keys)}</kbd>
            </dt>
            <dd className="text-ink-800">{t(shortcut.what)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={close}>
          {t('history.shortcuts.close')}
        </Button>
      </div>
    </Dialog>
  );
}
