import type { MouseEvent, ReactNode } from 'react';
import { useIsTouchScreen } from '../../hooks/use-touch';
import type { SortKey } from '../../../../shared/ordering';
import { cx } from '../../lib/cx';
import { t } from '../../messages/en-US';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from './icons';
import { CloseIcon } from './icons';

/**
 * Multi-sort for tables without paging (docs/product/invitations.md#screens, docs/product/limits.md#invitations-limits: member and invitation lists).
 * A click on a column header sorts by that column (again: the other direction). With
 * Shift held, or with "Add columns to the sort" switched on (for touch and for anyone who
 * prefers a visible control), the column is added as a further sort key instead. The
 * keys become the `orderBy` parameter of the list calls (shared/ordering.ts).
 */

export type SortKeys<F extends string> = ReadonlyArray<SortKey<F>>;

/** The sort after a click on `field`'s header. */
export function nextSort<F extends string>(keys: SortKeys<F>, field: F, isAdditive: boolean): Array<SortKey<F>> {
  const existing = keys.find((key) => key.field === field);
  if (isAdditive) {
    if (existing) return keys.map((key) => (key.field === field ? { field, isDescending: !key.isDescending } : key));
    return [...keys, { field, isDescending: false }];
  }
  if (existing && keys[0]?.field === field) return [{ field, isDescending: !existing.isDescending }];
  return [{ field, isDescending: false }];
}

/** One key less (the × of a key in the summary). */
export function withoutSort<F extends string>(keys: SortKeys<F>, field: F): Array<SortKey<F>> {
  return keys.filter((key) => key.field !== field);
}

/** `[{email}, {createdDate, desc}]` → `email,-createdDate`; no keys → undefined (the server's default order). */
export function toOrderBy<F extends string>(keys: SortKeys<F>): string | undefined {
  return keys.length ? keys.map((key) => `${key.isDescending ? '-' : ''}${key.field}`).join(',') : undefined;
}

type SortableHeaderProps<F extends string> = {
  field: F;
  label: string;
  keys: SortKeys<F>;
  onSort: (field: F, isAdditive: boolean) => void;
  /** Whether clicks add to the sort without Shift (the toolbar's switch). */
  isAdditiveMode?: boolean;
  className?: string;
};

/** A column header that sorts. aria-sort marks the first sort column only, as ARIA asks. */
export function SortableHeader<F extends string>({ field, label, keys, onSort, isAdditiveMode = false, className }: SortableHeaderProps<F>) {
  const position = keys.findIndex((key) => key.field === field);
  const key = position >= 0 ? keys[position] : undefined;
  const direction = key ? (key.isDescending ? 'descending' : 'ascending') : undefined;
  const Icon = !key ? SortIcon : key.isDescending ? ArrowDownIcon : ArrowUpIcon;
  return (
    <th scope="col" aria-sort={position === 0 ? direction : undefined} className={cx('px-3 py-2 text-left align-bottom', className)}>
      <button
        type="button"
        onClick={(event: MouseEvent<HTMLButtonElement>) => onSort(field, isAdditiveMode || event.shiftKey)}
        className={cx(
          'inline-flex min-h-11 items-center gap-1 rounded-control px-1 text-left font-semibold hover:text-primary-700',
          key ? 'text-primary-800' : 'text-ink-800',
        )}
      >
        <span>{label}</span>
        <Icon className={cx('size-4 shrink-0', key ? 'text-primary-700' : 'text-ink-500')} />
        {key && keys.length > 1 && (
          <span aria-hidden="true" className="rounded-full bg-primary-100 px-1.5 text-xs text-primary-800">
            {position + 1}
          </span>
        )}
        {key && (
          <span className="sr-only">
            , {t(direction === 'descending' ? 'table.sortedDescending' : 'table.sortedAscending')}
            {keys.length > 1 ? `, ${t('table.sortPosition', { position: position + 1 })}` : ''}
          </span>
        )}
      </button>
    </th>
  );
}

type SortToolbarProps<F extends string> = {
  keys: SortKeys<F>;
  labels: Record<F, string>;
  onRemove: (field: F) => void;
  onClear: () => void;
  isAdditiveMode: boolean;
  onAdditiveModeChange: (isOn: boolean) => void;
  /** What the list is sorted by when no key is chosen (the server's default). */
  defaultOrderText: string;
  extra?: ReactNode;
};

/** What the table is sorted by, keys to remove one by one, Clear, and the "add columns" switch. */
export function SortToolbar<F extends string>({
  keys,
  labels,
  onRemove,
  onClear,
  isAdditiveMode,
  onAdditiveModeChange,
  defaultOrderText,
  extra,
}: SortToolbarProps<F>) {
  const isTouch = useIsTouchScreen();
  return (
    <div className="flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        <span className="font-semibold text-ink-800">{t('table.sortedBy')}</span>
        {keys.length === 0 && <span className="text-ink-700">{defaultOrderText}</span>}
        {keys.map((key, index) => (
          <span key={key.field} className="inline-flex items-center gap-1 rounded-full bg-primary-50 py-0.5 pr-1 pl-3 text-primary-800">
            {index > 0 && <span className="text-ink-600">{t('table.thenBy')} </span>}
            {labels[key.field]} {key.isDescending ? '↓' : '↑'}
            <span className="sr-only"> {t(key.isDescending ? 'table.sortedDescending' : 'table.sortedAscending')}</span>
            <button
              type="button"
              onClick={() => onRemove(key.field)}
              className="inline-flex size-7 items-center justify-center rounded-full hover:bg-primary-100"
              aria-label={t('table.removeSort', { column: labels[key.field] })}
            >
              <CloseIcon className="size-4" />
            </button>
          </span>
        ))}
        {keys.length > 0 && (
          <button
            type="button"
            onClick={onClear}
            className="min-h-9 rounded-control px-2 font-medium text-primary-700 underline underline-offset-4 hover:bg-primary-50"
          >
            {t('table.clearSort')}
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {extra}
        <button
          type="button"
          aria-pressed={isAdditiveMode}
          onClick={() => onAdditiveModeChange(!isAdditiveMode)}
          className={cx(
            'min-h-9 rounded-control border px-3 font-medium',
            isAdditiveMode ? 'border-primary-700 bg-primary-700 text-white' : 'border-ink-300 bg-surface text-ink-800 hover:bg-primary-50',
          )}
        >
          {t('table.addToSort')}
        </button>
        {/* No Shift key on a touch screen: the button above is the way there. */}
        {!isTouch && <span className="text-ink-600">{t('table.shiftHint')}</span>}
      </div>
    </div>
  );
}
