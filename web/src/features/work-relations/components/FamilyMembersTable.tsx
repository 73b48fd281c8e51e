import { useCallback, useState } from 'react';
import type { FamilyMemberRow, familyMemberSortFields } from '../../../../../shared/contracts/work-relations';
import { ErrorCodes } from '../../../../../shared/errors';
import { OpenIcon } from '../../../components/ui/icons';
import { EmptyState } from '../../../components/ui/StateMessage';
import { toOrderBy, type SortKeys } from '../../../components/ui/SortableTable';
import { t } from '../../../messages/en-US';
import { useFamilyMembers } from '../api/family-members';
import { memberRightsName } from '../lib/display';
import { errorCodeOf } from '../lib/errors';
import { FamilyMemberModal } from './FamilyMemberModal';
import { ListState, ListTable, RowIconButton, type ListColumn, memberRowKey, phoneColumn, emailColumn } from './ListTable';

type SortField = (typeof familyMemberSortFields)[number];

/**
 * The family members an advisor sees (docs/product/work-relations.md#families-list, Family members tab): name,
 * family, member rights, phone and e-mail ('-' when empty), sorted by the server; a
 * double click or the open icon shows the read-only member modal. With a family id, only
 * that family's members (and no family column).
 */
export function FamilyMembersTable({ familyId = null, caption }: { familyId?: number | null; caption: string }) {
  const [sort, setSort] = useState<SortKeys<SortField>>([]);
  const members = useFamilyMembers(familyId, toOrderBy(sort));
  const [openId, setOpenId] = useState<string | null>(null);
  const close = useCallback(() => setOpenId(null), []);

  const columns: Array<ListColumn<FamilyMemberRow, SortField>> = [
    { id: 'memberName', label: t('familyMembers.column.memberName'), sortField: 'memberName', isRowHeader: true, render: (row) => row.memberName },
    ...(familyId === null
      ? [{ id: 'entityName', label: t('familyMembers.column.entityName'), sortField: 'entityName' as const, render: (row: FamilyMemberRow) => row.entityName }]
      : []),
    { id: 'entityRoleId', label: t('familyMembers.column.entityRoleId'), sortField: 'entityRoleId', render: (row) => memberRightsName(row.entityRoleId) },
    phoneColumn(t('familyMembers.column.phoneNumber')),
    emailColumn(t('familyMembers.column.email')),
  ];

  if (errorCodeOf(members.error) === ErrorCodes.FORBIDDEN) return <EmptyState title={t('familyMembers.forbidden')} />;
  return (
    <>
      <ListState query={members} loadingText={t('familyMembers.loading')} errorTitle={t('familyMembers.loadError')} emptyTitle={t('familyMembers.empty')}>
        {(rows) => (
          <ListTable
            caption={caption}
            rows={rows}
            rowKey={memberRowKey}
            columns={columns}
            sort={sort}
            onSortChange={setSort}
            defaultOrderText={t(familyId === null ? 'familyMembers.defaultOrder' : 'familyMembers.defaultOrderOneFamily')}
            onOpen={(row) => setOpenId(row.id)}
            actionsLabel={t('familyMembers.column.open')}
            actions={(row) => (
              <RowIconButton label={t('familyMembers.open', { name: row.memberName })} onClick={() => setOpenId(row.id)}>
                <OpenIcon />
              </RowIconButton>
            )}
            isStale={members.isPlaceholderData}
            testId="family-members-table"
          />
        )}
      </ListState>
      <FamilyMemberModal memberId={openId} onClose={close} />
    </>
  );
}
