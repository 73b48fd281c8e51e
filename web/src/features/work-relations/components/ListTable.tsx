import { useEffect, useState, type ReactNode } from 'react';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { PhoneCard, PhoneCardList } from '../../../components/ui/PhoneCards';
import { ScrollRegion, emailCellClassName } from '../../../components/ui/ScrollRegion';
import { SortableHeader, SortToolbar, nextSort, withoutSort, type SortKeys } from '../../../components/ui/SortableTable';
import { EmptyState, LoadingState } from '../../../components/ui/StateMessage';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import { cx } from '../../../lib/cx';
import { orDash } from '../lib/display';

export type ListColumn<Row, F extends string> = {
  id: string;
  label: string;
  /** The server's sort field of this column; without one the column does not sort. */
  sortField?: F;
  render: (row: Row) => ReactNode;
  /** The column that names the row (read out with every cell). */
  isRowHeader?: boolean;
  className?: string;
};

export type ListTableProps<Row, F extends string> = {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: ReadonlyArray<ListColumn<Row, F>>;
  sort: SortKeys<F>;
  onSortChange: (keys: SortKeys<F>) => void;
  /** What the list is sorted by without a chosen key (the server's default). */
  defaultOrderText: string;
  /** A single click selects a row (docs/product/invitations.md#invitation-lists); a double click opens it like its open icon. */
  onOpen?: (row: Row) => void;
  /** The last column: the row's icon buttons. */
  actions?: (row: Row) => ReactNode;
  actionsLabel?: string;
  /** The previous rows are shown while the newly sorted ones load. */
  isStale?: boolean;
  minWidthClassName?: string;
  testId?: string;
};

/**
 * A sortable table without paging for the work-relation lists (docs/product/work-relations.md#screens, docs/product/limits.md#work-relations-limits): the server
 * sorts (orderBy, several keys), a click selects a row, a double click or the row's open
 * icon opens it. The table scrolls sideways on a narrow screen (ScrollRegion, with its cue); every action is also a
 * button for keyboard users.
 */
export function ListTable<Row, F extends string>({
  caption,
  rows,
  rowKey,
  columns,
  sort,
  onSortChange,
  defaultOrderText,
  onOpen,
  actions,
  actionsLabel,
  isStale,
  minWidthClassName = 'min-w-[44rem]',
  testId,
}: ListTableProps<Row, F>) {
  const [isAdditiveMode, setIsAdditiveMode] = useState(false);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const isPhone = usePhoneLayout();
  const labels = Object.fromEntries(columns.filter((column) => column.sortField).map((column) => [column.sortField, column.label])) as Record<F, string>;
  const hasSorting = columns.some((column) => column.sortField);

  useEffect(() => {
    if (selectedKey !== null && !rows.some((row) => rowKey(row) === selectedKey)) setSelectedKey(null);
  }, [rows, rowKey, selectedKey]);

  if (isPhone) {
    // A phone: one card per row, named by its row-header column, its actions as visible buttons (docs/product/shell.md "Tables on phones").
    const title = columns.find((column) => column.isRowHeader) ?? columns[0];
    return (
      <div data-testid={testId}>
        <PhoneCardList label={caption}>
          {rows.map((row) => (
            <PhoneCard
              key={rowKey(row)}
              testId="list-row"
              title={title?.render(row)}
              fields={columns.filter((column) => column !== title).map((column) => ({ label: column.label, value: column.render(row) }))}
              actions={actions?.(row)}
            />
          ))}
        </PhoneCardList>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid={testId}>
      {hasSorting && (
        <SortToolbar
          keys={sort}
          labels={labels}
          onRemove={(field) => onSortChange(withoutSort(sort, field))}
          onClear={() => onSortChange([])}
          isAdditiveMode={isAdditiveMode}
          onAdditiveModeChange={setIsAdditiveMode}
          defaultOrderText={defaultOrderText}
        />
      )}
      <ScrollRegion label={caption} className={cx(isStale && 'opacity-70')} isBusy={isStale}>
        <table className={cx('w-full border-collapse text-left', minWidthClassName)}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line bg-primary-50 text-sm">
            <tr>
              {columns.map((column) =>
                column.sortField ? (
                  <SortableHeader
                    key={column.id}
                    field={column.sortField}
                    label={column.label}
                    keys={sort}
                    onSort={(field, isAdditive) => onSortChange(nextSort(sort, field, isAdditive))}
                    isAdditiveMode={isAdditiveMode}
                  />
                ) : (
                  <th key={column.id} scope="col" className="px-3 py-2 align-bottom text-sm font-semibold text-ink-800">
                    <span className="inline-flex min-h-11 items-center px-1">{column.label}</span>
                  </th>
                ),
              )}
              {actions && (
                <th scope="col" className="px-3 py-2 align-bottom text-sm font-semibold text-ink-800">
                  <span className="inline-flex min-h-11 items-center">{actionsLabel}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const key = rowKey(row);
              const isSelected = key === selectedKey;
              return (
                <tr
                  key={key}
                  aria-selected={isSelected}
                  onClick={() => setSelectedKey(key)}
                  onDoubleClick={onOpen ? () => onOpen(row) : undefined}
                  className={cx(
                    'border-b border-line last:border-b-0 text-ink-900',
                    isSelected ? 'bg-primary-50' : 'hover:bg-canvas',
                    onOpen && 'cursor-pointer',
                  )}
                  data-testid="list-row"
                >
                  {columns.map((column) =>
                    column.isRowHeader ? (
                      <th key={column.id} scope="row" className={cx('px-3 py-3 align-top font-semibold', column.className)}>
                        {column.render(row)}
                      </th>
                    ) : (
                      <td key={column.id} className={cx('px-3 py-3 align-top', column.className)}>
                        {column.render(row)}
                      </td>
                    ),
                  )}
                  {actions && <td className="px-3 py-2 align-top whitespace-nowrap">{actions(row)}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

type ListStateProps<Row> = {
  query: { isPending: boolean; isError: boolean; error: unknown; data: readonly Row[] | undefined; refetch: () => unknown };
  loadingText?: string;
  errorTitle: string;
  /** Shown when the list has no rows. */
  emptyTitle: string;
  emptyHint?: ReactNode;
  children: (rows: readonly Row[]) => ReactNode;
};

/** A list's loading, error and empty states around it; load failures are logged too (docs/product/errors.md#work-relations-errors). */
export function ListState<Row>({ query, loadingText, errorTitle, emptyTitle, emptyHint, children }: ListStateProps<Row>) {
  useEffect(() => {
    if (query.isError) console.error(errorTitle, query.error);
  }, [query.isError, query.error, errorTitle]);
  if (query.isPending) return <LoadingState text={loadingText} />;
  if (query.isError || query.data === undefined) return <LoadErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={emptyTitle}>{emptyHint}</EmptyState>;
  return <>{children(query.data)}</>;
}

/** The phone column of a people list: a dash for none, the number kept on one line. */
export const phoneColumn = <Row extends { phoneNumber: string | null }>(label: string): ListColumn<Row, 'phoneNumber'> => ({
  id: 'phoneNumber',
  label,
  sortField: 'phoneNumber',
  className: 'whitespace-nowrap',
  render: (row) => orDash(row.phoneNumber),
});

/** The e-mail column of a people list: a dash for none. */
export const emailColumn = <Row extends { email: string | null }>(label: string): ListColumn<Row, 'email'> => ({
  id: 'email',
  label,
  sortField: 'email',
  className: emailCellClassName,
  render: (row) => orDash(row.email),
});

/** The key of a person's row: one person can stand in the list once per entity. */
export const memberRowKey = (row: { entityId: number; id: string }) => `${row.entityId}:${row.id}`;

/** The round icon button of a table row. */
export function RowIconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      onDoubleClick={(event) => event.stopPropagation()}
      className="inline-flex size-11 items-center justify-center rounded-control text-primary-700 hover:bg-primary-50"
      aria-label={label}
      title={label}
    >
      {children}
    </button>
  );
}
