import { lazy, Suspense } from 'react';
import { useIsReauthenticationPending } from '../lib/reauth-request';

// Loaded the first time a guarded action needs it: the first page does not carry it.
const ReauthDialog = lazy(() => import('./ReauthDialog'));

/** Mounted once in the shell: shows the re-authentication dialog while the API client waits for it. */
export function ReauthHost() {
  const isPending = useIsReauthenticationPending();
  if (!isPending) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog />
    </Suspense>
  );
}
