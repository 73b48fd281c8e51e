import { t } from '../../messages/en-US';

/**
 * A form's own error, above its fields (a server answer no single field explains); an
 * alert, so a screen reader announces it when it appears. Nothing without a message.
 */
export function FormErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-control border border-error-700 bg-error-bg p-3 text-error-700">
      {message}
    </p>
  );
}

/**
 * The start of a form: its heading when it has one, the legend of the required mark (pulled up to the heading) and the
 * form's own error (docs/product/accounts.md#validation).
 */
export function FormStart({ heading, legendId, error }: { heading?: { id: string; title: string }; legendId?: string; error: string | null | undefined }) {
  return (
    <>
      {heading && (
        <h2 id={heading.id} className="font-display text-2xl font-semibold text-primary-800">
          {heading.title}
        </h2>
      )}
      <p id={legendId} className={heading ? '-mt-3 text-sm text-ink-600' : 'text-sm text-ink-600'}>
        {t('forms.requiredLegend')}
      </p>
      <FormErrorAlert message={error} />
    </>
  );
}
