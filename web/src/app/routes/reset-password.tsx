import { useStore } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResetPasswordResponse } from '../../../../shared/contracts/auth';
import { Page } from '../../components/ui/Page';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';
import { t } from '../../messages/en-US';
import { isAuthenticatedAtom, loginActionAtom } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { paths } from '../paths';
import { logout } from '../session';
import type { LoginLocationState } from './login';

/**
 * A new password from the e-mailed link (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset): the guard makes sure the
 * URL carries the e-mail and the token. Success sets the login action "reset" and goes
 * to login; the server has ended every session of the user, so this browser's too.
 */
export function Component() {
  const store = useStore();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';

  const onReset = async (result: ResetPasswordResponse) => {
    if (store.get(isAuthenticatedAtom)) await logout(store);
    store.set(loginActionAtom, 'reset');
    showToast(store, { mode: 'success', text: t('resetPassword.successToast') });
    const state: LoginLocationState = { email: result.email };
    void navigate(paths.login(), { replace: true, state });
  };

  return (
    <Page width="prose" title={t('pages.resetPassword.title')} intro={t('resetPassword.intro', { email })}>
      <div className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
        <ResetPasswordForm email={email} token={token} onReset={(result) => void onReset(result)} resetHref={paths.reset()} />
      </div>
    </Page>
  );
}
