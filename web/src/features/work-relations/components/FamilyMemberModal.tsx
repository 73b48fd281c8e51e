import { t } from '../../../messages/en-US';
import { useFamilyMember } from '../api/family-members';
import { AddressBlock } from './PersonDetails';
import { ReadOnlyPersonModal } from './ReadOnlyPersonModal';

/**
 * The read-only family member modal (docs/product/work-relations.md#families-list): name, family name, e-mail,
 * phone and the first address.
 */
export function FamilyMemberModal({ memberId, onClose }: { memberId: string | null; onClose: () => void }) {
  const member = useFamilyMember(memberId);
  return (
    <ReadOnlyPersonModal
      memberId={memberId}
      person={member}
      title={t('familyMemberModal.title')}
      loadingText={t('familyMemberModal.loading')}
      loadErrorLog="The family member could not be loaded"
      details={(data) => [
        { label: t('familyMemberModal.name'), value: data.memberName },
        { label: t('familyMemberModal.family'), value: data.entityName },
        { label: t('familyMemberModal.email'), value: data.email },
        { label: t('familyMemberModal.phone'), value: data.phoneNumber },
        { label: t('familyMemberModal.address'), value: <AddressBlock address={data.addresses[0]} /> },
      ]}
      onClose={onClose}
    />
  );
}
