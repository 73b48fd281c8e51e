import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense, useRef, useState, type RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { GlobeIcon, InfoIcon, MenuIcon } from '../../components/ui/icons';
import { LogoMark } from '../../components/ui/Logo';
import { cx } from '../../lib/cx';
import { t } from '../../messages/en-US';
import { authStateAtom, currentEntityAtom } from '../../stores/session';
import { isMobileMenuOpenAtom, isWalkthroughOpenAtom } from '../../stores/ui';
import { appConfig } from '../config';
import { paths } from '../paths';
import { iconButtonClasses } from './header-classes';
import { navigationFor, type NavEntry } from './navigation';

/** The application header of docs/product/shell.md#application-shell: brand, navigation by user kind, tools, small-screen menu. */
export function Header() {
  const auth = useAtomValue(authStateAtom);
  const entity = useAtomValue(currentEntityAtom);
  const entries = navigationFor(auth, entity);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface">
      <div className="mx-auto flex h-16 max-w-page items-center gap-2 px-4 sm:px-6">
        <Link to={paths.home()} className="flex shrink-0 items-center gap-2 rounded-control font-display text-xl font-semibold text-primary-800">
          <LogoMark />
          {/* Signed in, the header holds more tools: on a phone the mark alone stands for the name. */}
          <span className={auth.isAuthenticated ? 'sr-only sm:not-sr-only' : undefined}>{t('common.appName')}</span>
        </Link>
        <nav aria-label={t('header.mainNavigation')} className="ml-6 hidden items-center gap-1 md:flex" data-testid="desktop-nav">
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <DesktopLink key={entry.label} entry={entry} />
            ) : (
              <Suspense key={entry.label} fallback={<span className={groupFallbackClasses}>{t(entry.label)}</span>}>
                <DesktopGroup entry={entry} />
              </Suspense>
            ),
          )}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1">
          {auth.isAuthenticated && (
            <Suspense fallback={null}>
              <EntitySwitcher />
            </Suspense>
          )}
          {auth.isAuthenticated && <WalkthroughButton />}
          <LanguageSelector />
          {auth.isAuthenticated && (
            <Suspense fallback={<span aria-hidden="true" className="size-11 shrink-0" />}>
              <ProfileMenu />
            </Suspense>
          )}
          <MobileMenuButton buttonRef={menuButton} />
        </div>
      </div>
      <LazyMobileMenu entries={entries} opener={menuButton} />
    </header>
  );
}

// Only a signed-in user sees these: they (with the dropdown library) load once someone is.
const loadAccountTools = () => import('./AccountTools');
const DesktopGroup = lazy(() => loadAccountTools().then((module) => ({ default: module.DesktopGroup })));
const EntitySwitcher = lazy(() => loadAccountTools().then((module) => ({ default: module.EntitySwitcher })));
const ProfileMenu = lazy(() => loadAccountTools().then((module) => ({ default: module.ProfileMenu })));

/** Holds a group's place (same size as its menu button) while the menu loads. */
const groupFallbackClasses = 'inline-flex items-center gap-1 rounded-control px-3 py-2 pr-8 font-medium whitespace-nowrap text-ink-800';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  // One line at every width the bar shows (docs/product/shell.md): the labels never wrap.
  cx(
    'rounded-control px-3 py-2 font-medium whitespace-nowrap hover:bg-primary-50',
    isActive ? 'text-primary-700 underline decoration-2 underline-offset-8' : 'text-ink-800',
  );

function DesktopLink({ entry }: { entry: Extract<NavEntry, { kind: 'link' }> }) {
  return (
    <NavLink to={entry.to} className={navLinkClasses} end={entry.to === paths.home()}>
      {t(entry.label)}
    </NavLink>
  );
}

function WalkthroughButton() {
  const [isOpen, setIsOpen] = useAtom(isWalkthroughOpenAtom);
  return (
    <button type="button" className={iconButtonClasses} aria-label={t('header.walkthrough')} aria-pressed={isOpen} onClick={() => setIsOpen(!isOpen)}>
      <InfoIcon className="size-6" />
    </button>
  );
}

const languages = ['en-US'] as const;
type Language = (typeof languages)[number];

/**
 * docs/product/shell.md#application-shell: a language selector offering EN only (the interface is en-US). A native
 * select: labelled, keyboard and screen-reader friendly, and no dropdown library to load.
 */
function LanguageSelector() {
  const current: Language = appConfig.locale;
  return (
    <label className="relative inline-flex min-h-11 shrink-0 items-center rounded-control text-ink-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600 hover:bg-primary-50">
      {/* The name holds the visible "EN" (WCAG 2.5.3 label in name). */}
      <span className="sr-only">{t('header.languageLabel', { short: t(`header.languageShort.${current}`) })}</span>
      <GlobeIcon aria-hidden="true" className="pointer-events-none absolute left-2 size-5" />
      <select
        value={current}
        onChange={() => undefined}
        className="min-h-11 cursor-pointer appearance-none rounded-control bg-transparent py-2 pr-2 pl-8 font-medium focus:outline-none"
      >
        {languages.map((language) => (
          <option
            key={language}
            value={language}
            aria-label={t('header.languageOption', { short: t(`header.languageShort.${language}`), name: t(`header.languageName.${language}`) })}
          >
            {t(`header.languageShort.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function MobileMenuButton({ buttonRef }: { buttonRef: RefObject<HTMLButtonElement | null> }) {
  const [isOpen, setIsOpen] = useAtom(isMobileMenuOpenAtom);
  return (
    <button
      ref={buttonRef}
      type="button"
      className={cx(iconButtonClasses, 'md:hidden')}
      aria-label={t('header.openMenu')}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      onClick={() => setIsOpen(true)}
      // Fetch the menu's code as soon as the user heads for the button.
      onPointerEnter={preloadMobileMenu}
      onFocus={preloadMobileMenu}
      onTouchStart={preloadMobileMenu}
    >
      <MenuIcon className="size-6" />
    </button>
  );
}

const loadMobileMenu = () => import('./MobileMenu');
const preloadMobileMenu = () => void loadMobileMenu().catch(() => undefined);
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

/**
 * The small-screen menu loads (with the dialog library) when it first opens, then stays
 * mounted so it can close and return the focus like any dialog.
 */
function LazyMobileMenu({ entries, opener }: { entries: NavEntry[]; opener: RefObject<HTMLButtonElement | null> }) {
  const isOpen = useAtomValue(isMobileMenuOpenAtom);
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <MobileMenu entries={entries} opener={opener} />
    </Suspense>
  );
}
