import { useAtomValue, useStore } from 'jotai';
import { useNavigate } from 'react-router';
import type { SignupInvitation } from '../../features/auth/components/SignupForm';
import { finishInvitedSignup } from '../../features/auth/session/session';
import { MemberInvitationBanner } from '../../features/member-invitations/components/MemberInvitationNotice';
import { acceptAfterSignIn, announceAcceptOutcome } from '../../features/member-invitations/lib/accept-after-login';
import type { AppStore } from '../../stores/app-store';
import { local, storageKeys } from '../../stores/browser-storage';
import { clearPendingInvitation, pendingInvitationAtom, type PendingMemberInvitation } from '../../stores/invitation';
import { isAuthenticatedAtom, loginActionAtom, rememberRedirectAfterLogin, type LoginAction } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { t } from '../../messages/en-US';
import { paths } from '../paths';

/**
 * The member invitation paths of login and signup (docs/product/invitations.md#screens, docs/product/sessions-and-sign-in.md#after-login, docs/product/accounts.md#signup, docs/product/invitations.md#validation): while an
 * invitation is on its way the e-mail is the invited one (prefilled and locked). Login
 * accepts the invitation once signed in, so the invited entity becomes current, and says
 * how it went; signup goes straight to the form without an entity, carries the token, and
 * ends signed in with the invited entity current.
 */

/** The invitation that applies: one recorded by the landing page, unless another login action took over since. */
export function activeMemberInvitation(pending: PendingMemberInvitation | null, loginAction: LoginAction | null): PendingMemberInvitation | null {
  return pending && (loginAction === null || loginAction === 'memberInvitation') ? pending : null;
}

async function acceptThenFinish(store: AppStore, invitation: PendingMemberInvitation, finish: () => Promise<void>): Promise<void> {
  const outcome = await acceptAfterSignIn(invitation);
  if (outcome.kind === 'notFound') rememberRedirectAfterLogin(paths.notFound());
  await finish();
  clearPendingInvitation(store);
  if (store.get(isAuthenticatedAtom)) announceAcceptOutcome(store, outcome, invitation.entityName);
}

/** Going on without the invitation: the start page's invitation text goes too. */
function discard(store: AppStore): void {
  clearPendingInvitation(store);
  if (store.get(loginActionAtom) === 'memberInvitation') store.set(loginActionAtom, null);
}

export function useMemberInvitationAuth(page: 'login' | 'signup') {
  const store = useStore();
  const navigate = useNavigate();
  const invitation = activeMemberInvitation(useAtomValue(pendingInvitationAtom), useAtomValue(loginActionAtom));

  const signupInvitation: SignupInvitation | undefined = invitation
    ? { email: invitation.email, tokens: { memberInvitationToken: invitation.token } }
    : undefined;

  return {
    invitation,
    banner: invitation ? <MemberInvitationBanner invitation={invitation} page={page} onDiscard={() => discard(store)} /> : null,
    /** Login: accepts the invitation, then the page finishes the login as usual. */
    finishLogin: (finish: () => Promise<void>) => (invitation ? acceptThenFinish(store, invitation, finish) : finish()),
    signupInvitation,
    /** Signup with the invitation: the session started with the invited entity; finish it like a login, via the loading page. */
    onSignedUp: async () => {
      if (!invitation) return;
      // The new account's one entity is the invited one, whatever a previous user left stored.
      local.remove(storageKeys.entityId);
      const finishing = finishInvitedSignup(store);
      void navigate(paths.loading(), { replace: true });
      await finishing;
      clearPendingInvitation(store);
      if (store.get(isAuthenticatedAtom)) {
        showToast(store, {
          mode: 'success',
          title: t('memberInvitation.joinedTitle'),
          text: t('memberInvitation.joined', { entityName: invitation.entityName }),
        });
      }
    },
  };
}
