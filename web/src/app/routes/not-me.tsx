import { useSearchParams } from 'react-router';
import { NotMePage } from '../../features/account-recovery/components/NotMePage';

/** /not-me?token=…: "This was not me" from a sign-in-method mail (the token is the proof; no sign-in). */
export function Component() {
  const [searchParams] = useSearchParams();
  return <NotMePage token={searchParams.get('token') ?? ''} />;
}
