import { useSearchParams } from 'react-router';
import { CancelRecoveryPage } from '../../features/auth/components/CancelRecoveryPage';

/** /recover-access/cancel?token=…: the cancel link of the "recovery started" mail (no sign-in). */
export function Component() {
  const [searchParams] = useSearchParams();
  return <CancelRecoveryPage token={searchParams.get('token') ?? ''} />;
}
