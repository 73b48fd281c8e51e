import { useAtomValue, useStore } from 'jotai';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorCodes } from '../../../../shared/errors';
import { EntityType } from '../../../../shared/enums';
import { BuildingIcon, CheckIcon, UserIcon } from '../../components/ui/icons';
import { Menu } from '../../components/ui/Menu';
import { useSwitchEntity } from '../../features/auth/session/session';
import { globallyHandledCodes, isApiError } from '../../lib/api-client';
import { t } from '../../messages/en-US';
import { currentEntityAtom, entitiesAtom, userAtom } from '../../stores/session';
import { useToasts } from '../../stores/toasts';
import { paths } from '../paths';
import { logout } from '../session';
import type { NavEntry } from './navigation';

/**
 * The header's tools for a signed-in user (docs/product/shell.md#application-shell): the navigation groups, the
 * entity switcher and the account menu. A visitor who is logged out never sees them, so
 * they (and the dropdown library) load lazily, only once someone is signed in.
 */

export function DesktopGroup({ entry }: { entry: Extract<NavEntry, { kind: 'group' }> }) {
  return <Menu button={t(entry.label)} buttonClassName="whitespace-nowrap" items={entry.items.map((item) => ({ label: t(item.label), to: item.to }))} />;
}

/**
 * Choosing another entity (docs/product/shell.md#application-shell, docs/product/organisations-and-members.md#switching-entity): the server is told, then an advisor goes
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
      // The company requires two-factor sign-in and the user has none yet (docs/product/sessions-and-sign-in.md#two-factor-sign-in): to its setup.
      if (isApiError(error) && error.errorCode === ErrorCodes.TWO_FACTOR_REQUIRED) {
        toasts.show({ mode: 'info', text: t('login.twoFactorRequired') });
        void navigate(`${paths.profile()}?tab=security`);
      } else if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.showSystemError();
    }
  };
}

/**
 * The entity switcher (docs/product/shell.md#application-shell): with several entities a menu of them plus Create
 * new; with one, its name read-only; with none, a note.
 */
export function EntitySwitcher() {
  const entities = useAtomValue(entitiesAtom);
  const entity = useAtomValue(currentEntityAtom);
  const choose = useChooseEntity();
  const name = entity ? entity.entityName : t('header.entitySwitcherNone');
  if (entities.length < 2) {
    // docs/product/shell.md#application-shell: one entity's name is read-only; Create new stays offered beside it.
    return (
      // min-w-0: a long name is cut short before the header's row would overflow (one line at 1280 px, docs/product/shell.md).
      <div className="mr-2 hidden min-w-0 items-center gap-2 text-sm text-ink-700 lg:flex">
        <p className="flex max-w-48 min-w-0 items-center gap-2 truncate" data-testid="entity-switcher">
          <BuildingIcon className="size-4 shrink-0" />
          <span className="sr-only">{t('header.entitySwitcher')}: </span>
          <span className="truncate">{name}</span>
        </p>
        <Link
          to={paths.createEntity()}
          aria-label={t('header.entitySwitcherCreateNewLabel')}
          title={t('header.entitySwitcherCreateNewLabel')}
          className="flex min-h-9 items-center gap-1 rounded-control px-2 font-medium whitespace-nowrap text-primary-700 hover:bg-primary-50"
          data-testid="entity-create-new"
        >
          <span aria-hidden="true">+</span>
          {t('header.entitySwitcherCreateNew')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mr-1 hidden min-w-0 lg:flex" data-testid="entity-switcher">
      <Menu
        align="end"
        buttonLabel={`${t('header.entitySwitcher')}: ${name}`}
        buttonClassName="max-w-56 min-w-0 text-sm"
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

export function ProfileMenu() {
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

/** The entity part of the small-screen menu: the current entity, or the list to switch between. */
export function MobileEntitySwitcher({ onChosen }: { onChosen: () => void }) {
  const entity = useAtomValue(currentEntityAtom);
  const entities = useAtomValue(entitiesAtom);
  const choose = useChooseEntity();
  if (entities.length < 2) {
    return (
      <div className="mt-2 flex items-center justify-between gap-2 rounded-control bg-primary-50 px-3 py-1 text-sm text-ink-800">
        <p className="flex min-w-0 items-center gap-2">
          <BuildingIcon className="size-4 shrink-0" />
          <span className="sr-only">{t('header.entitySwitcher')}: </span>
          <span className="truncate">{entity ? entity.entityName : t('header.entitySwitcherNone')}</span>
        </p>
        <Link
          to={paths.createEntity()}
          onClick={onChosen}
          aria-label={t('header.entitySwitcherCreateNewLabel')}
          className="flex min-h-11 shrink-0 items-center rounded-control px-2 font-medium text-primary-700 hover:bg-surface"
        >
          {t('header.entitySwitcherCreateNew')}
        </Link>
      </div>
    );
  }
  return (
    <div role="group" aria-label={t('header.entitySwitcherHeading')} className="mt-2 rounded-control bg-primary-50 p-2">
      <p className="px-2 text-sm font-semibold tracking-wide text-ink-600 uppercase">{t('header.entitySwitcher')}</p>
      <ul className="mt-1">
        {entities.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              aria-current={item.id === entity?.id ? 'true' : undefined}
              onClick={() => {
                onChosen();
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
          <Link
            to={paths.createEntity()}
            onClick={onChosen}
            className="flex min-h-11 items-center rounded-control px-2 font-medium text-primary-700 hover:bg-surface"
          >
            {t('header.entitySwitcherCreateNew')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
