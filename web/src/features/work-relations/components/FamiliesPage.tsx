import { useState } from 'react';
import { Link } from 'react-router';
import type { FamilyRow, familySortFields } from '../../../../../shared/contracts/work-relations';
import { PlusIcon } from '../../../components/ui/icons';
import { ButtonLink } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { toOrderBy, type SortKeys } from '../../../components/ui/SortableTable';
import { formatDay } from '../../../../../shared/dates';
import { t } from '../../../messages/en-US';
import { useFamilies } from '../api/list-families';
import { useCurrentEntity } from '../hooks/use-current-entity';
import { useWorkRelationLinks } from '../hooks/use-work-relation-links';
import { orDash } from '../lib/display';
import { FamilyMembersTable } from './FamilyMembersTable';
import { ListState, ListTable, type ListColumn } from './ListTable';

type SortField = (typeof familySortFields)[number];

/**
 * The families list of an advisor company (docs/product/work-relations.md#families-list): the families with
 * their owners, end date and plan, a link to each family page and, where the user may
 * open it, to its canvas; below, every member of those families. An 'invite family' link
 * for users who may manage work relations.
 */
export function FamiliesPage() {
  const { entity, flags } = useCurrentEntity();
  const links = useWorkRelationLinks();
  return (
    <Page
      title={t('pages.families.title')}
      intro={t('families.intro', { entityName: entity?.entityName ?? '' })}
      actions={
        flags.canManageWorkRelations ? (
          <ButtonLink to={links.familyInvitations()} variant="secondary">
            <PlusIcon className="size-5" />
            {t('families.inviteFamily')}
          </ButtonLink>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-12">
        <section aria-labelledby="families-heading" className="flex flex-col gap-4">
          <h2 id="families-heading" className="font-display text-2xl font-semibold text-primary-800">
            {t('families.tableTitle')}
          </h2>
          <FamiliesTable />
        </section>
        <section aria-labelledby="family-members-heading" className="flex flex-col gap-4">
          <h2 id="family-members-heading" className="font-display text-2xl font-semibold text-primary-800">
            {t('familyMembers.title')}
          </h2>
          <FamilyMembersTable caption={t('familyMembers.caption')} />
        </section>
      </div>
    </Page>
  );
}

function FamiliesTable() {
  const [sort, setSort] = useState<SortKeys<SortField>>([]);
  const families = useFamilies(toOrderBy(sort));
  const links = useWorkRelationLinks();
  const linkClasses = 'rounded-control font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800';

  const columns: Array<ListColumn<FamilyRow, SortField>> = [
    {
      id: 'entityName',
      label: t('families.column.entityName'),
      sortField: 'entityName',
      isRowHeader: true,
      render: (row) => (
        <Link to={links.family(row.id)} className={linkClasses}>
          {row.entityName}
        </Link>
      ),
    },
    { id: 'owners', label: t('families.column.owners'), sortField: 'owners', render: (row) => orDash(row.owners) },
    {
      id: 'endDate',
      label: t('families.column.endDate'),
      sortField: 'endDate',
      className: 'whitespace-nowrap',
      render: (row) => (row.endDate ? formatDay(row.endDate) : t('common.dash')),
    },
    { id: 'subscriptionPlan', label: t('families.column.subscriptionPlan'), sortField: 'subscriptionPlan', render: (row) => orDash(row.subscriptionPlan) },
    {
      id: 'canvas',
      label: t('families.column.canvas'),
      render: (row) =>
        row.canViewCanvas && row.canvasId !== null ? (
          <Link to={links.canvas(row.canvasId)} className={linkClasses} aria-label={t('families.openCanvasOf', { name: row.entityName })}>
            {t('families.openCanvas')}
          </Link>
        ) : (
          <span className="text-ink-600">{row.canvasId === null ? t('families.noCanvas') : t('families.noCanvasAccess')}</span>
        ),
    },
  ];

  return (
    <ListState
      query={families}
      loadingText={t('families.loading')}
      errorTitle={t('families.loadError')}
      emptyTitle={t('families.empty')}
      emptyHint={t('families.emptyHint')}
    >
      {(rows) => (
        <ListTable
          caption={t('families.caption')}
          rows={rows}
          rowKey={(row) => String(row.id)}
          columns={columns}
          sort={sort}
          onSortChange={setSort}
          defaultOrderText={t('families.defaultOrder')}
          isStale={families.isPlaceholderData}
          testId="families-table"
        />
      )}
    </ListState>
  );
}
