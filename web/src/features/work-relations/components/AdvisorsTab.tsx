import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { AdvisorMember, advisorSortFields } from '../../../../../shared/contracts/work-relations';
import { ErrorCodes } from '../../../../../shared/errors';
import { PencilIcon, PlusIcon } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/Button';
import { toOrderBy, type SortKeys } from '../../../components/ui/SortableTable';
import { EmptyState } from '../../../components/ui/StateMessage';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useAdvisors, type AdvisorScope } from '../api/advisors';
import { canvasRightsName, orDash } from '../lib/display';
import { AddAdvisorModal } from './AddAdvisorModal';
import { EditRightsModal } from './EditRightsModal';
import { AdvisorsList } from './AdvisorsList';
import { RowIconButton, type ListColumn, phoneColumn, emailColumn } from './ListTable';
import { AddressBlock } from './PersonDetails';

type SortField = (typeof advisorSortFields)[number];

type AdvisorsTabProps = {
  caption: string;
  scope: AdvisorScope;
  /** The family whose canvas rights the user may edit here (canEditWorkRelationMembers); null: read-only. */
  editFamilyId: number | null;
  /** The company page: adding is limited to this company's advisors. */
  companyId?: number;
  /** The family page lists the advisors of every company: with a company column linking to it. */
  showCompany?: boolean;
  companyLink?: (companyId: number) => string;
  /** A company's own members have no canvas rights to show. */
  showRights?: boolean;
};

/**
 * The Advisors tab (docs/product/work-relations.md#screens): member name, position, phone, e-mail, canvas rights and
 * address. With the right to edit advisors a double click or the edit icon opens the edit
 * rights modal, and 'add advisor' opens the add modal (docs/product/work-relations.md#rules, #validation).
 */
export function AdvisorsTab({ caption, scope, editFamilyId, companyId, showCompany = false, companyLink, showRights = true }: AdvisorsTabProps) {
  const [sort, setSort] = useState<SortKeys<SortField>>([]);
  const advisors = useAdvisors(scope, toOrderBy(sort));
  const [editing, setEditing] = useState<AdvisorMember | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const closeEdit = useCallback(() => setEditing(null), []);
  const closeAdd = useCallback(() => setIsAdding(false), []);
  const canEdit = editFamilyId !== null;
  const isForbidden = isApiError(advisors.error) && advisors.error.errorCode === ErrorCodes.FORBIDDEN;

  const columns: Array<ListColumn<AdvisorMember, SortField>> = [
    { id: 'memberName', label: t('advisors.column.memberName'), sortField: 'memberName', isRowHeader: true, render: (row) => row.memberName },
    ...(showCompany
      ? [
          {
            id: 'entityName',
            label: t('advisors.column.entityName'),
            sortField: 'entityName' as const,
            render: (row: AdvisorMember) =>
              companyLink ? (
                <Link
                  to={companyLink(row.entityId)}
                  className="rounded-control font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800"
                >
                  {row.entityName}
                </Link>
              ) : (
                row.entityName
              ),
          },
        ]
      : []),
    { id: 'companyPosition', label: t('advisors.column.companyPosition'), sortField: 'companyPosition', render: (row) => orDash(row.companyPosition) },
    phoneColumn(t('advisors.column.phoneNumber')),
    emailColumn(t('advisors.column.email')),
    ...(showRights
      ? [
          {
            id: 'workRelationRoleId',
            label: t('advisors.column.workRelationRoleId'),
            sortField: 'workRelationRoleId' as const,
            render: (row: AdvisorMember) => canvasRightsName(row.workRelationRoleId),
          },
        ]
      : []),
    { id: 'addresses', label: t('advisors.column.addresses'), render: (row) => <AddressBlock address={row.addresses[0]} /> },
  ];

  return (
    <div className="flex flex-col gap-4">
      {canEdit && (
        <div>
          <Button variant="secondary" onClick={() => setIsAdding(true)}>
            <PlusIcon className="size-5" />
            {t('advisors.add')}
          </Button>
        </div>
      )}
      {isForbidden ? (
        <EmptyState title={t('advisors.forbidden')} />
      ) : (
        <AdvisorsList
          advisors={advisors}
          caption={caption}
          columns={columns}
          sort={sort}
          onSortChange={setSort}
          onOpen={canEdit ? (row) => setEditing(row) : undefined}
          actionsLabel={canEdit ? t('advisors.column.edit') : undefined}
          actions={
            canEdit
              ? (row) => (
                  <RowIconButton label={t('advisors.edit', { name: row.memberName })} onClick={() => setEditing(row)}>
                    <PencilIcon />
                  </RowIconButton>
                )
              : undefined
          }
          minWidthClassName="min-w-[56rem]"
        />
      )}
      {editFamilyId !== null && (
        <>
          <EditRightsModal familyId={editFamilyId} advisor={editing} onClose={closeEdit} />
          <AddAdvisorModal familyId={editFamilyId} companyId={companyId} isOpen={isAdding} onClose={closeAdd} />
        </>
      )}
    </div>
  );
}
