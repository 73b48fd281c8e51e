import { useSearchParams } from 'react-router';
import { UnsubscribePage } from '../../features/notifications/components/UnsubscribePage';

/** /unsubscribe?token=…: the digest's unsubscribe link (the token is the proof; no sign-in). */
export function Component() {
  const [searchParams] = useSearchParams();
  return <UnsubscribePage token={searchParams.get('token') ?? ''} />;
}
