import { useAtomValue, useStore } from 'jotai';
import { useNavigate } from 'react-router';
import type { SignupInvitation } from '../../features/auth/components/SignupForm';
import { finishInvitedSignup } from '../../features/auth/session/session';
import { WorkInvitationBanner } from '../../features/work-invitations/components/WorkInvitationNotice';
import type { AppStore } from '../../stores/app-store';
import { loginActionAtom, rememberRedirectAfterLogin, type LoginAction } from '../../stores/session';
import { isWalkthroughOpenAtom } from '../../stores/ui';
import { clearPendingWorkInvitation, pendingWorkInvitationAtom, type PendingWorkInvitation } from '../../stores/work-invitation';
import { paths, selectPagePath } from '../paths';

/**
 * The family and advisor invitation paths of login and signup (docs/product/invitations.md#screens, docs/product/sessions-and-sign-in.md#after-login, docs/product/accounts.md#signup,
 * docs/product/invitations.md#validation): while an invitation is on its way the e-mail is the invited one (prefilled and
 * locked), a signup goes straight to the form without an entity and carries the token,
 * and after login or signup the user goes to the select page of the invitation's kind.
 */

/** The invitation that applies: one recorded by a landing page, unless another login action took over since. */
export function activeWorkInvitation(pending: PendingWorkInvitation | null, loginAction: LoginAction | null): PendingWorkInvitation | null {
  return pending && (loginAction === null || loginAction === pending.kind) ? pending : null;
}

/**
 * The login (or signup) finished by `finish` goes to the select page. The walkthrough of
 * a first visit waits for the select page: its slides depend on the entity chosen there.
 */
async function finishTowardsSelectPage(store: AppStore, invitation: PendingWorkInvitation, finish: () => Promise<void>): Promise<void> {
  rememberRedirectAfterLogin(selectPagePath(invitation.kind));
  await finish();
  store.set(isWalkthroughOpenAtom, false);
}

export function useWorkInvitationAuth(page: 'login' | 'signup') {
  const store = useStore();
  const navigate = useNavigate();
  const invitation = activeWorkInvitation(useAtomValue(pendingWorkInvitationAtom), useAtomValue(loginActionAtom));

  const signupInvitation: SignupInvitation | undefined = invitation
    ? {
        email: invitation.email,
        tokens: invitation.kind === 'familyInvitation' ? { familyInvitationToken: invitation.token } : { advisorInvitationToken: invitation.token },
      }
    : undefined;

  return {
    invitation,
    banner: invitation ? <WorkInvitationBanner invitation={invitation} page={page} onDiscard={() => clearPendingWorkInvitation(store)} /> : null,
    /** Login: wraps the page's own finishing of the login. */
    finishLogin: (finish: () => Promise<void>) => (invitation ? finishTowardsSelectPage(store, invitation, finish) : finish()),
    signupInvitation,
    /** Signup with the invitation: the session has started; finish it like a login, via the loading page. */
    onSignedUp: async () => {
      if (!invitation) return;
      await finishTowardsSelectPage(store, invitation, async () => {
        const finishing = finishInvitedSignup(store);
        void navigate(paths.loading(), { replace: true });
        await finishing;
      });
    },
  };
}
