import { Checkbox } from '../../../components/ui/Field';
import { t } from '../../../messages/en-US';
import { useCompanyVisibility, useSetCompanyVisibility } from '../api/company-visibility';
import { isHandledGlobally } from '../lib/errors';

/**
 * Privacy between advisor companies, on the family's companies page: each company sees
 * only itself on the canvas unless the family's owners and admins choose to show advisors
 * which other companies work with the family (their names only; their people stay hidden).
 * Saved as soon as it is ticked; a failure is said beside the box, which shows what holds.
 */
export function CompanyVisibilitySection() {
  const visibility = useCompanyVisibility();
  const change = useSetCompanyVisibility();
  // No canvas yet, or not allowed to choose: nothing to show.
  if (visibility.isError || (visibility.data && !visibility.data.abilities.canChooseAdvisorCompanyVisibility)) return null;
  const failed = change.isError && !isHandledGlobally(change.error);
  return (
    <section aria-labelledby="company-visibility-heading" className="flex flex-col gap-3" data-testid="company-visibility">
      <h2 id="company-visibility-heading" className="font-display text-2xl font-semibold text-primary-800">
        {t('companies.visibility.title')}
      </h2>
      <p className="text-ink-700">{t('companies.visibility.intro')}</p>
      {visibility.isPending ? (
        <p role="status" className="text-ink-700">
          {t('companies.visibility.loading')}
        </p>
      ) : (
        <Checkbox
          label={t('companies.visibility.label')}
          checked={visibility.data.advisorCompaniesVisibleToAdvisors}
          disabled={change.isPending}
          aria-busy={change.isPending || undefined}
          error={failed ? t('companies.visibility.error') : null}
          onChange={(event) => change.mutate(event.target.checked)}
        />
      )}
    </section>
  );
}
