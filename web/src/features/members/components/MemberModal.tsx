import { useState } from 'react';
import * as z from 'zod';
import { UpdateMemberRequest, type EntityMember } from '../../../../../shared/contracts/members';
import { EntityRole, type EntityRoleId } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { canRemoveMember, hasPermission, type Membership } from '../../../../../shared/permissions';
import { TrashIcon } from '../../../components/ui/icons';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/Field';
import { SelectField } from '../../../components/ui/SelectField';
import { LoadingState } from '../../../components/ui/StateMessage';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t, type MessageKey } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useMember } from '../api/get-member';
import { useInvalidateMembers } from '../api/keys';
import { useMembers } from '../api/list-members';
import { removeMember } from '../api/remove-member';
import { updateMember } from '../api/update-member';
import { assignableRoles, lastHolderWarning, warningForErrorCode, type MemberWarning } from '../lib/guards';
import { orDash, roleDetail, roleLabel } from '../lib/labels';

const warningTexts: Record<MemberWarning, MessageKey> = {
  editOwner: 'memberModal.warning.editOwner',
  editAdmin: 'memberModal.warning.editAdmin',
  removeOwner: 'memberModal.warning.removeOwner',
  removeAdmin: 'memberModal.warning.removeAdmin',
};

type MemberModalProps = {
  entityId: number;
  entityName: string;
  /** The member to show; null closes the modal. */
  memberId: string | null;
  /** The viewer's membership in the current entity. */
  actor: Membership;
  currentUserId: string | null;
  onClose: () => void;
  /** The viewer changed or removed themselves: their session's role changed too. */
  onSelfChanged?: (change: 'updated' | 'removed') => void;
  progressTiming?: { stepMs?: number; successMs?: number };
  random?: () => number;
};

/**
 * The member modal (docs/product/organisations-and-members.md#screens, #rules, #permissions, docs/product/errors.md#organisations-errors), opened over the list by member id.
 * Owners and admins (EditMember) change the member's rights and position and remove
 * them (RemoveMemberFromEntity, behind the confirm dialog); only an owner touches an
 * owner. The last owner and the last admin keep their role: a warning says so before
 * anything is sent, and the server's refusals (60–63) show the same warnings. Anyone
 * else sees the member read-only.
 */
export function MemberModal({ memberId, onClose, ...rest }: MemberModalProps) {
  const member = useMember(rest.entityId, memberId);
  const title = member.data && canEditMember(rest.actor, member.data) ? t('memberModal.titleEdit') : t('memberModal.titleView');
  return (
    <Dialog isOpen={memberId !== null} onClose={onClose} title={title} closeLabel={t('memberModal.close')} size="md">
      {memberId !== null && <MemberContent key={memberId} memberId={memberId} onClose={onClose} {...rest} />}
    </Dialog>
  );
}

/** EditMember (owner and admin always), an active member, and only an owner touches an owner. */
function canEditMember(actor: Membership, member: Pick<EntityMember, 'entityRoleId' | 'active'>): boolean {
  return hasPermission(actor, 'EditMember') && member.active && (member.entityRoleId !== EntityRole.Owner || actor.entityRoleId === EntityRole.Owner);
}

function MemberContent(props: Omit<MemberModalProps, 'memberId'> & { memberId: string }) {
  const member = useMember(props.entityId, props.memberId);
  if (member.isPending) return <LoadingState text={t('memberModal.loading')} />;
  if (member.isError) {
    const isGone = isApiError(member.error) && member.error.errorCode === ErrorCodes.ITEM_NOT_FOUND;
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-ink-900">
          {isGone ? t('memberModal.notFound') : t('errors.systemError.firstLine')}
        </p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('memberModal.close')}
          </Button>
        </div>
      </div>
    );
  }
  return <MemberDetails {...props} member={member.data} />;
}

const formSchema = z.object({
  entityRoleId: z.string(),
  companyPosition: z.string().pipe(UpdateMemberRequest.shape.companyPosition as unknown as z.ZodType<string | null | undefined, string>),
});

function MemberDetails({
  entityId,
  entityName,
  member,
  actor,
  currentUserId,
  onClose,
  onSelfChanged,
  progressTiming,
  random,
}: Omit<MemberModalProps, 'memberId'> & { member: EntityMember }) {
  const members = useMembers(entityId);
  const invalidate = useInvalidateMembers();
  const toasts = useToasts();
  const progress = useProgressAction(progressTiming);
  const [warning, setWarning] = useState<MemberWarning | null>(null);
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);
  const initialValues = { entityRoleId: String(member.entityRoleId), companyPosition: member.companyPosition ?? '' };
  const form = useZodForm({ schema: formSchema, initialValues });
  const isSelf = member.id === currentUserId;

  const canEdit = canEditMember(actor, member);
  const canRemove = member.active && canRemoveMember(actor, member.entityRoleId);
  const roles = assignableRoles(actor, member.entityRoleId);
  const isChanged = form.values.entityRoleId !== initialValues.entityRoleId || form.values.companyPosition !== initialValues.companyPosition;
  const holders = members.data ?? [];

  /** docs/product/errors.md#organisations-errors Member modal. */
  const explain = (error: unknown, fallback: MessageKey) => {
    if (isApiError(error)) {
      const serverWarning = warningForErrorCode(error.errorCode);
      if (serverWarning) return setWarning(serverWarning);
      if (globallyHandledCodes.includes(error.errorCode)) return;
      if (error.errorCode === ErrorCodes.FORBIDDEN) return void toasts.show({ mode: 'error', text: t('memberModal.forbidden') });
      const isSaveError = (
        [
          ErrorCodes.ITEM_NOT_FOUND,
          ErrorCodes.DB_ERROR,
          ErrorCodes.UNAUTHORIZED,
          ErrorCodes.INCORRECT_INPUT,
          ErrorCodes.VALIDATION_ERROR,
          ErrorCodes.INVALID_ENTITY_ROLE,
        ] as number[]
      ).includes(error.errorCode);
      if (isSaveError) return void toasts.show({ mode: 'error', text: t(fallback) });
    }
    toasts.showSystemError();
  };

  const onSubmit = form.handleSubmit(async (data) => {
    if (progress.isBusy || !isChanged) return;
    const newRoleId = Number(data.entityRoleId) as EntityRoleId;
    const guard = lastHolderWarning(holders, member, { action: 'edit', newRoleId });
    if (guard) return setWarning(guard);
    try {
      await progress.run(() =>
        updateMember(member.id, {
          ...(newRoleId !== member.entityRoleId ? { entityRoleId: newRoleId } : {}),
          ...(data.companyPosition !== (member.companyPosition ?? null) ? { companyPosition: data.companyPosition ?? null } : {}),
        }),
      );
    } catch (error) {
      explain(error, 'memberModal.saveError');
      return;
    }
    toasts.show({ mode: 'success', text: t('memberModal.saveSuccess') });
    void invalidate(entityId);
    if (isSelf) onSelfChanged?.('updated');
    onClose();
  });

  const askRemoval = () => {
    const guard = lastHolderWarning(holders, member, { action: 'remove' });
    if (guard) setWarning(guard);
    else setIsConfirmingRemoval(true);
  };

  const contact = (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-ink-900">
      <dt className="font-semibold text-ink-700">{t('memberModal.name')}</dt>
      <dd data-testid="member-modal-name">{member.memberName}</dd>
      <dt className="font-semibold text-ink-700">{t('memberModal.email')}</dt>
      <dd className="break-all">{orDash(member.email)}</dd>
      <dt className="font-semibold text-ink-700">{t('memberModal.phone')}</dt>
      <dd>{orDash(member.phoneNumber)}</dd>
      <dt className="font-semibold text-ink-700">{t('memberModal.address')}</dt>
      <dd>
        {member.streetAddress
          ? `${member.streetAddress}, ${member.postalCode ?? ''} ${member.city ?? ''}${member.country ? `, ${member.country}` : ''}`
          : t('common.dash')}
      </dd>
      {!canEdit && (
        <>
          <dt className="font-semibold text-ink-700">{t('memberModal.rights')}</dt>
          <dd>
            {roleLabel(member.entityRoleId)}
            {roleDetail(member.entityRoleId) ? ` (${roleDetail(member.entityRoleId)})` : ''}
          </dd>
          <dt className="font-semibold text-ink-700">{t('memberModal.position')}</dt>
          <dd>{orDash(member.companyPosition)}</dd>
        </>
      )}
    </dl>
  );

  return (
    <>
      {contact}
      {canEdit ? (
        <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4 border-t border-line pt-5">
          <SelectField
            label={t('memberModal.rights')}
            hint={t('memberModal.rightsHint')}
            options={roles.map((roleId) => ({ value: String(roleId), label: roleLabel(roleId) }))}
            disabled={roles.length < 2}
            {...form.field('entityRoleId')}
          />
          <TextField
            label={t('memberModal.position')}
            hint={t('memberModal.positionHint')}
            autoComplete="organization-title"
            maxLength={100}
            {...form.field('companyPosition')}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            {canRemove ? (
              <Button variant="ghost" onClick={askRemoval} disabled={progress.isBusy} className="text-error-700 hover:bg-error-bg">
                <TrashIcon />
                {t('memberModal.remove')}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={onClose} disabled={progress.isBusy}>
                {t('common.cancel')}
              </Button>
              <SubmitButton
                progress={progress}
                loadingLabel={t('memberModal.saving')}
                successLabel={t('memberModal.saved')}
                disabled={(!isChanged || !form.isValid) && progress.status === 'idle'}
              >
                {t('memberModal.save')}
              </SubmitButton>
            </div>
          </div>
        </form>
      ) : (
        <div className="mt-5 flex flex-wrap justify-between gap-3">
          {canRemove ? (
            <Button variant="ghost" onClick={askRemoval} className="text-error-700 hover:bg-error-bg">
              <TrashIcon />
              {t('memberModal.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('memberModal.close')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        isOpen={isConfirmingRemoval}
        title={t('memberModal.removeTitle', { name: member.memberName })}
        description={t('memberModal.removeText', { name: member.memberName, entityName })}
        confirmLabel={t('memberModal.removeConfirm')}
        onConfirm={() => removeMember(member.id)}
        onClose={() => setIsConfirmingRemoval(false)}
        onSuccess={() => {
          toasts.show({ mode: 'success', text: t('memberModal.removed', { name: member.memberName }) });
          void invalidate(entityId);
          if (isSelf) onSelfChanged?.('removed');
          onClose();
        }}
        onError={(error) => explain(error, 'memberModal.removeError')}
        progressTiming={progressTiming}
        random={random}
      />
      <Dialog isOpen={warning !== null} onClose={() => setWarning(null)} title={t('memberModal.warning.title')} closeLabel={t('memberModal.close')} size="sm">
        <p role="alert" className="text-ink-900" data-testid="member-warning">
          {warning && t(warningTexts[warning])}
        </p>
        <div className="mt-5 flex justify-end">
          <Button onClick={() => setWarning(null)}>{t('memberModal.warning.ok')}</Button>
        </div>
      </Dialog>
    </>
  );
}
