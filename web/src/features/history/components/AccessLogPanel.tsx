import { useMemo, useState } from 'react';
import type { AccessLogRow } from '../../../../../shared/contracts/history';
import { formatDateTime, formatDay, parseDay } from '../../../../../shared/dates';
import { buttonClasses, Button } from '../../../components/ui/Button';
import { DayField } from '../../../components/ui/Field';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { useMultiSort, MultiSortTable } from '../../../components/ui/MultiSortTable';
import { PhoneCard, PhoneCardList } from '../../../components/ui/PhoneCards';
import { SelectField } from '../../../components/ui/SelectField';
import { LoadingState } from '../../../components/ui/StateMessage';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import { t } from '../../../messages/en-US';
import { accessLogCsvUrl, useAccessLog, type AccessLogFilters, type AccessLogScope } from '../api/access-log';
import { sortAccessLog, type AccessLogField } from '../lib/access-log';
import { dayInput } from '../lib/dates';

/** The period shown first: the last 30 days. */
const defaultDays = 30;

/** A typed day as the query wants it: YYYY-MM-DD, '' for none, undefined when it is no day. */
const periodDay = (typed: string): string | undefined => (typed.trim() ? parseDay(typed) : '');

/** The sections a visit read, by title; an export (the plan book) says so. */
const sectionsText = (row: AccessLogRow) =>
  row.sections.map((section) => (section.kind === 'export' ? t('accessLog.exported', { section: section.sectionTitle }) : section.sectionTitle)).join(', ');

/**
 * The advisor access log (issue "every change recorded"; docs/product/history-and-undo.md
 * "Visits in the access log"): on My family (owners, admins) one row per advisor and visit,
 * the sections read, first and last, with a CSV download; on My company the company's own
 * members' visits of their families. Filters by days (typed or picked), advisor and company
 * are sent to the server; the columns sort in the browser; on a phone the rows are cards.
 */
export function AccessLogPanel({ scope }: { scope: AccessLogScope }) {
  const [fromText, setFromText] = useState(() => formatDay(dayInput(defaultDays)));
  const [toText, setToText] = useState(() => formatDay(dayInput(0)));
  const [filters, setFilters] = useState<AccessLogFilters>({ advisor: '', company: '' });
  const isPhone = usePhoneLayout();
  const from = periodDay(fromText);
  const to = periodDay(toText);
  const isPeriodValid = from !== undefined && to !== undefined && (!from || !to || from <= to);
  const period = isPeriodValid ? { from: from ?? '', to: to ?? '' } : { from: '', to: '' };
  const log = useAccessLog(scope, period, filters);
  const sort = useMultiSort<AccessLogField>();
  const rows = useMemo(() => sortAccessLog(log.data?.pages.flatMap((page) => page.results) ?? [], sort.keys), [log.data, sort.keys]);
  const advisors = log.data?.pages[0]?.advisors ?? [];
  const companies = [...new Map(advisors.map((advisor) => [advisor.entityId, advisor.entityName])).entries()];
  const isFamily = scope === 'family';
  const columns: ReadonlyArray<{ field: AccessLogField; label: string }> = [
    { field: 'person', label: t('accessLog.column.person') },
    isFamily ? { field: 'company', label: t('accessLog.column.company') } : { field: 'family', label: t('accessLog.column.family') },
    { field: 'section', label: t('accessLog.column.sections') },
    { field: 'firstDate', label: t('accessLog.column.firstDate') },
    { field: 'lastDate', label: t('accessLog.column.lastDate') },
    { field: 'count', label: t('accessLog.column.count') },
  ];
  const dayError = (typed: string) => (periodDay(typed) === undefined ? t('forms.errorMessages.date') : null);

  return (
    <section className="flex flex-col gap-4" aria-labelledby="access-log-intro">
      <p id="access-log-intro" className="text-ink-700">
        {isFamily ? t('accessLog.intro') : t('accessLog.companyIntro')}
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <DayField
          label={t('accessLog.from')}
          value={fromText}
          onChange={(event) => setFromText(event.target.value)}
          error={dayError(fromText)}
          containerClassName="w-full sm:w-56"
        />
        <DayField
          label={t('accessLog.to')}
          value={toText}
          onChange={(event) => setToText(event.target.value)}
          containerClassName="w-full sm:w-56"
          error={dayError(toText) ?? (isPeriodValid ? null : t('accessLog.badPeriod'))}
        />
        <SelectField
          label={t('accessLog.filter.advisor')}
          value={filters.advisor}
          onChange={(event) => setFilters((current) => ({ ...current, advisor: event.target.value }))}
          placeholder={t('accessLog.filter.allAdvisors')}
          options={[...new Map(advisors.map((advisor) => [advisor.userId, `${advisor.firstName} ${advisor.lastName}`])).entries()].map(([value, label]) => ({
            value,
            label,
          }))}
          containerClassName="w-full sm:w-56"
        />
        {isFamily && (
          <SelectField
            label={t('accessLog.filter.company')}
            value={filters.company}
            onChange={(event) => setFilters((current) => ({ ...current, company: event.target.value }))}
            placeholder={t('accessLog.filter.allCompanies')}
            options={companies.map(([value, label]) => ({ value: String(value), label }))}
            containerClassName="w-full sm:w-56"
          />
        )}
        {isFamily && (
          <a href={accessLogCsvUrl(period, filters)} download className={buttonClasses('secondary', 'md', 'w-full sm:mt-8 sm:w-auto')}>
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
      ) : isPhone ? (
        <PhoneCardList label={t('accessLog.caption')} testId="access-log-cards">
          {rows.map((row) => (
            <PhoneCard
              key={`${row.userId}:${row.familyId}:${row.firstDate}`}
              testId="access-log-row"
              title={`${row.firstName} ${row.lastName}`}
              fields={[
                isFamily ? { label: t('accessLog.column.company'), value: row.entityName } : { label: t('accessLog.column.family'), value: row.familyName },
                { label: t('accessLog.column.sections'), value: sectionsText(row) },
                { label: t('accessLog.column.firstDate'), value: <time dateTime={row.firstDate}>{formatDateTime(row.firstDate)}</time> },
                { label: t('accessLog.column.lastDate'), value: <time dateTime={row.lastDate}>{formatDateTime(row.lastDate)}</time> },
                { label: t('accessLog.column.count'), value: row.count },
              ]}
            />
          ))}
        </PhoneCardList>
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
            <tr key={`${row.userId}:${row.familyId}:${row.firstDate}`} className="border-b border-line last:border-b-0" data-testid="access-log-row">
              <td className="px-3 py-2 font-medium text-ink-900">
                {row.firstName} {row.lastName}
              </td>
              <td className="px-3 py-2 text-ink-800">{isFamily ? row.entityName : row.familyName}</td>
              <td className="px-3 py-2 text-ink-800">{sectionsText(row)}</td>
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
