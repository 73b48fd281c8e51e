import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router';
import { dayIn, dueStateOf, dueStates, formatDay, type DueState } from '../../../../../shared/dates';
import type { MyActionPoint } from '../../../../../shared/contracts/my-actions';
import { Badge } from '../../../components/ui/Badge';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { Page } from '../../../components/ui/Page';
import { SelectField } from '../../../components/ui/SelectField';
import { EmptyState, LoadingState } from '../../../components/ui/StateMessage';
import { t } from '../../../messages/en-US';
import { currentEntityAtom } from '../../../stores/session';
import { useMyActionPoints } from '../api/list-my-action-points';
import { applyFilter, familiesOf, type MyActionsFilter } from '../lib/filters';

export type MyActionsLinks = {
  /** The item in its category (the app knows the canvas routes). */
  item: (categoryId: number, itemId: string) => string;
};

const today = () => dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * "My actions": the open action points assigned to the user on every canvas their current
 * entity sees, overdue first, with filters by family and by due date, each a link to the
 * item in its category.
 */
export function MyActionsPage({ links }: { links: MyActionsLinks }) {
  const entity = useAtomValue(currentEntityAtom);
  const query = useMyActionPoints(entity?.id ?? null);
  const [filter, setFilter] = useState<MyActionsFilter>({ familyId: null, due: null });
  const items = query.data?.actionPoints ?? [];
  const day = today();
  const shown = applyFilter(items, filter, day);
  const families = familiesOf(items);

  return (
    <Page title={t('pages.myActions.title')} intro={t('myActions.intro')}>
      {query.isPending && <LoadingState text={t('myActions.loading')} />}
      {query.isError && <LoadErrorState title={t('myActions.loadError')} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <>
          <div className="mb-6 grid gap-4 sm:grid-cols-[repeat(2,minmax(0,16rem))_1fr] sm:items-end">
            <SelectField
              label={t('myActions.filter.family')}
              value={filter.familyId === null ? '' : String(filter.familyId)}
              options={[
                { value: '', label: t('myActions.filter.allFamilies') },
                ...families.map((family) => ({ value: String(family.id), label: family.name })),
              ]}
              onChange={(event) => setFilter({ ...filter, familyId: event.target.value ? Number(event.target.value) : null })}
            />
            <SelectField
              label={t('myActions.filter.due')}
              value={filter.due ?? ''}
              options={[
                { value: '', label: t('myActions.filter.dueAll') },
                ...dueStates.map((state) => ({ value: state, label: t(`myActions.filter.due.${state}`) })),
              ]}
              onChange={(event) => setFilter({ ...filter, due: (event.target.value || null) as DueState | null })}
            />
            <p className="text-ink-700 sm:justify-self-end" aria-live="polite">
              {t('myActions.count', { count: shown.length })}
            </p>
          </div>
          {items.length === 0 && <EmptyState title={t('myActions.empty')} />}
          {items.length > 0 && shown.length === 0 && <EmptyState title={t('myActions.emptyFiltered')} />}
          {shown.length > 0 && (
            <ul className="flex flex-col gap-3" data-testid="my-actions-list">
              {shown.map((item) => (
                <MyActionCard key={item.id} item={item} today={day} href={links.item(item.categoryId, item.id)} />
              ))}
            </ul>
          )}
        </>
      )}
    </Page>
  );
}

function MyActionCard({ item, today, href }: { item: MyActionPoint; today: string; href: string }) {
  const isOverdue = dueStateOf(item.dueDate, today) === 'overdue';
  return (
    <li>
      <Link
        to={href}
        data-testid="my-action"
        data-overdue={isOverdue ? 'true' : undefined}
        className="block rounded-control border border-line border-l-4 bg-surface p-4 shadow-card transition-shadow hover:shadow-pop focus-visible:outline-2"
        style={{ borderLeftColor: `#${item.categoryColorCode}` }}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="font-semibold break-words text-ink-900">{item.title}</p>
          <div className="flex flex-wrap gap-2">
            {isOverdue && <Badge tone="warning">{t('myActions.overdueBadge')}</Badge>}
            {item.priority !== 'NoPriority' && <Badge tone="grey">{t(`canvas.priority.${item.priority}`)}</Badge>}
          </div>
        </div>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-ink-700 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{t('myActions.column.family')}</dt>
          <dd>{item.familyName}</dd>
          <dt className="font-medium">{t('myActions.column.category')}</dt>
          <dd>{item.categoryTitle}</dd>
          <dt className="font-medium">{t('myActions.column.due')}</dt>
          <dd className={isOverdue ? 'font-semibold text-warning-700' : undefined} data-testid="my-action-due">
            {item.dueDate ? formatDay(item.dueDate) : t('myActions.noDueDate')}
          </dd>
          {item.linkedGoals.length > 0 && (
            <>
              <dt className="font-medium">{t('myActions.column.goals')}</dt>
              <dd>{item.linkedGoals.map((goal) => goal.title).join(', ')}</dd>
            </>
          )}
        </dl>
      </Link>
    </li>
  );
}
