import { useEffect } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { LoadingState } from '../../../components/ui/StateMessage';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useAdvisor } from '../api/advisors';
import { canvasRightsName } from '../lib/display';
import { AddressBlock, DetailList } from './PersonDetails';

/**
 * The read-only advisor modal (spec 02 §2 Advisor companies list): name, company, e-mail,
 * phone, position, canvas rights and the first address. A failed load shows the system
 * error toast and closes.
 */
export function AdvisorModal({ memberId, onClose }: { memberId: string | null; onClose: () => void }) {
  const advisor = useAdvisor(memberId);
  const toasts = useToasts();

  useEffect(() => {
    if (!advisor.isError) return;
    console.error('The advisor could not be loaded', advisor.error);
    if (!(isApiError(advisor.error) && globallyHandledCodes.includes(advisor.error.errorCode))) toasts.showSystemError();
    onClose();
  }, [advisor.isError, advisor.error, toasts, onClose]);

  return (
    <Dialog isOpen={memberId !== null && !advisor.isError} onClose={onClose} title={t('advisorModal.title')} closeLabel={t('common.close')}>
      {advisor.isPending || !advisor.data ? (
        <LoadingState text={t('advisorModal.loading')} />
      ) : (
        <DetailList
          items={[
            { label: t('advisorModal.name'), value: advisor.data.memberName },
            { label: t('advisorModal.company'), value: advisor.data.entityName },
            { label: t('advisorModal.email'), value: advisor.data.email },
            { label: t('advisorModal.phone'), value: advisor.data.phoneNumber },
            { label: t('advisorModal.position'), value: advisor.data.companyPosition },
            { label: t('advisorModal.rights'), value: canvasRightsName(advisor.data.workRelationRoleId) },
            { label: t('advisorModal.address'), value: <AddressBlock address={advisor.data.addresses[0]} /> },
          ]}
        />
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}
