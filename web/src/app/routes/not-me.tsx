import { useStore } from 'jotai';
import { useSearchParams } from 'react-router';
import { NotMePage } from '../../features/auth/components/NotMePage';
import { isAuthenticatedAtom } from '../../stores/session';
import { logout } from '../session';

/** /not-me?token=…: "This was not me" from a sign-in-method mail (the token is the proof; no sign-in). */
export function Component() {
  const store = useStore();
  const [searchParams] = useSearchParams();
  const onSecured = async () => {
    if (store.get(isAuthenticatedAtom)) await logout(store);
  };
  return <NotMePage token={searchParams.get('token') ?? ''} onSecured={onSecured} />;
}
