import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { t } from '../../messages/en-US';
import { authStateAtom, clearRedirectAfterLogin, lastPath, redirectAfterLogin } from '../../stores/session';
import { destinationAfterLogin } from '../guards';

/**
 * The full-screen loading page (spec 01 §2.4): shown while a login attempt runs (guards
 * rule 3); once it has ended, it sends the user on to where they belong (§4.3).
 */
export function Component() {
  const auth = useAtomValue(authStateAtom);
  const navigate = useNavigate();

  useEffect(() => {
    if (auth.isLoginInProgress) return;
    const destination = destinationAfterLogin(auth, { redirectAfterLogin: redirectAfterLogin(), lastPath: lastPath() });
    if (auth.isAuthenticated) clearRedirectAfterLogin();
    void navigate(destination, { replace: true });
  }, [auth, navigate]);

  return (
    <div className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-canvas text-primary-700">
      <h1 className="sr-only">{t('loading.title')}</h1>
      <Spinner size="lg" label={t('common.loading')} />
      <p className="text-lg text-ink-700">{t('loading.text')}</p>
    </div>
  );
}
