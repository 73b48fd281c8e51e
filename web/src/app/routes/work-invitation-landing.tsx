import { useStore } from 'jotai';
import { useCallback } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { WorkRelationInvitationInfo } from '../../../../shared/contracts/invitations';
import { Page } from '../../components/ui/Page';
import { InvitationLanding } from '../../features/work-invitations/components/InvitationLanding';
import { invitationKinds, type InvitationKind } from '../../features/work-invitations/lib/kinds';
import { t } from '../../messages/en-US';
import { clearPendingInvitation } from '../../stores/invitation';
import { loginActionAtom } from '../../stores/session';
import { rememberPendingWorkInvitation } from '../../stores/work-invitation';
import { paths } from '../paths';

/**
 * The landing page of a family or advisor invitation link (docs/product/invitations.md#screens, docs/product/invitations.md#screens): the
 * guard has logged any user out (rule 2). Without a token the link is "not found"; once
 * the invitation is read, it is recorded with the login action familyInvitation or
 * advisorInvitation, and the visitor goes to start (login or signup).
 */
export function WorkInvitationLandingPage({ kind }: { kind: InvitationKind }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const store = useStore();
  const token = searchParams.get('token');

  const onInvitation = useCallback(
    (info: WorkRelationInvitationInfo) => {
      if (!token) return;
      const loginAction = invitationKinds[kind].loginAction;
      // One invitation at a time: this link replaces a member invitation opened before in this tab.
      clearPendingInvitation(store);
      rememberPendingWorkInvitation(store, {
        kind: loginAction,
        token,
        email: info.email,
        entityId: info.entityId,
        entityName: info.entityName,
        canvasSections: info.canvasSections,
      });
      store.set(loginActionAtom, loginAction);
      void navigate(paths.start(), { replace: true });
    },
    [kind, token, store, navigate],
  );
  const onNotFound = useCallback(() => void navigate(paths.notFound(), { replace: true }), [navigate]);

  if (!token) return <Navigate to={paths.notFound()} replace />;
  return (
    <Page width="prose" title={t(kind === 'family' ? 'pages.familyInvitation.title' : 'pages.advisorInvitation.title')}>
      <InvitationLanding kind={kind} token={token} onInvitation={onInvitation} onNotFound={onNotFound} homeHref={paths.home()} loginHref={paths.login()} />
    </Page>
  );
}
