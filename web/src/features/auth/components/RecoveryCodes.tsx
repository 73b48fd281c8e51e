import { Button } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';

/**
 * The 10 recovery codes, shown once after TOTP is turned on (or the first passkey is added,
 * with its own title and intro): copy, download, then done.
 */
export function RecoveryCodes({ codes, onDone, title, intro }: { codes: readonly string[]; onDone: () => void; title?: string; intro?: string }) {
  const toasts = useToasts();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toasts.show({ mode: 'success', text: t('twoFactor.recovery.copied') });
    } catch {
      toasts.showSystemError();
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'family-canvas-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4 rounded-card border border-line p-5" data-testid="recovery-codes">
      <div>
        <h4 className="text-lg font-semibold text-ink-900">{title ?? t('twoFactor.recovery.title')}</h4>
        <p className="mt-1 text-ink-700">{intro ?? t('twoFactor.recovery.intro')}</p>
      </div>
      <ul className="grid grid-cols-2 gap-2 font-mono text-lg text-ink-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('twoFactor.recovery.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t('twoFactor.recovery.download')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.recovery.done')}</Button>
      </div>
    </div>
  );
}
