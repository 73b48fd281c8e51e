import { ButtonLink } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';

/** docs/product/errors.md#sessions-errors "Full-page errors": the system-error message with an OK button back to the root path. */
export function SystemErrorPanel({ homeHref }: { homeHref: string }) {
  return (
    <div role="alert" className="rounded-card border border-error-700 bg-error-bg p-6" data-testid="system-error">
      <h2 className="font-display text-2xl font-semibold text-error-700">{t('errors.systemError.title')}</h2>
      <p className="mt-2 text-ink-900">{t('errors.systemError.firstLine')}</p>
      <p className="text-ink-900">{t('errors.systemError.lastLine')}</p>
      <ButtonLink to={homeHref} className="mt-6">
        {t('common.ok')}
      </ButtonLink>
    </div>
  );
}
