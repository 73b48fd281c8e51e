import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, type RefObject } from 'react';
import { NavLink } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { cx } from '../../lib/cx';
import { t } from '../../messages/en-US';
import { authStateAtom } from '../../stores/session';
import { isMobileMenuOpenAtom } from '../../stores/ui';
import { iconButtonClasses } from './header-classes';
import type { NavEntry } from './navigation';

// Signed in only: the same chunk as the header's account tools.
const MobileEntitySwitcher = lazy(() => import('./AccountTools').then((module) => ({ default: module.MobileEntitySwitcher })));

/**
 * The small-screen menu: the same entries as the desktop navigation, in a side panel.
 * The header loads this module (and the dialog library) the first time the menu opens.
 */
export function MobileMenu({ entries, opener }: { entries: NavEntry[]; opener: RefObject<HTMLButtonElement | null> }) {
  const [isOpen, setIsOpen] = useAtom(isMobileMenuOpenAtom);
  // Closed, the focus goes back to the menu button. Headless UI does this from a focus
  // history it starts keeping when it loads, which, the first time, was after the click:
  // so when nothing holds the focus after closing, the menu puts it back itself.
  useEffect(() => {
    if (isOpen) return;
    const active = document.activeElement;
    if (!active || active === document.body) opener.current?.focus({ preventScroll: true });
  }, [isOpen, opener]);
  const { isAuthenticated } = useAtomValue(authStateAtom);
  const close = () => setIsOpen(false);
  const linkClasses = ({ isActive }: { isActive: boolean }) =>
    cx('block rounded-control px-3 py-3 text-lg font-medium hover:bg-primary-50', isActive ? 'text-primary-700 underline underline-offset-4' : 'text-ink-900');

  return (
    <Dialog open={isOpen} onClose={close} className="fixed inset-0 z-50 md:hidden">
      <DialogBackdrop className="fixed inset-0 bg-ink-950/50" />
      <DialogPanel className="fixed inset-y-0 right-0 flex w-80 max-w-[88vw] flex-col overflow-y-auto bg-surface p-4 shadow-pop">
        <div className="flex items-center justify-between">
          <DialogTitle className="font-display text-xl font-semibold text-primary-800">{t('header.mobileMenuTitle')}</DialogTitle>
          <button type="button" onClick={close} className={iconButtonClasses} aria-label={t('header.closeMenu')}>
            <CloseIcon className="size-6" />
          </button>
        </div>
        {isAuthenticated && (
          <Suspense fallback={null}>
            <MobileEntitySwitcher onChosen={close} />
          </Suspense>
        )}
        <nav aria-label={t('header.mainNavigation')} className="mt-4">
          <ul className="flex flex-col gap-1">
            {entries.map((entry) =>
              entry.kind === 'link' ? (
                <li key={entry.label}>
                  <NavLink to={entry.to} className={linkClasses} onClick={close}>
                    {t(entry.label)}
                  </NavLink>
                </li>
              ) : (
                <li key={entry.label} className="mt-2">
                  <p className="px-3 text-sm font-semibold tracking-wide text-ink-600 uppercase">{t(entry.label)}</p>
                  <ul className="mt-1">
                    {entry.items.map((item) => (
                      <li key={item.label}>
                        <NavLink to={item.to} className={linkClasses} onClick={close}>
                          {t(item.label)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ),
            )}
          </ul>
        </nav>
      </DialogPanel>
    </Dialog>
  );
}
