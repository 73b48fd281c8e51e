import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { cx } from '../../lib/cx';

export type TabItem = {
  /** Stable key, also used in the URL by pages that remember the tab. */
  id: string;
  label: ReactNode;
  content: ReactNode;
};

type TabsProps = {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: readonly TabItem[];
  selectedId?: string;
  onChange?: (id: string) => void;
};

/**
 * Tabs (headlessui): arrow keys move between tabs, Tab moves into the panel. The list
 * scrolls sideways on a narrow screen instead of widening the page, and keeps the selected
 * tab in view (the first tab at the start on a phone, docs/product/shell.md "Tables on phones").
 */
export function Tabs({ label, tabs, selectedId, onChange }: TabsProps) {
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selectedId),
  );
  const list = useRef<HTMLDivElement>(null);
  const shown = selectedId === undefined ? -1 : index;
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const selected = element.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!selected || shown <= 0) {
      element.scrollLeft = 0;
      return;
    }
    // Only the list scrolls, sideways: the page stays where it is.
    const left = selected.offsetLeft - element.offsetLeft;
    if (left < element.scrollLeft) element.scrollLeft = left;
    else if (left + selected.offsetWidth > element.scrollLeft + element.clientWidth) element.scrollLeft = left + selected.offsetWidth - element.clientWidth;
  }, [shown]);
  return (
    <TabGroup selectedIndex={selectedId === undefined ? undefined : index} onChange={(next) => onChange?.(tabs[next]?.id ?? tabs[0]!.id)}>
      <TabList ref={list} aria-label={label} className="-mx-1 flex gap-1 overflow-x-auto border-b border-line px-1">
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            className={cx(
              'min-h-11 shrink-0 rounded-t-control border-b-2 px-4 py-2 font-semibold whitespace-nowrap text-ink-700',
              'hover:bg-primary-50 data-selected:border-primary-700 data-selected:text-primary-800',
              'border-transparent',
            )}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        {tabs.map((tab) => (
          <TabPanel key={tab.id} className="focus:outline-none focus-visible:outline-2 focus-visible:outline-accent-500">
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
