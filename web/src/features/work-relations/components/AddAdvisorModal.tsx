import { useEffect, useState } from 'react';
import { WorkRelationRole, type WorkRelationRoleId } from '../../../../../shared/enums';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { SelectField } from '../../../components/ui/SelectField';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { EmptyState, LoadingState } from '../../../components/ui/StateMessage';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useAdvisorsWithoutAccess } from '../api/advisors';
import { addWorkRelationMember, useRefreshAdvisors } from '../api/work-relation-members';
import { isHandledGlobally, isSaveError } from '../lib/errors';
import { rightsOptions } from './rights-options';
import { onSubmitRun } from '../../../lib/form-submit';

type AddAdvisorModalProps = {
  familyId: number;
  /** Only this company's advisors (the company page). */
  companyId?: number;
  isOpen: boolean;
  onClose: () => void;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * The add member rights modal (docs/product/work-relations.md#screens, #validation): an advisor among those without access to
 * the family's canvas, and their canvas rights — preset to the advisor's role when one is
 * known — with Discard and Save. Both selects are required.
 */
export function AddAdvisorModal({ familyId, companyId, isOpen, onClose, progressTiming }: AddAdvisorModalProps) {
  const candidates = useAdvisorsWithoutAccess(familyId, { enabled: isOpen });
  const [memberKey, setMemberKey] = useState('');
  const [roleId, setRoleId] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const save = useProgressAction(progressTiming);
  const toasts = useToasts();
  const refresh = useRefreshAdvisors();
  const options = (candidates.data ?? []).filter((advisor) => companyId === undefined || advisor.entityId === companyId);
  const chosen = options.find((advisor) => `${advisor.entityId}:${advisor.id}` === memberKey);

  useEffect(() => {
    if (!isOpen) return;
    setMemberKey('');
    setRoleId('');
    setIsSubmitted(false);
  }, [isOpen]);

  const choose = (key: string) => {
    setMemberKey(key);
    const advisor = options.find((item) => `${item.entityId}:${item.id}` === key);
    // Preset to the advisor's role when one is known; 'no access' is what they have now, not a choice.
    if (advisor?.workRelationRoleId && advisor.workRelationRoleId !== WorkRelationRole.None) setRoleId(String(advisor.workRelationRoleId));
  };

  const submit = async () => {
    setIsSubmitted(true);
    if (!chosen || roleId === '' || save.isBusy) return;
    try {
      await save.run(() =>
        addWorkRelationMember(familyId, { memberId: chosen.id, workRelationRoleId: Number(roleId) as WorkRelationRoleId, advisorCompanyId: chosen.entityId }),
      );
    } catch (error) {
      console.error('The advisor could not be added', error);
      if (isHandledGlobally(error)) return;
      if (isSaveError(error)) toasts.show({ mode: 'error', title: t('workRelations.saveError.title'), text: t('workRelations.saveError.text') });
      else toasts.showSystemError();
      return;
    }
    toasts.show({ mode: 'success', text: t('addAdvisor.success', { name: chosen.memberName }) });
    void refresh();
    onClose();
  };

  const close = () => {
    if (!save.isBusy) onClose();
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('addAdvisor.title')} description={t('addAdvisor.intro')} closeLabel={t('common.close')}>
      {candidates.isPending ? (
        <LoadingState />
      ) : candidates.isError ? (
        <LoadErrorState title={t('addAdvisor.loadError')} onRetry={() => void candidates.refetch()} />
      ) : options.length === 0 ? (
        <>
          <EmptyState title={t('addAdvisor.none')} />
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={close}>
              {t('common.close')}
            </Button>
          </div>
        </>
      ) : (
        <form noValidate className="flex flex-col gap-4" onSubmit={onSubmitRun(submit)}>
          <SelectField
            label={t('addAdvisor.advisor')}
            required
            placeholder={t('addAdvisor.chooseAdvisor')}
            options={options.map((advisor) => ({ value: `${advisor.entityId}:${advisor.id}`, label: `${advisor.memberName} (${advisor.entityName})` }))}
            value={memberKey}
            onChange={(event) => choose(event.target.value)}
            error={isSubmitted && !chosen ? t('forms.errorMessages.required') : null}
          />
          <SelectField
            label={t('addAdvisor.rights')}
            required
            placeholder={t('addAdvisor.chooseRights')}
            options={rightsOptions}
            value={roleId}
            onChange={(event) => setRoleId(event.target.value)}
            error={isSubmitted && roleId === '' ? t('forms.errorMessages.canvasRights') : null}
          />
          <div className="mt-2 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close} disabled={save.isBusy}>
              {t('addAdvisor.discard')}
            </Button>
            <SubmitButton progress={save}>{t('addAdvisor.save')}</SubmitButton>
          </div>
        </form>
      )}
    </Dialog>
  );
}
