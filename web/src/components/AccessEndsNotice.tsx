import { formatDay } from '../../../shared/dates';
import { t } from '../messages/en-US';

/**
 * An advisor's notice that their company's access to a family ends soon
 * (docs/product/dashboard.md#access-ends-banner): the server sends the last day only from 7
 * days before it through the day, so whatever it sends is shown. On the dashboard card (short)
 * and on the canvas (with what it means). Not an alert: it is there on arrival, not news.
 */
export function AccessEndsNotice({ endsOn, detail = false, className = '' }: { endsOn: string | undefined; detail?: boolean; className?: string }) {
  if (!endsOn) return null;
  return (
    <div className={`rounded-control border border-warning-700 bg-warning-bg px-3 py-2 text-ink-900 ${className}`} data-testid="access-ends-notice">
      <p className="font-semibold">{t('accessEnds.notice', { date: formatDay(endsOn) })}</p>
      {detail && <p className="mt-1 text-sm text-ink-700">{t('accessEnds.detail')}</p>}
    </div>
  );
}
