import { useAtomValue, useStore } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import type { SigninSuccessResponse } from '../../../../shared/contracts/mfa';
import { CheckIcon } from '../../components/ui/icons';
import { Page } from '../../components/ui/Page';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { finishLogin } from '../../features/auth/session/session';
import { t } from '../../messages/en-US';
import { loginActionAtom, rememberRedirectAfterLogin } from '../../stores/session';
import { useToasts } from '../../stores/toasts';
import { paths } from '../paths';
import { useMemberInvitationAuth } from './member-invitation-auth';
import { useWorkInvitationAuth } from './work-invitation-auth';

/** What a page leading to login may pass along: the address to prefill (after confirmation or reset). */
export type LoginLocationState = { email?: string };

function prefilledEmail(state: unknown): string {
  const email = (state as LoginLocationState | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * The login page (docs/product/sessions-and-sign-in.md#screens, #session, #after-login). Its intro changes after an e-mail
 * confirmation or a password reset. A successful sign-in goes to the loading page,
 * which waits for the session to be set up and then sends the user on (docs/product/sessions-and-sign-in.md#after-login).
 */
export function Component() {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const loginAction = useAtomValue(loginActionAtom);
  const workInvitation = useWorkInvitationAuth('login');
  const memberInvitation = useMemberInvitationAuth('login');
  const invited = memberInvitation.invitation ?? workInvitation.invitation;
  const notice = loginAction === 'confirmed' ? t('login.introConfirmed') : loginAction === 'reset' ? t('login.introReset') : null;

  const toasts = useToasts();
  const onSignedIn = async (user: SigninSuccessResponse) => {
    // A company of the user requires two-factor sign-in (docs/product/sessions-and-sign-in.md#two-factor-sign-in): straight to its setup.
    if (user.twoFactorSetupRequired) {
      rememberRedirectAfterLogin(`${paths.profile()}?tab=security`);
      toasts.show({ mode: 'info', text: t('login.twoFactorRequired') });
    }
    // A member invitation is accepted once signed in, before the login is finished.
    await memberInvitation.finishLogin(() =>
      workInvitation.finishLogin(async () => {
        // finishLogin marks the attempt in progress at once, so the loading page waits for it.
        const finishing = finishLogin(store, user);
        void navigate(paths.loading(), { replace: true });
        await finishing;
      }),
    );
  };

  return (
    <Page
      width="prose"
      title={t('pages.login.title')}
      intro={
        notice ? (
          <p className="flex items-start gap-2 rounded-card border border-success-700 bg-success-bg p-4 text-ink-900" data-testid="login-notice">
            <CheckIcon className="mt-1 size-5 shrink-0 text-success-700" />
            {notice}
          </p>
        ) : (
          t('login.intro')
        )
      }
    >
      {memberInvitation.banner}
      {workInvitation.banner}
      <div className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
        <LoginForm
          key={invited?.token ?? 'login'}
          initialEmail={invited?.email ?? prefilledEmail(location.state)}
          isEmailLocked={Boolean(invited)}
          onSignedIn={onSignedIn}
          signupHref={paths.signup()}
          resetHref={paths.reset()}
        />
      </div>
    </Page>
  );
}
