import { useAtomValue } from 'jotai';
import type { EntityMember, memberSortFields } from '../../../../../shared/contracts/members';
import { OpenIcon, PencilIcon } from '../../../components/ui/icons';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { MultiSortTable, useMultiSort } from '../../../components/ui/MultiSortTable';
import { PhoneCard, PhoneCardList } from '../../../components/ui/PhoneCards';
import { emailCellClassName } from '../../../components/ui/ScrollRegion';
import { EmptyState, LoadingState } from '../../../components/ui/StateMessage';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { userIdAtom } from '../../../stores/session';
import { useMembers } from '../api/list-members';
import { entityTypeBadge, orDash, roleDetail, roleLabel } from '../lib/labels';

type MemberSortField = (typeof memberSortFields)[number];
type ColumnField = Extract<MemberSortField, 'memberName' | 'email' | 'phoneNumber' | 'entityRoleId' | 'companyPosition'>;

const columns: ReadonlyArray<{ field: ColumnField; label: string }> = [
  { field: 'memberName', label: t('members.column.name') },
  { field: 'email', label: t('members.column.email') },
  { field: 'phoneNumber', label: t('members.column.phone') },
  { field: 'entityRoleId', label: t('members.column.rights') },
  { field: 'companyPosition', label: t('members.column.position') },
];

type MembersTableProps = {
  entityId: number;
  entityTypeId: number;
  entityName: string;
  /** EditMember (owner and admin always): an edit icon, else an open icon (docs/product/organisations-and-members.md#permissions). */
  canEditMembers: boolean;
  onOpenMember: (memberId: string) => void;
};

/**
 * The Members tab (docs/product/organisations-and-members.md#screens, #rules, docs/product/limits.md#organisations-limits): every member with '-' for empty fields,
 * deactivated members greyed with their actions hidden, sortable by several columns
 * (the server sorts with orderBy), no paging.
 */
export function MembersTable({ entityId, entityTypeId, entityName, canEditMembers, onOpenMember }: MembersTableProps) {
  const sort = useMultiSort<ColumnField>();
  const isPhone = usePhoneLayout();
  const members = useMembers(entityId, sort.orderBy);
  const userId = useAtomValue(userIdAtom);
  const badge = entityTypeBadge(entityTypeId);

  if (members.isPending) return <LoadingState />;
  if (members.isError) return <LoadErrorState title={t('members.loadError')} onRetry={() => void members.refetch()} />;
  if (members.data.length === 0) return <EmptyState title={t('members.empty')}>{t('members.emptyHint')}</EmptyState>;

  /** What a member's card (phone) and row (wider screens) show and do. */
  const memberProps = (member: (typeof members.data)[number]) => ({
    member,
    isSelf: member.id === userId,
    badge,
    canEdit: canEditMembers,
    onOpen: () => onOpenMember(member.id),
  });

  if (isPhone)
    return (
      <PhoneCardList label={t('members.caption', { entityName })} testId="member-cards">
        {members.data.map((member) => (
          <MemberCard key={member.id} {...memberProps(member)} />
        ))}
      </PhoneCardList>
    );
  return (
    <div className="flex flex-col gap-3">
      <MultiSortTable
        caption={t('members.caption', { entityName })}
        columns={columns}
        sort={sort}
        defaultOrderText={t('members.defaultOrder')}
        actionsLabel={t('members.column.actions')}
        minWidthClassName="min-w-[44rem]"
        isStale={members.isPlaceholderData}
        isBusy={members.isFetching}
      >
        {members.data.map((member) => (
          <MemberRow key={member.id} {...memberProps(member)} />
        ))}
      </MultiSortTable>
    </div>
  );
}

type MemberRowProps = {
  member: EntityMember;
  isSelf: boolean;
  badge: ReturnType<typeof entityTypeBadge>;
  canEdit: boolean;
  onOpen: () => void;
};

/** A member on a phone: the same fields, and Edit (or Open) as a visible button. */
function MemberCard({ member, isSelf, badge, canEdit, onOpen }: MemberRowProps) {
  const detail = roleDetail(member.entityRoleId);
  const Icon = canEdit ? PencilIcon : OpenIcon;
  return (
    <PhoneCard
      testId="member-row"
      className={member.active ? undefined : 'bg-neutral-bg text-ink-600 italic'}
      title={
        <>
          {member.memberName} {isSelf && <span className="font-normal text-ink-600">{t('members.you')}</span>}
        </>
      }
      badge={
        <span className="flex flex-wrap gap-1 not-italic">
          <Badge tone={member.active ? badge.tone : 'grey'}>{badge.label}</Badge>
          {!member.active && <Badge tone="grey">{t('members.inactive')}</Badge>}
        </span>
      }
      fields={[
        { label: t('members.column.email'), value: <span className={emailCellClassName}>{orDash(member.email)}</span> },
        { label: t('members.column.phone'), value: orDash(member.phoneNumber) },
        { label: t('members.column.rights'), value: detail ? `${roleLabel(member.entityRoleId)} (${detail})` : roleLabel(member.entityRoleId) },
        { label: t('members.column.position'), value: orDash(member.companyPosition) },
      ]}
      actions={
        member.active && (
          <Button
            size="sm"
            variant="secondary"
            onClick={onOpen}
            aria-label={canEdit ? t('members.edit', { name: member.memberName }) : t('members.open', { name: member.memberName })}
          >
            <Icon className="size-4" />
            {canEdit ? t('members.editShort') : t('members.openShort')}
          </Button>
        )
      }
    />
  );
}

function MemberRow({ member, isSelf, badge, canEdit, onOpen }: MemberRowProps) {
  const detail = roleDetail(member.entityRoleId);
  const Icon = canEdit ? PencilIcon : OpenIcon;
  return (
    <tr className={cx('border-b border-line last:border-b-0', member.active ? 'text-ink-900' : 'bg-neutral-bg text-ink-600 italic')} data-testid="member-row">
      <th scope="row" className="px-3 py-3 align-top font-semibold">
        <span className="block">
          {member.memberName} {isSelf && <span className="font-normal text-ink-600">{t('members.you')}</span>}
        </span>
        <span className="mt-1 flex flex-wrap gap-1 not-italic">
          <Badge tone={member.active ? badge.tone : 'grey'}>{badge.label}</Badge>
          {!member.active && <Badge tone="grey">{t('members.inactive')}</Badge>}
        </span>
      </th>
      <td className={cx('px-3 py-3 align-top', emailCellClassName)}>{orDash(member.email)}</td>
      <td className="px-3 py-3 align-top whitespace-nowrap">{orDash(member.phoneNumber)}</td>
      <td className="px-3 py-3 align-top">
        <span className="block">{roleLabel(member.entityRoleId)}</span>
        {detail && <span className="block text-sm text-ink-600">{detail}</span>}
      </td>
      <td className="px-3 py-3 align-top">{orDash(member.companyPosition)}</td>
      <td className="px-3 py-2 align-top">
        {member.active && (
          <button
            type="button"
            onClick={onOpen}
            className="inline-flex size-11 items-center justify-center rounded-control text-primary-700 hover:bg-primary-50"
            aria-label={canEdit ? t('members.edit', { name: member.memberName }) : t('members.open', { name: member.memberName })}
            title={canEdit ? t('members.edit', { name: member.memberName }) : t('members.open', { name: member.memberName })}
          >
            <Icon />
          </button>
        )}
      </td>
    </tr>
  );
}
