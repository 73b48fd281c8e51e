import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { EntityType } from '../../../../shared/enums';
import { BuildingIcon, CheckIcon, CloseIcon, GlobeIcon, InfoIcon, MenuIcon, UserIcon } from '../../components/ui/icons';
import { LogoMark } from '../../components/ui/Logo';
import { Menu } from '../../components/ui/Menu';
import { cx } from '../../lib/cx';
import { t } from '../../messages/en-US';
import { useSwitchEntity } from '../../features/auth/session/session';
import { globallyHandledCodes, isApiError } from '../../lib/api-client';
import { authStateAtom, currentEntityAtom, entitiesAtom, userAtom } from '../../stores/session';
import { useToasts } from '../../stores/toasts';
import { isMobileMenuOpenAtom, isWalkthroughOpenAtom } from '../../stores/ui';
import { appConfig } from '../config';
import { paths } from '../paths';
import { logout } from '../session';
import { navigationFor, type NavEntry } from './navigation';

/** The application header of spec 01 §2.3: brand, navigation by user kind, tools, small-screen menu. */
export function Header() {
  const auth = useAtomValue(authStateAtom);
  const entity = useAtomValue(currentEntityAtom);
  const entries = navigationFor(auth, entity);

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface">
      <div className="mx-auto flex h-16 max-w-page items-center gap-2 px-4 sm:px-6">
        <Link to={paths.home()} className="flex shrink-0 items-center gap-2 rounded-control font-display text-xl font-semibold text-primary-800">
          <LogoMark />
          {/* Signed in, the header holds more tools: on a phone the mark alone stands for the name. */}
          <span className={auth.isAuthenticated ? 'sr-only sm:not-sr-only' : undefined}>{t('common.appName')}</span>
        </Link>
        <nav aria-label={t('header.mainNavigation')} className="ml-6 hidden items-center gap-1 md:flex" data-testid="desktop-nav">
          {entries.map((entry) => (entry.kind === 'link' ? <DesktopLink key={entry.label} entry={entry} /> : <DesktopGroup key={entry.label} entry={entry} />))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {auth.isAuthenticated && <EntitySwitcher />}
          {auth.isAuthenticated && <WalkthroughButton />}
          <LanguageSelector />
          {auth.isAuthenticated && <ProfileMenu />}
          <MobileMenuButton />
        </div>
      </div>
      <MobileMenu entries={entries} />
    </header>
  );
}

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cx('rounded-control px-3 py-2 font-medium hover:bg-primary-50', isActive ? 'text-primary-700 underline decoration-2 underline-offset-8' : 'text-ink-800');

function DesktopLink({ entry }: { entry: Extract<NavEntry, { kind: 'link' }> }) {
  return (
    <NavLink to={entry.to} className={navLinkClasses} end={entry.to === paths.home()}>
      {t(entry.label)}
    </NavLink>
  );
}

function DesktopGroup({ entry }: { entry: Extract<NavEntry, { kind: 'group' }> }) {
  return <Menu button={t(entry.label)} items={entry.items.map((item) => ({ label: t(item.label), to: item.to }))} />;
}

/**
 * Choosing another entity (spec 01 §2.3, §4.2): the server is told, then an advisor goes
 * to the dashboard and a family to the canvas, unless the user is on the profile page.
 */
function useChooseEntity() {
  const switchEntity = useSwitchEntity();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toasts = useToasts();
  return async (entityId: number) => {
    try {
      const entity = await switchEntity(entityId);
      if (!entity || pathname === paths.profile()) return;
      void navigate(entity.entityTypeId === EntityType.AdvisorCompany ? paths.dashboard() : paths.canvas());
    } catch (error) {
      if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.showSystemError();
    }
  };
}

/**
 * The entity switcher (spec 01 §2.3): with several entities a menu of them plus Create
 * new; with one, its name read-only; with none, a note.
 */
function EntitySwitcher() {
  const entities = useAtomValue(entitiesAtom);
  const entity = useAtomValue(currentEntityAtom);
  const choose = useChooseEntity();
  const name = entity ? entity.entityName : t('header.entitySwitcherNone');
  if (entities.length < 2) {
    return (
      <p className="mr-2 hidden max-w-48 items-center gap-2 truncate text-sm text-ink-700 lg:flex" data-testid="entity-switcher">
        <BuildingIcon className="size-4 shrink-0" />
        <span className="sr-only">{t('header.entitySwitcher')}: </span>
        <span className="truncate">{name}</span>
      </p>
    );
  }
  return (
    <div className="mr-1 hidden lg:block" data-testid="entity-switcher">
      <Menu
        align="end"
        buttonLabel={`${t('header.entitySwitcher')}: ${name}`}
        buttonClassName="max-w-56 text-sm"
        currentLabel={t('header.entitySwitcherCurrent')}
        button={
          <>
            <BuildingIcon className="size-4 shrink-0" />
            <span className="truncate">{name}</span>
          </>
        }
        items={[
          ...entities.map((item) => ({
            id: `entity-${item.id}`,
            label: item.entityName,
            isCurrent: item.id === entity?.id,
            onSelect: () => void choose(item.id),
          })),
          { id: 'create-entity', label: t('header.entitySwitcherCreateNew'), to: paths.createEntity() },
        ]}
      />
    </div>
  );
}

const iconButtonClasses = 'inline-flex size-11 items-center justify-center rounded-control text-ink-800 hover:bg-primary-50';

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

/** Spec 01 §2.3: a language selector offering EN only (the interface is en-US). */
function LanguageSelector() {
  const current: Language = appConfig.locale;
  return (
    <Listbox value={current} onChange={() => undefined}>
      <ListboxButton
        className="inline-flex min-h-11 items-center gap-1 rounded-control px-2 font-medium text-ink-800 hover:bg-primary-50"
        aria-label={`${t('header.language')}: ${t(`header.languageName.${current}`)}`}
      >
        <GlobeIcon />
        <span aria-hidden="true">{t(`header.languageShort.${current}`)}</span>
      </ListboxButton>
      <ListboxOptions anchor="bottom end" className="z-40 mt-1 min-w-44 rounded-card border border-line bg-surface py-1 shadow-pop focus:outline-none">
        {languages.map((language) => (
          <ListboxOption
            key={language}
            value={language}
            className="flex cursor-pointer items-center justify-between gap-3 px-4 py-2.5 text-ink-900 data-focus:bg-primary-50"
          >
            {t(`header.languageName.${language}`)}
            <CheckIcon className="size-4 text-primary-700" />
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}

function ProfileMenu() {
  const store = useStore();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const initials = user ? `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() : null;
  return (
    <Menu
      align="end"
      showChevron={false}
      buttonLabel={t('header.accountMenu')}
      buttonClassName="size-11 justify-center !px-0"
      button={
        initials ? (
          <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-primary-700 text-sm font-semibold text-white">
            {initials}
          </span>
        ) : (
          <UserIcon className="size-6" />
        )
      }
      items={[
        { label: t('header.profile'), to: paths.profile() },
        {
          label: t('header.logout'),
          onSelect: () => {
            void logout(store).then(() => navigate(paths.home()));
          },
        },
      ]}
    />
  );
}

function MobileMenuButton() {
  const [isOpen, setIsOpen] = useAtom(isMobileMenuOpenAtom);
  return (
    <button
      type="button"
      className={cx(iconButtonClasses, 'md:hidden')}
      aria-label={t('header.openMenu')}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      onClick={() => setIsOpen(true)}
    >
      <MenuIcon className="size-6" />
    </button>
  );
}

/** The small-screen menu: the same entries as the desktop navigation, in a side panel. */
function MobileMenu({ entries }: { entries: NavEntry[] }) {
  const [isOpen, setIsOpen] = useAtom(isMobileMenuOpenAtom);
  const { isAuthenticated } = useAtomValue(authStateAtom);
  const entity = useAtomValue(currentEntityAtom);
  const entities = useAtomValue(entitiesAtom);
  const choose = useChooseEntity();
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
        {isAuthenticated && entities.length < 2 && (
          <p className="mt-2 flex items-center gap-2 rounded-control bg-primary-50 px-3 py-2 text-sm text-ink-800">
            <BuildingIcon className="size-4 shrink-0" />
            <span className="sr-only">{t('header.entitySwitcher')}: </span>
            <span className="truncate">{entity ? entity.entityName : t('header.entitySwitcherNone')}</span>
          </p>
        )}
        {isAuthenticated && entities.length >= 2 && (
          <div role="group" aria-label={t('header.entitySwitcherHeading')} className="mt-2 rounded-control bg-primary-50 p-2">
            <p className="px-2 text-sm font-semibold tracking-wide text-ink-600 uppercase">{t('header.entitySwitcher')}</p>
            <ul className="mt-1">
              {entities.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    aria-current={item.id === entity?.id ? 'true' : undefined}
                    onClick={() => {
                      close();
                      void choose(item.id);
                    }}
                    className="flex min-h-11 w-full items-center justify-between gap-3 rounded-control px-2 text-left text-ink-900 hover:bg-surface"
                  >
                    <span className="truncate">{item.entityName}</span>
                    {item.id === entity?.id && <CheckIcon className="size-4 shrink-0 text-primary-700" />}
                  </button>
                </li>
              ))}
              <li>
                <Link to={paths.createEntity()} onClick={close} className="flex min-h-11 items-center rounded-control px-2 font-medium text-primary-700 hover:bg-surface">
                  {t('header.entitySwitcherCreateNew')}
                </Link>
              </li>
            </ul>
          </div>
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
