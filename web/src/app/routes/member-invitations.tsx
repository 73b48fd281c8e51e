import { useAtomValue } from 'jotai';
import { EntityType } from '../../../../shared/enums';
import { Page } from '../../components/ui/Page';
import { LoadingState } from '../../components/ui/StateMessage';
import { MemberInvitationsPanel } from '../../features/member-invitations/components/MemberInvitationsPanel';
import { t } from '../../messages/en-US';
import { currentEntityAtom } from '../../stores/session';

/** Family and company member invitations (docs/product/invitations.md#screens; the guard admits owners and admins of the right type). */
export function Component() {
  const entity = useAtomValue(currentEntityAtom);
  if (!entity) return <LoadingState />;
  const isFamily = entity.entityTypeId === EntityType.Family;
  return (
    <Page title={isFamily ? t('pages.familyMemberInvitations.title') : t('pages.companyMemberInvitations.title')} intro={entity.entityName}>
      <MemberInvitationsPanel
        key={entity.id}
        actor={{ entityId: entity.id, entityTypeId: entity.entityTypeId, entityRoleId: entity.entityRoleId, permissions: entity.entityRolePermissions }}
      />
    </Page>
  );
}
