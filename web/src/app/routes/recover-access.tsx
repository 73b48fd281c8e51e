import { useSearchParams } from 'react-router';
import { RecoverAccessPage } from '../../features/auth/components/RecoverAccessPage';
import { paths } from '../paths';

/** /recover-access?email=…&token=…: the recovery mail's link (lost second factors; no sign-in). */
export function Component() {
  const [searchParams] = useSearchParams();
  return <RecoverAccessPage email={searchParams.get('email') ?? ''} token={searchParams.get('token') ?? ''} loginHref={paths.login()} />;
}
