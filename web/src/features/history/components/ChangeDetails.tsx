import type { HistoryChange, HistoryEvent } from '../../../../../shared/contracts/history';
import { formatDateTime, formatDay } from '../../../../../shared/dates';
import { t, type MessageKey } from '../../../messages/en-US';
import { useHistoryContext } from '../hooks/use-history-context';
import { actorName } from '../lib/events';

type ChangeDetailsProps = {
  event: HistoryEvent;
  userId: string | null;
  /** People by id (the canvas's), for the assignee. */
  people: ReadonlyArray<{ id: string; name: string }>;
};

/**
 * The before/after view of one change: who and when, then each field the change
 * touched with its value before and after. A deletion lists what was deleted. The server
 * sends `changes` already filtered for the reader (links into hidden sections left out).
 */
export function ChangeDetails({ event, userId, people }: ChangeDetailsProps) {
  const { itemTitle } = useHistoryContext();
  const changes = event.changes ?? [];
  const isDeletion = event.after === null && event.before !== null;
  const show = (change: HistoryChange, value: unknown) => formatValue(change.field, value, { people, itemTitle });
  return (
    <section className="flex flex-col gap-2 rounded-control border border-line bg-canvas px-3 py-3 text-sm" data-testid="change-details">
      <h3 className="font-semibold text-ink-900">{t('history.changes.title')}</h3>
      <p className="text-ink-700">{t('history.changes.by', { name: actorName(event, userId), date: formatDateTime(event.createdDate) })}</p>
      {isDeletion && <p className="font-medium text-ink-900">{t('history.changes.deleted')}</p>}
      {changes.length === 0 ? (
        <p className="text-ink-700">{t('history.changes.none')}</p>
      ) : (
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="sr-only">{t('history.changes.title')}</caption>
          <thead>
            <tr className="border-b border-line text-ink-700">
              <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
                {t('history.changes.field')}
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('history.changes.before')}
              </th>
              {!isDeletion && (
                <th scope="col" className="py-1 font-medium">
                  {t('history.changes.after')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field} className="border-b border-line align-top last:border-b-0">
                <th scope="row" className="py-1 pr-2 font-medium text-ink-900">
                  {t(`history.field.${change.field}` as MessageKey)}
                </th>
                <td className="py-1 pr-2 break-words text-ink-800">
                  {isDeletion ? show(change, change.before) : <del className="decoration-ink-500">{show(change, change.before)}</del>}
                </td>
                {!isDeletion && (
                  <td className="py-1 break-words text-ink-900">
                    <ins className="no-underline">{show(change, change.after)}</ins>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

type Lookups = {
  people: ReadonlyArray<{ id: string; name: string }>;
  itemTitle?: (itemId: string) => string | undefined;
};

/** A field's value as the view writes it: names for people and linked items, words for terms, priorities and flags. */
export function formatValue(field: HistoryChange['field'], value: unknown, lookups: Lookups): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return t('history.changes.empty');
  if (typeof value === 'boolean') return value ? t('history.changes.yes') : t('history.changes.no');
  if (Array.isArray(value)) return value.map((id) => lookups.itemTitle?.(String(id)) ?? t('history.changes.goneLink')).join(', ');
  const text = String(value);
  if (field === 'term') return t(`canvas.goalTerm.${text}` as MessageKey);
  if (field === 'priority') return t(`canvas.priority.${text}` as MessageKey);
  if (field === 'assignee') return lookups.people.find((person) => person.id === text)?.name ?? t('history.someone');
  if (field === 'dueDate') return formatDay(text);
  return text;
}
