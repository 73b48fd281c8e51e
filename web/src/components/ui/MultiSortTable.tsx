import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { cx } from '../../lib/cx';
import { ScrollRegion } from './ScrollRegion';
import { SortableHeader, SortToolbar, nextSort, toOrderBy, withoutSort, type SortKeys } from './SortableTable';

export type MultiSort<F extends string> = {
  keys: SortKeys<F>;
  setKeys: Dispatch<SetStateAction<SortKeys<F>>>;
  /** The toolbar's "add columns to the sort" switch. */
  isAdditiveMode: boolean;
  setIsAdditiveMode: (isOn: boolean) => void;
  /** The keys as the list call's `orderBy`; undefined for the server's default order. */
  orderBy: string | undefined;
};

/**
 * The sort of a MultiSortTable. It lives with the caller, not the table, because the list
 * call needs `orderBy`, and so it survives the loading and error states around the table.
 */
export function useMultiSort<F extends string>(): MultiSort<F> {
  const [keys, setKeys] = useState<SortKeys<F>>([]);
  const [isAdditiveMode, setIsAdditiveMode] = useState(false);
  return { keys, setKeys, isAdditiveMode, setIsAdditiveMode, orderBy: toOrderBy(keys) };
}

type MultiSortTableProps<F extends string> = {
  /** Names the table and its scroll frame for screen readers. */
  caption: string;
  columns: ReadonlyArray<{ field: F; label: string }>;
  sort: MultiSort<F>;
  /** What the list is sorted by when no key is chosen (the server's default). */
  defaultOrderText: string;
  /** The last column's header: the row's actions (a table without actions leaves it out). */
  actionsLabel?: string;
  /** Below this width the table scrolls sideways in its frame. */
  minWidthClassName: string;
  /** The previous rows are shown (dimmed) while the newly sorted ones load. */
  isStale: boolean;
  isBusy: boolean;
  /** The rows: each a sortable column's cells, then the actions cell. */
  children: ReactNode;
};

/**
 * A table without paging that the server sorts by several columns (docs/product/shell.md#screens, docs/product/limits.md#shell-limits: the
 * member and invitation lists): the sort toolbar, then the table in a scroll frame, with
 * a sortable header for every column and a last, plain header for the row actions (if any).
 */
export function MultiSortTable<F extends string>({
  caption,
  columns,
  sort,
  defaultOrderText,
  actionsLabel,
  minWidthClassName,
  isStale,
  isBusy,
  children,
}: MultiSortTableProps<F>) {
  const labels = Object.fromEntries(columns.map((column) => [column.field, column.label])) as Record<F, string>;
  const onSort = (field: F, isAdditive: boolean) => sort.setKeys((keys) => nextSort(keys, field, isAdditive));
  return (
    <>
      <SortToolbar
        keys={sort.keys}
        labels={labels}
        onRemove={(field) => sort.setKeys((keys) => withoutSort(keys, field))}
        onClear={() => sort.setKeys([])}
        isAdditiveMode={sort.isAdditiveMode}
        onAdditiveModeChange={sort.setIsAdditiveMode}
        defaultOrderText={defaultOrderText}
      />
      <ScrollRegion label={caption} className={cx(isStale && 'opacity-70')} isBusy={isBusy}>
        <table className={cx('w-full border-collapse text-left', minWidthClassName)}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line bg-primary-50 text-sm">
            <tr>
              {columns.map((column) => (
                <SortableHeader
                  key={column.field}
                  field={column.field}
                  label={column.label}
                  keys={sort.keys}
                  onSort={onSort}
                  isAdditiveMode={sort.isAdditiveMode}
                />
              ))}
              {actionsLabel !== undefined && (
                <th scope="col" className="px-3 py-2 text-sm font-semibold text-ink-800">
                  {actionsLabel}
                </th>
              )}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
