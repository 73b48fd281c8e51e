import { cx } from '../../lib/cx';
import { ChevronDownIcon } from './icons';
import { lazyPart } from './lazy-dialog';
import type { MenuProps } from './Menu';

/** Menu's button classes (Menu.tsx), the same string: lazy-menu.test.tsx checks that the place held and the button look alike. */
const menuButtonClasses = 'inline-flex items-center gap-1 rounded-control px-3 py-2 font-medium text-ink-800 hover:bg-primary-50 data-open:bg-primary-50';

/**
 * The dropdown menu (Menu) with its code, and the dropdown library's, loaded right after the
 * page that shows it has painted (lazyPart), not with that page: a page whose first paint needs
 * no other part of the library keeps it off its first-visit budget (docs/architecture.md, "Budgets").
 * Until then the button's place is held as it will look, not yet operable, as the header's
 * account menus do (web/src/app/shell/Header.tsx).
 */
export const LazyMenu = lazyPart<MenuProps>(
  () => import('./Menu').then((module) => module.Menu),
  ({ button, buttonClassName, showChevron = true }) => (
    <span aria-hidden="true" className={cx(menuButtonClasses, buttonClassName)}>
      {button}
      {showChevron && <ChevronDownIcon className="size-4" />}
    </span>
  ),
);
