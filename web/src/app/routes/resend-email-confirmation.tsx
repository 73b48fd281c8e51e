import { useAtomValue, useStore } from 'jotai';
import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/Page';
import { ResendConfirmation } from '../../features/auth/components/ResendConfirmation';
import { t } from '../../messages/en-US';
import { loginActionAtom, userAtom } from '../../stores/session';
import { paths } from '../paths';
import { logout } from '../session';

/**
 * Resend the confirmation link (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset, docs/product/errors.md#accounts-errors); the guard lets only a
 * logged-in user in. When the server knows no such user or the e-mail turns out to be
 * confirmed, this browser's session is ended and the user logs in again.
 */
export function Component() {
  const store = useStore();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);

  const toLogin = async (action: 'confirmed' | null) => {
    await logout(store);
    if (action) store.set(loginActionAtom, action);
    void navigate(paths.login(), { replace: true });
  };

  return (
    <Page width="prose" title={t('pages.resendEmailConfirmation.title')}>
      <ResendConfirmation
        email={user?.email ?? null}
        onUnauthorized={() => void toLogin(null)}
        onAlreadyConfirmed={() => void toLogin('confirmed')}
        homeHref={paths.home()}
      />
    </Page>
  );
}
