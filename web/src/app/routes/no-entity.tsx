import { useAtomValue } from 'jotai';
import { Page } from '../../components/ui/Page';
import { NoEntity } from '../../features/entities/components/NoEntity';
import { t } from '../../messages/en-US';
import { userAtom } from '../../stores/session';
import { isInvitationFor, pendingWorkInvitationAtom } from '../../stores/work-invitation';
import { paths, selectPagePath } from '../paths';

/** What create-entity reads to offer the way back here (docs/product/organisations-and-members.md#screens). */
export type CreateEntityLocationState = { from?: 'noEntity' };

/** The no-entity page (docs/product/organisations-and-members.md#screens): a signed-in user without an entity starts setup. */
export function Component() {
  const invitation = useAtomValue(pendingWorkInvitationAtom);
  const user = useAtomValue(userAtom);
  const pending = invitation && isInvitationFor(invitation, user?.email) ? { href: selectPagePath(invitation.kind), inviterName: invitation.entityName } : null;
  return (
    <Page width="prose" title={t('pages.noEntity.title')}>
      <NoEntity createHref={paths.createEntity()} createState={{ from: 'noEntity' } satisfies CreateEntityLocationState} pendingInvitation={pending} />
    </Page>
  );
}
