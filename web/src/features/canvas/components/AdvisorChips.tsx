import { Link } from 'react-router';
import type { AdvisorCompanyChip } from '../../../../../shared/contracts/work-relations';
import { t } from '../../../messages/en-US';
import { useCanvasLinks } from '../hooks/use-canvas-links';

/** docs/product/limits.md#canvas-limits: at most two advisor companies as chips, then +N. */
export const maxAdvisorChips = 2;

/** The first two advisor companies as links to their page, then a +N count; nothing without any. */
export function AdvisorChips({ companies, familyId }: { companies: readonly AdvisorCompanyChip[]; familyId?: number }) {
  const links = useCanvasLinks();
  if (companies.length === 0) return null;
  const rest = companies.length - maxAdvisorChips;
  return (
    <ul aria-label={t('canvas.advisors.label')} className="flex flex-wrap items-center gap-2">
      {companies.slice(0, maxAdvisorChips).map((company) => (
        <li key={company.id}>
          <Link
            to={links.company(company.id, familyId)}
            className="inline-flex min-h-9 items-center rounded-full border border-primary-300 bg-primary-50 px-3 text-sm font-medium text-primary-800 hover:bg-primary-100"
          >
            {company.entityName}
          </Link>
        </li>
      ))}
      {rest > 0 && (
        <li className="inline-flex min-h-9 items-center rounded-full bg-ink-100 px-3 text-sm font-medium text-ink-800">
          <span aria-hidden="true">{t('canvas.advisors.more', { count: rest })}</span>
          <span className="sr-only">{t('canvas.advisors.moreLabel', { count: rest })}</span>
        </li>
      )}
    </ul>
  );
}
