import { t } from '../../../messages/en-US';
import { useAdvisor } from '../api/advisors';
import { canvasRightsName } from '../lib/display';
import { AddressBlock } from './PersonDetails';
import { ReadOnlyPersonModal } from './ReadOnlyPersonModal';

/**
 * The read-only advisor modal (docs/product/work-relations.md#advisor-companies-list): name, company, e-mail,
 * phone, position, canvas rights and the first address.
 */
export function AdvisorModal({ memberId, onClose }: { memberId: string | null; onClose: () => void }) {
  const advisor = useAdvisor(memberId);
  return (
    <ReadOnlyPersonModal
      memberId={memberId}
      person={advisor}
      title={t('advisorModal.title')}
      loadingText={t('advisorModal.loading')}
      loadErrorLog="The advisor could not be loaded"
      details={(data) => [
        { label: t('advisorModal.name'), value: data.memberName },
        { label: t('advisorModal.company'), value: data.entityName },
        { label: t('advisorModal.email'), value: data.email },
        { label: t('advisorModal.phone'), value: data.phoneNumber },
        { label: t('advisorModal.position'), value: data.companyPosition },
        { label: t('advisorModal.rights'), value: canvasRightsName(data.workRelationRoleId) },
        { label: t('advisorModal.address'), value: <AddressBlock address={data.addresses[0]} /> },
      ]}
      onClose={onClose}
    />
  );
}
