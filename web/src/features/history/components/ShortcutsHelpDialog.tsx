import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { t, type MessageKey } from '../../../messages/en-US';

const shortcuts: ReadonlyArray<{ keys: MessageKey; what: MessageKey }> = [
  { keys: 'history.shortcuts.undoKeys', what: 'history.shortcuts.undo' },
  { keys: 'history.shortcuts.helpKeys', what: 'history.shortcuts.help' },
  { keys: 'history.shortcuts.escapeKeys', what: 'history.shortcuts.escape' },
];

/** The keyboard shortcuts' list (opened by ./ShortcutsHelp.tsx). */
export function ShortcutsHelpDialog({ isOpen, onClose: close }: { isOpen: boolean; onClose: () => void }) {
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
