import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/**
 * Server data cache. Client errors (4xx) are answers, not hiccups: they are never retried.
 * Writes are never paused by React Query while offline (`networkMode: 'always'`): the API
 * client decides, a canvas save waiting in the tab's save queue (web/src/lib/save-queue.ts,
 * in order, once), any other write failing at once with "offline".
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
