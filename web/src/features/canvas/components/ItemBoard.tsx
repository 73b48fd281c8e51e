import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Fragment, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { t } from '../../../messages/en-US';
import type { Column } from '../lib/grouping';
import { PlusIcon } from '../../../components/ui/icons';
import { InfoTip } from './InfoTip';

type ItemBoardProps<K extends string, T> = {
  title: string;
  info: { label: string; text: string };
  addLabel: string;
  /** docs/product/canvas.md#screens: the add button is for editors only. */
  onAdd: (() => void) | null;
  columns: Column<K, T>[];
  columnTitle: (key: K) => string;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
  testId: string;
};

/**
 * The goals or action points of the goals and actions tab (docs/product/canvas.md#screens): one column per
 * term or priority (stacked on small screens), each with its completed items in a
 * collapsed list, an info tooltip and, for editors, an add button.
 */
export function ItemBoard<K extends string, T>({
  title,
  info,
  addLabel,
  onAdd,
  columns,
  columnTitle,
  emptyText,
  renderItem,
  itemKey,
  testId,
}: ItemBoardProps<K, T>) {
  const headingId = `${testId}-title`;
  const render = (item: T) => <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-display text-2xl font-semibold text-primary-800">
          {title}
        </h2>
        <InfoTip label={info.label} text={info.text} />
        {onAdd && (
          <Button size="sm" className="ml-auto" onClick={onAdd}>
            <PlusIcon className="size-4" />
            {addLabel}
          </Button>
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {columns.map((column) => {
          const columnId = `${testId}-${column.key}`;
          return (
            <section key={column.key} aria-labelledby={columnId} className="flex flex-col gap-3 rounded-card bg-ink-100/60 p-3" data-testid={columnId}>
              <h3 id={columnId} className="flex items-center justify-between font-semibold text-ink-900">
                {columnTitle(column.key)}
                <span className="rounded-full bg-surface px-2 text-sm font-medium text-ink-700">{column.active.length}</span>
              </h3>
              {column.active.length > 0 ? (
                <ul className="flex flex-col gap-2">{column.active.map(render)}</ul>
              ) : (
                <p className="text-sm text-ink-600">{emptyText}</p>
              )}
              {column.completed.length > 0 && (
                <Disclosure>
                  {({ open }) => (
                    <div>
                      <DisclosureButton className="flex items-center gap-1 rounded-control px-1 py-1 text-sm font-medium text-primary-700 hover:bg-primary-50">
                        <ChevronDownIcon className={open ? 'size-4 rotate-180' : 'size-4'} />
                        {open ? t('canvas.completed.hide', { count: column.completed.length }) : t('canvas.completed.show', { count: column.completed.length })}
                      </DisclosureButton>
                      <DisclosurePanel as="ul" className="mt-2 flex flex-col gap-2">
                        {column.completed.map(render)}
                      </DisclosurePanel>
                    </div>
                  )}
                </Disclosure>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
