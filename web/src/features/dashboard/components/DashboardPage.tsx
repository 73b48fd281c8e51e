import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useNotFoundOnRefusal } from '../../../hooks/use-not-found-on-refusal';
import { ErrorCodes } from '../../../../../shared/errors';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { PlusIcon } from '../../../components/ui/icons';
import { Checkbox, TextField } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { EmptyState } from '../../../components/ui/StateMessage';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { flagsFor } from '../../../lib/permissions';
import { t } from '../../../messages/en-US';
import { currentEntityAtom } from '../../../stores/session';
import { useToasts } from '../../../stores/toasts';
import { useDashboardFamilies } from '../api/list-dashboard-families';
import { countSentence, filtersOf, loadMoreScrollDelayMs, withFilters } from '../lib/dashboard';
import { FamilyCard, type DashboardLinks, type PlanBookDialogSlot } from './FamilyCard';

const sentence = ({ key, values }: ReturnType<typeof countSentence>) => t(key, values);

const codeOf = (error: unknown) => (isApiError(error) ? error.errorCode : null);

/** The search asks the server once typing pauses this long. */
export const searchDebounceMs = 300;

/** `value`, once it has not changed for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The advisor dashboard (docs/product/dashboard.md#screens, #rules, docs/product/errors.md#dashboard-errors, docs/product/limits.md#dashboard-limits): family cards, ten per page,
 * Load more while there is a next page (then the list scrolls to the last item after
 * 300 ms), an empty message, and an invite link for users who may manage work relations.
 * Incorrect input or unauthorized → notFound; not found is an empty list; anything else
 * an error page.
 */
export function DashboardPage({ links, renderPlanBook }: { links: DashboardLinks; renderPlanBook: PlanBookDialogSlot }) {
  const entity = useAtomValue(currentEntityAtom);
  const flags = flagsFor(entity);
  // The search and the filter live in the URL (?q=…&changed=1): a reload and a shared link keep them.
  const [params, setParams] = useSearchParams();
  const { searchText, changedOnly } = filtersOf(params);
  const setFilters = (change: { searchText?: string; changedOnly?: boolean }) => setParams((current) => withFilters(current, change), { replace: true });
  const search = useDebounced(searchText, searchDebounceMs).trim();
  const isFiltered = search !== '' || changedOnly;
  const dashboard = useDashboardFamilies(undefined, { search, changedOnly });
  const toasts = useToasts();
  const cardRefs = useRef(new Map<number, HTMLElement>());
  const scrollTimer = useRef<number | undefined>(undefined);
  const code = dashboard.isError ? codeOf(dashboard.error) : null;
  const goesToNotFound = code === ErrorCodes.INCORRECT_INPUT || code === ErrorCodes.UNAUTHORIZED;
  const isEmptyAnswer = code === ErrorCodes.ITEM_NOT_FOUND;
  const isGlobal = code !== null && globallyHandledCodes.includes(code);

  useNotFoundOnRefusal(dashboard, goesToNotFound, links.notFound(), 'dashboard');

  useEffect(() => () => window.clearTimeout(scrollTimer.current), []);

  const families = dashboard.data?.pages.flatMap((page) => page.results) ?? [];
  const count = dashboard.data?.pages.at(-1)?.count ?? 0;

  const loadMore = async () => {
    if (dashboard.isFetchingNextPage) return;
    const result = await dashboard.fetchNextPage();
    if (result.isError) {
      console.error('More families could not be loaded', result.error);
      if (!(isApiError(result.error) && globallyHandledCodes.includes(result.error.errorCode))) toasts.showSystemError();
      return;
    }
    const last = result.data?.pages.flatMap((page) => page.results).at(-1);
    if (!last) return;
    window.clearTimeout(scrollTimer.current);
    scrollTimer.current = window.setTimeout(() => {
      const card = cardRefs.current.get(last.id);
      if (!card) return;
      card.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      // When the button is gone (the last page), focus moves to the card instead of the page's start.
      if (!document.querySelector('[data-testid="load-more"]')) card.focus({ preventScroll: true });
    }, loadMoreScrollDelayMs);
  };

  const inviteLink = flags.canManageWorkRelations ? (
    <ButtonLink to={links.familyInvitations()} variant="secondary">
      <PlusIcon className="size-5" />
      {t('dashboard.inviteFamily')}
    </ButtonLink>
  ) : null;

  let body;
  if (dashboard.isPending) {
    body = (
      <div className="flex min-h-[30vh] items-center justify-center text-primary-700" data-testid="dashboard-loading">
        <Spinner size="lg" label={t('dashboard.loading')} />
      </div>
    );
  } else if (dashboard.isError && !isEmptyAnswer) {
    if (goesToNotFound || isGlobal) return null;
    body = <LoadErrorState title={t('dashboard.loadError.title')} text={t('dashboard.loadError.text')} onRetry={() => void dashboard.refetch()} />;
  } else if (families.length === 0 && isFiltered) {
    const message = !changedOnly
      ? t('dashboard.noMatch', { search })
      : search
        ? t('dashboard.noMatchChangedSearch', { search })
        : t('dashboard.noMatchChanged');
    body = (
      <EmptyState title={message}>
        <p>
          <button
            type="button"
            className="font-medium text-primary-700 underline underline-offset-4"
            onClick={() => {
              setFilters({ searchText: '', changedOnly: false });
            }}
          >
            {t('dashboard.clearFilters')}
          </button>
        </p>
      </EmptyState>
    );
  } else if (families.length === 0) {
    body = (
      <EmptyState title={t('dashboard.emptyList')}>
        {flags.canManageWorkRelations ? (
          <p>
            {t('dashboard.emptyHint')}{' '}
            <Link to={links.familyInvitations()} className="font-medium text-primary-700 underline underline-offset-4">
              {t('dashboard.inviteFamily')}
            </Link>
          </p>
        ) : (
          <p>{t('dashboard.emptyHintNoInvite')}</p>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <p className="text-ink-700" aria-live="polite" data-testid="dashboard-count">
          {sentence(countSentence(families.length, count, isFiltered))}
        </p>
        <ul className="flex flex-col gap-8" aria-label={t('dashboard.listLabel')}>
          {families.map((family) => (
            <li key={family.id}>
              <FamilyCard
                family={family}
                isAdmin={flags.isAdmin}
                links={links}
                renderPlanBook={renderPlanBook}
                ref={(element) => {
                  if (element) cardRefs.current.set(family.id, element);
                  else cardRefs.current.delete(family.id);
                }}
              />
            </li>
          ))}
        </ul>
        {dashboard.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={() => void loadMore()} aria-disabled={dashboard.isFetchingNextPage || undefined} data-testid="load-more">
              {dashboard.isFetchingNextPage && <Spinner size="sm" decorative />}
              {dashboard.isFetchingNextPage ? t('dashboard.loadingMore') : t('dashboard.loadMore')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-page px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-primary-800 sm:text-4xl">{t('pages.dashboard.title')}</h1>
          <p className="mt-2 max-w-reading text-lg text-ink-700">{t('dashboard.intro', { entityName: entity?.entityName ?? '' })}</p>
        </div>
        {inviteLink}
      </div>
      <search aria-label={t('dashboard.filtersLabel')} className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:gap-6" data-testid="dashboard-filters">
        <TextField
          type="search"
          label={t('dashboard.search.label')}
          placeholder={t('dashboard.search.placeholder')}
          value={searchText}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setFilters({ searchText: event.target.value })}
          containerClassName="w-full sm:max-w-sm"
          data-testid="dashboard-search"
        />
        <Checkbox
          label={t('dashboard.changedOnly')}
          checked={changedOnly}
          onChange={(event) => setFilters({ changedOnly: event.target.checked })}
          className="sm:pb-2.5"
          data-testid="dashboard-changed-only"
        />
      </search>
      <div className="mt-6" aria-busy={dashboard.isFetching && !dashboard.isFetchingNextPage ? true : undefined}>
        {body}
      </div>
    </div>
  );
}
