import { useSetAtom } from 'jotai';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { ConfirmEmail } from '../../features/auth/components/ConfirmEmail';
import { t } from '../../messages/en-US';
import { loginActionAtom } from '../../stores/session';
import { paths } from '../paths';
import type { LoginLocationState } from './login';

/**
 * The e-mail confirmation link's page (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset). The guard has logged any
 * user out first (rule 2). Confirmed — now or before — sets the login action
 * "confirmed" and goes to login; without a token the link is "not found".
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const setLoginAction = useSetAtom(loginActionAtom);
  const token = searchParams.get('token');
  if (!token) return <Navigate to={paths.notFound()} replace />;

  return (
    <Page width="prose" title={t('pages.confirmEmail.title')}>
      <ConfirmEmail
        token={token}
        onConfirmed={(email) => {
          setLoginAction('confirmed');
          const state: LoginLocationState = email ? { email } : {};
          void navigate(paths.login(), { replace: true, state });
        }}
        onNotFound={() => void navigate(paths.notFound(), { replace: true })}
        signupHref={paths.signup()}
        homeHref={paths.home()}
      />
    </Page>
  );
}
