import { useEffect, useState } from 'react';
import { EntityRole, WorkRelationRole, type WorkRelationRoleId } from '../../../../../shared/enums';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/Field';
import { SelectField } from '../../../components/ui/SelectField';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import type { AdvisorMember } from '../../../../../shared/contracts/work-relations';
import { removeWorkRelationMember, updateWorkRelationMember, useRefreshAdvisors } from '../api/work-relation-members';
import { isHandledGlobally, isSaveError } from '../lib/errors';
import { rightsOptions } from './rights-options';
import { onSubmitRun } from '../../../lib/form-submit';

type EditRightsModalProps = {
  /** The family whose canvas the rights are for (the current family). */
  familyId: number;
  advisor: AdvisorMember | null;
  onClose: () => void;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * The edit member rights modal (docs/product/work-relations.md#screens, #rules): the advisor's name read-only, the canvas
 * rights select, Remove advisor and Save; both close the modal and refresh the list.
 * Owners and admins of an advisor company always have full access: shown disabled.
 */
export function EditRightsModal({ familyId, advisor, onClose, progressTiming }: EditRightsModalProps) {
  const [roleId, setRoleId] = useState<string>('');
  const [isRemoving, setIsRemoving] = useState(false);
  const save = useProgressAction(progressTiming);
  const toasts = useToasts();
  const refresh = useRefreshAdvisors();
  const isProtected = advisor !== null && (advisor.entityRoleId === EntityRole.Owner || advisor.entityRoleId === EntityRole.Admin);
  const isBusy = save.isBusy || isRemoving;

  useEffect(() => {
    if (advisor) setRoleId(String(advisor.workRelationRoleId ?? ''));
  }, [advisor]);

  const fail = (error: unknown) => {
    console.error('The canvas rights could not be saved', error);
    if (isHandledGlobally(error)) return;
    if (isSaveError(error)) toasts.show({ mode: 'error', title: t('workRelations.saveError.title'), text: t('workRelations.saveError.text') });
    else toasts.showSystemError();
  };

  const onSave = async () => {
    if (!advisor || isBusy || isProtected) return;
    try {
      await save.run(() =>
        updateWorkRelationMember(familyId, advisor.id, { workRelationRoleId: Number(roleId) as WorkRelationRoleId, advisorCompanyId: advisor.entityId }),
      );
    } catch (error) {
      fail(error);
      return;
    }
    toasts.show({ mode: 'success', text: t('editRights.success', { name: advisor.memberName }) });
    void refresh();
    onClose();
  };

  const onRemove = async () => {
    if (!advisor || isBusy || isProtected) return;
    setIsRemoving(true);
    try {
      await removeWorkRelationMember(familyId, advisor.id);
    } catch (error) {
      setIsRemoving(false);
      fail(error);
      return;
    }
    setIsRemoving(false);
    toasts.show({ mode: 'success', text: t('editRights.removed', { name: advisor.memberName }) });
    void refresh();
    onClose();
  };

  const close = () => {
    if (!isBusy) onClose();
  };

  return (
    <Dialog isOpen={advisor !== null} onClose={close} title={t('editRights.title')} closeLabel={t('common.close')}>
      {advisor && (
        <form noValidate className="flex flex-col gap-4" onSubmit={onSubmitRun(onSave)}>
          <TextField label={t('editRights.advisor')} value={`${advisor.memberName} (${advisor.entityName})`} readOnly />
          <SelectField
            label={t('editRights.rights')}
            options={rightsOptions}
            value={roleId}
            onChange={(event) => setRoleId(event.target.value)}
            disabled={isProtected || isBusy}
            hint={isProtected ? t('editRights.protected') : undefined}
          />
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            {advisor.workRelationRoleId !== WorkRelationRole.None ? (
              <Button variant="danger" onClick={() => void onRemove()} disabled={isProtected || isBusy}>
                {t('editRights.remove')}
              </Button>
            ) : (
              <span />
            )}
            <SubmitButton progress={save} disabled={isProtected || roleId === '' || isRemoving}>
              {t('editRights.save')}
            </SubmitButton>
          </div>
        </form>
      )}
    </Dialog>
  );
}
