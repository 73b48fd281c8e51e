import { useStore } from 'jotai';
import { useCallback } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { MemberInvitationInfo } from '../../../../shared/contracts/invitations';
import { Page } from '../../components/ui/Page';
import { MemberInvitationLanding } from '../../features/member-invitations/components/MemberInvitationLanding';
import { t } from '../../messages/en-US';
import { rememberPendingInvitation } from '../../stores/invitation';
import { loginActionAtom } from '../../stores/session';
import { clearPendingWorkInvitation } from '../../stores/work-invitation';
import { paths } from '../paths';

/**
 * The member invitation landing page (docs/product/invitations.md#screens): the guard has logged any user out;
 * without a token the page is not found; a pending invitation is recorded (token, e-mail,
 * entity name) with the login action memberInvitation, and the visitor goes to start.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  const store = useStore();
  const navigate = useNavigate();

  const onInvitation = useCallback(
    (invitation: MemberInvitationInfo) => {
      if (!token) return;
      // The newest invitation is the one the visitor follows.
      clearPendingWorkInvitation(store);
      rememberPendingInvitation(store, {
        kind: 'memberInvitation',
        token,
        email: invitation.email,
        entityName: invitation.entityName,
        entityType: invitation.entityType,
      });
      store.set(loginActionAtom, 'memberInvitation');
      void navigate(paths.start(), { replace: true });
    },
    [token, store, navigate],
  );
  const onNotFound = useCallback(() => void navigate(paths.notFound(), { replace: true }), [navigate]);

  if (!token) return <Navigate to={paths.notFound()} replace />;
  return (
    <Page width="prose" title={t('pages.memberInvitation.title')}>
      <MemberInvitationLanding token={token} onInvitation={onInvitation} onNotFound={onNotFound} loginHref={paths.login()} homeHref={paths.home()} />
    </Page>
  );
}
