import { Menu as HeadlessMenu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../lib/cx';
import { CheckIcon, ChevronDownIcon } from './icons';

type MenuEntryBase = {
  label: string;
  /** A unique key when labels may repeat (two entities of one name). */
  id?: string;
  /** Marks the chosen one of a list of alternatives (the current entity). */
  isCurrent?: boolean;
};
export type MenuEntry = (MenuEntryBase & { to: string }) | (MenuEntryBase & { onSelect: () => void });

/** The "(current)" marker is read out; the check is what the eye finds. */
function ItemLabel({ item, currentLabel }: { item: MenuEntry; currentLabel?: string }) {
  if (!item.isCurrent) return <>{item.label}</>;
  return (
    <span className="flex items-center justify-between gap-3">
      <span>
        {item.label}
        {currentLabel && <span className="sr-only"> {currentLabel}</span>}
      </span>
      <CheckIcon className="size-4 shrink-0 text-primary-700" />
    </span>
  );
}

export type MenuProps = {
  /** What the button shows. */
  button: ReactNode;
  /** The button's accessible name when it shows only an icon. */
  buttonLabel?: string;
  items: readonly MenuEntry[];
  buttonClassName?: string;
  align?: 'start' | 'end';
  showChevron?: boolean;
  /** Read after the current item's label, e.g. "(current)". */
  currentLabel?: string;
};

/** The button's look. LazyMenu (lazy-menu.tsx) holds its place with the same classes, written out there so that no chunk of its own is made for them (lazy-menu.test.tsx keeps the two alike). */
const buttonClasses = 'inline-flex items-center gap-1 rounded-control px-3 py-2 font-medium text-ink-800 hover:bg-primary-50 data-open:bg-primary-50';
const itemClasses = 'block w-full px-4 py-2.5 text-left text-ink-900 data-focus:bg-primary-50 data-focus:text-primary-800';

/** A dropdown menu of links and actions (headlessui: arrow keys, Escape, typeahead). */
export function Menu({ button, buttonLabel, items, buttonClassName, align = 'start', showChevron = true, currentLabel }: MenuProps) {
  return (
    <HeadlessMenu>
      <MenuButton aria-label={buttonLabel} className={cx(buttonClasses, buttonClassName)}>
        {button}
        {showChevron && <ChevronDownIcon className="size-4" />}
      </MenuButton>
      <MenuItems
        anchor={align === 'end' ? 'bottom end' : 'bottom start'}
        className="z-40 mt-1 min-w-52 rounded-card border border-line bg-surface py-1 shadow-pop focus:outline-none"
      >
        {items.map((item) =>
          'to' in item ? (
            <MenuItem key={item.id ?? item.label}>
              <Link to={item.to} className={itemClasses}>
                <ItemLabel item={item} currentLabel={currentLabel} />
              </Link>
            </MenuItem>
          ) : (
            <MenuItem key={item.id ?? item.label}>
              <button type="button" onClick={item.onSelect} className={itemClasses}>
                <ItemLabel item={item} currentLabel={currentLabel} />
              </button>
            </MenuItem>
          ),
        )}
      </MenuItems>
    </HeadlessMenu>
  );
}
