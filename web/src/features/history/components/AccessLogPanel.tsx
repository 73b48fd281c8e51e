import { useMemo, useState } from 'react';
import { buttonClasses, Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { useMultiSort, MultiSortTable } from '../../../components/ui/MultiSortTable';
import { LoadingState } from '../../../components/ui/StateMessage';
import { t } from '../../../messages/en-US';
import { accessLogCsvUrl, useAccessLog, type AccessLogScope } from '../api/access-log';
import { sortAccessLog, type AccessLogField } from '../lib/access-log';
import { formatDateTime } from '../../../../../shared/dates';
import { dayInput } from '../lib/dates';

/** The period shown first: the last 30 days. */
const defaultDays = 30;

/**
 * The advisor access log (issue "every change recorded"): on My family (owners, admins)
 * which advisor read which section, how often and first and last, with a CSV download; on
 * My company the company's own members' reads of their families. Dates filter by whole
 * days; the columns sort in the browser.
 */
export function AccessLogPanel({ scope }: { scope: AccessLogScope }) {
  const [from, setFrom] = useState(() => dayInput(defaultDays));
  const [to, setTo] = useState(() => dayInput(0));
  const isPeriodValid = !from || !to || from <= to;
  const period = isPeriodValid ? { from, to } : { from: '', to: '' };
  const log = useAccessLog(scope, period);
  const sort = useMultiSort<AccessLogField>();
  const rows = useMemo(() => sortAccessLog(log.data?.pages.flatMap((page) => page.results) ?? [], sort.keys), [log.data, sort.keys]);
  const isFamily = scope === 'family';
  const columns: ReadonlyArray<{ field: AccessLogField; label: string }> = [
    { field: 'person', label: t('accessLog.column.person') },
    isFamily ? { field: 'company', label: t('accessLog.column.company') } : { field: 'family', label: t('accessLog.column.family') },
    { field: 'section', label: t('accessLog.column.section') },
    { field: 'kind', label: t('accessLog.column.kind') },
    { field: 'firstDate', label: t('accessLog.column.firstDate') },
    { field: 'lastDate', label: t('accessLog.column.lastDate') },
    { field: 'count', label: t('accessLog.column.count') },
  ];

  return (
    <section className="flex flex-col gap-4" aria-labelledby="access-log-intro">
      <p id="access-log-intro" className="text-ink-700">
        {isFamily ? t('accessLog.intro') : t('accessLog.companyIntro')}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          type="date"
          label={t('accessLog.from')}
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
          containerClassName="w-full sm:w-48"
        />
        <TextField
          type="date"
          label={t('accessLog.to')}
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
          containerClassName="w-full sm:w-48"
          error={isPeriodValid ? null : t('accessLog.badPeriod')}
        />
        {isFamily && (
          <a href={accessLogCsvUrl(period)} download className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}>
            {t('accessLog.download')}
          </a>
        )}
      </div>
      {log.isPending ? (
        <LoadingState text={t('accessLog.loading')} />
      ) : log.isError ? (
        <LoadErrorState title={t('accessLog.loadError')} onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-card border border-dashed border-ink-300 p-6 text-ink-700">{isFamily ? t('accessLog.empty') : t('accessLog.companyEmpty')}</p>
      ) : (
        <MultiSortTable
          caption={t('accessLog.caption')}
          columns={columns}
          sort={sort}
          defaultOrderText={t('accessLog.defaultOrder')}
          minWidthClassName="min-w-[52rem]"
          isStale={log.isPlaceholderData}
          isBusy={log.isFetching}
        >
          {rows.map((row) => (
            <tr
              key={`${row.userId}:${row.familyId}:${row.sectionId}:${row.kind}`}
              className="border-b border-line last:border-b-0"
              data-testid="access-log-row"
            >
              <td className="px-3 py-2 font-medium text-ink-900">
                {row.firstName} {row.lastName}
              </td>
              <td className="px-3 py-2 text-ink-800">{isFamily ? row.entityName : row.familyName}</td>
              <td className="px-3 py-2 text-ink-800">{row.sectionTitle}</td>
              <td className="px-3 py-2 text-ink-800">{t(`accessLog.kind.${row.kind}`)}</td>
              <td className="px-3 py-2 whitespace-nowrap text-ink-800">
                <time dateTime={row.firstDate}>{formatDateTime(row.firstDate)}</time>
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-ink-800">
                <time dateTime={row.lastDate}>{formatDateTime(row.lastDate)}</time>
              </td>
              <td className="px-3 py-2 text-right text-ink-800">{row.count}</td>
            </tr>
          ))}
        </MultiSortTable>
      )}
      {log.hasNextPage && (
        <Button variant="secondary" className="self-center" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {t('accessLog.loadMore')}
        </Button>
      )}
    </section>
  );
}
