import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDay } from '../../../../../shared/dates';
import type { AdvisorCompanyRow, AdvisorMember, advisorCompanySortFields, advisorSortFields } from '../../../../../shared/contracts/work-relations';
import { OpenIcon, PlusIcon } from '../../../components/ui/icons';
import { ButtonLink } from '../../../components/ui/Button';
import { BuildingIcon } from '../../../components/ui/icons';
import { Page } from '../../../components/ui/Page';
import { toOrderBy, type SortKeys } from '../../../components/ui/SortableTable';
import { t } from '../../../messages/en-US';
import { useAdvisorCompanies } from '../api/advisor-companies';
import { useAdvisors } from '../api/advisors';
import { useCurrentEntity } from '../hooks/use-current-entity';
import { useWorkRelationLinks } from '../hooks/use-work-relation-links';
import { canvasRightsName, orDash, sharedSectionsText } from '../lib/display';
import { AdvisorModal } from './AdvisorModal';
import { CompanyVisibilitySection } from './CompanyVisibilitySection';
import { AdvisorsList } from './AdvisorsList';
import { ListState, ListTable, RowIconButton, type ListColumn, phoneColumn, emailColumn } from './ListTable';
import { AddressBlock } from './PersonDetails';

type CompanySortField = (typeof advisorCompanySortFields)[number];
type AdvisorSortField = (typeof advisorSortFields)[number];

const linkClasses = 'rounded-control font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800';

/**
 * The advisor companies of a family (docs/product/work-relations.md#advisor-companies-list): a link to invite
 * one (with the right to manage work relations), the companies with the sections they
 * see, and every advisor of them. Rows open the company page, or the advisor modal.
 */
export function CompaniesPage() {
  const { entity, flags } = useCurrentEntity();
  const links = useWorkRelationLinks();
  return (
    <Page
      title={t('pages.companies.title')}
      intro={t('companies.intro', { entityName: entity?.entityName ?? '' })}
      actions={
        flags.canManageWorkRelations ? (
          <ButtonLink to={links.companyInvitations()} variant="secondary">
            <PlusIcon className="size-5" />
            {t('companies.inviteCompany')}
          </ButtonLink>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-12">
        <TableSection id="companies-heading" title={t('companies.tableTitle')}>
          <CompaniesTable />
        </TableSection>
        <TableSection id="advisors-heading" title={t('advisors.title')}>
          <AllAdvisorsTable />
        </TableSection>
        <CompanyVisibilitySection />
      </div>
    </Page>
  );
}

/** A table of the page under its heading. */
function TableSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="font-display text-2xl font-semibold text-primary-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

function CompaniesTable() {
  const [sort, setSort] = useState<SortKeys<CompanySortField>>([]);
  const companies = useAdvisorCompanies(toOrderBy(sort));
  const links = useWorkRelationLinks();
  const navigate = useNavigate();

  const columns: Array<ListColumn<AdvisorCompanyRow, CompanySortField>> = [
    {
      id: 'entityName',
      label: t('companies.column.entityName'),
      sortField: 'entityName',
      isRowHeader: true,
      render: (row) => (
        <Link to={links.company(row.id)} className={linkClasses}>
          {row.entityName}
        </Link>
      ),
    },
    { id: 'owners', label: t('companies.column.owners'), sortField: 'owners', render: (row) => orDash(row.owners) },
    { id: 'subscriptionPlan', label: t('companies.column.subscriptionPlan'), sortField: 'subscriptionPlan', render: (row) => orDash(row.subscriptionPlan) },
    { id: 'limitedCanvasSharings', label: t('companies.column.limitedCanvasSharings'), render: (row) => sharedSectionsText(row.limitedCanvasSharings) },
    {
      id: 'accessUntil',
      label: t('companies.column.accessUntil'),
      className: 'whitespace-nowrap',
      render: (row) => (row.accessUntil ? formatDay(row.accessUntil) : t('common.dash')),
    },
  ];

  return (
    <ListState
      query={companies}
      loadingText={t('companies.loading')}
      errorTitle={t('companies.loadError')}
      emptyTitle={t('companies.empty')}
      emptyHint={t('companies.emptyHint')}
    >
      {(rows) => (
        <ListTable
          caption={t('companies.caption')}
          rows={rows}
          rowKey={(row) => String(row.id)}
          columns={columns}
          sort={sort}
          onSortChange={setSort}
          defaultOrderText={t('companies.defaultOrder')}
          onOpen={(row) => void navigate(links.company(row.id))}
          actionsLabel={t('companies.column.open')}
          actions={(row) => (
            <RowIconButton label={t('companies.open', { name: row.entityName })} onClick={() => void navigate(links.company(row.id))}>
              <OpenIcon />
            </RowIconButton>
          )}
          isStale={companies.isPlaceholderData}
          testId="companies-table"
        />
      )}
    </ListState>
  );
}

function AllAdvisorsTable() {
  const [sort, setSort] = useState<SortKeys<AdvisorSortField>>([]);
  const advisors = useAdvisors({}, toOrderBy(sort));
  const links = useWorkRelationLinks();
  const navigate = useNavigate();
  const [openId, setOpenId] = useState<string | null>(null);
  const close = useCallback(() => setOpenId(null), []);

  const columns: Array<ListColumn<AdvisorMember, AdvisorSortField>> = [
    { id: 'memberName', label: t('advisors.column.memberName'), sortField: 'memberName', isRowHeader: true, render: (row) => row.memberName },
    { id: 'entityName', label: t('advisors.column.entityName'), sortField: 'entityName', render: (row) => row.entityName },
    emailColumn(t('advisors.column.email')),
    phoneColumn(t('advisors.column.phoneNumber')),
    { id: 'companyPosition', label: t('advisors.column.companyPosition'), sortField: 'companyPosition', render: (row) => orDash(row.companyPosition) },
    {
      id: 'workRelationRoleId',
      label: t('advisors.column.workRelationRoleId'),
      sortField: 'workRelationRoleId',
      render: (row) => canvasRightsName(row.workRelationRoleId),
    },
    { id: 'addresses', label: t('advisors.column.addresses'), render: (row) => <AddressBlock address={row.addresses[0]} /> },
  ];

  return (
    <>
      <AdvisorsList
        advisors={advisors}
        caption={t('advisors.caption')}
        columns={columns}
        sort={sort}
        onSortChange={setSort}
        onOpen={(row) => setOpenId(row.id)}
        actionsLabel={t('advisors.column.actions')}
        minWidthClassName="min-w-[60rem]"
        actions={(row) => (
          <span className="flex">
            <RowIconButton label={t('advisors.openCompany', { name: row.entityName })} onClick={() => void navigate(links.company(row.entityId))}>
              <BuildingIcon />
            </RowIconButton>
            <RowIconButton label={t('advisors.open', { name: row.memberName })} onClick={() => setOpenId(row.id)}>
              <OpenIcon />
            </RowIconButton>
          </span>
        )}
      />
      <AdvisorModal memberId={openId} onClose={close} />
    </>
  );
}
