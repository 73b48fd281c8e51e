import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { t } from '../../messages/en-US';
import { authStateAtom, clearRedirectAfterLogin, lastPath, redirectAfterLogin, userAtom } from '../../stores/session';
import { isInvitationFor, pendingWorkInvitationAtom } from '../../stores/work-invitation';
import { destinationAfterLogin } from '../guards';
import { selectPagePath } from '../paths';

/**
 * The full-screen loading page (docs/product/shell.md#screens): shown while a login attempt runs (guards
 * rule 3); once it has ended, it sends the user on to where they belong (docs/product/sessions-and-sign-in.md#after-login).
 */
export function Component() {
  const auth = useAtomValue(authStateAtom);
  const user = useAtomValue(userAtom);
  const invitation = useAtomValue(pendingWorkInvitationAtom);
  const navigate = useNavigate();

  useEffect(() => {
    if (auth.isLoginInProgress) return;
    // A pending family or advisor invitation for this user wins, however the login started (docs/product/sessions-and-sign-in.md#after-login).
    const workInvitationPath = invitation && isInvitationFor(invitation, user?.email) ? selectPagePath(invitation.kind) : null;
    const destination = destinationAfterLogin(auth, { redirectAfterLogin: redirectAfterLogin(), lastPath: lastPath(), workInvitationPath });
    if (auth.isAuthenticated) clearRedirectAfterLogin();
    void navigate(destination, { replace: true });
  }, [auth, user, invitation, navigate]);

  return (
    <div className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-canvas text-primary-700">
      <h1 className="sr-only">{t('loading.title')}</h1>
      <Spinner size="lg" label={t('common.loading')} />
      <p className="text-lg text-ink-700">{t('loading.text')}</p>
    </div>
  );
}
