import { useEffect } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { LoadingState } from '../../../components/ui/StateMessage';
import { isApiError, globallyHandledCodes } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useFamilyMember } from '../api/family-members';
import { AddressBlock, DetailList } from './PersonDetails';

/**
 * The read-only family member modal (spec 02 §2 Families list): name, family name, e-mail,
 * phone and the first address, with a Close button. A failed load shows the system error
 * toast and closes (spec 02 §8 profile modal load failure).
 */
export function FamilyMemberModal({ memberId, onClose }: { memberId: string | null; onClose: () => void }) {
  const member = useFamilyMember(memberId);
  const toasts = useToasts();

  useEffect(() => {
    if (!member.isError) return;
    console.error('The family member could not be loaded', member.error);
    if (!(isApiError(member.error) && globallyHandledCodes.includes(member.error.errorCode))) toasts.showSystemError();
    onClose();
  }, [member.isError, member.error, toasts, onClose]);

  return (
    <Dialog isOpen={memberId !== null && !member.isError} onClose={onClose} title={t('familyMemberModal.title')} closeLabel={t('common.close')}>
      {member.isPending || !member.data ? (
        <LoadingState text={t('familyMemberModal.loading')} />
      ) : (
        <DetailList
          items={[
            { label: t('familyMemberModal.name'), value: member.data.memberName },
            { label: t('familyMemberModal.family'), value: member.data.entityName },
            { label: t('familyMemberModal.email'), value: member.data.email },
            { label: t('familyMemberModal.phone'), value: member.data.phoneNumber },
            { label: t('familyMemberModal.address'), value: <AddressBlock address={member.data.addresses[0]} /> },
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
