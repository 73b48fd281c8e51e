import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { requestReauthentication } from '../features/auth/lib/reauth-request';
import { setGlobalErrorHandler, setReauthenticationHandler } from '../lib/api-client';
import { appStore, type AppStore } from '../stores/app-store';
import { queryClient } from './query-client';
import { createRoutes } from './router';
import { handleGlobalApiError, logout, redirectAfterRestore, sessionReady } from './session';

/** App state (jotai) and server data (react-query), around everything. */
export function AppProviders({ children, store = appStore }: { children: ReactNode; store?: AppStore }) {
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </JotaiProvider>
  );
}

const router = createBrowserRouter(createRoutes({ store: appStore, logout: () => logout(appStore), sessionReady: () => sessionReady(appStore) }));

setGlobalErrorHandler((error) => handleGlobalApiError(error, { store: appStore, navigate: (to) => void router.navigate(to) }));
// A guarded action (re-authentication, 92) asks for the password or a code, then is sent again.
setReauthenticationHandler(requestReauthentication);

void redirectAfterRestore(
  (to) => void router.navigate(to, { replace: true }),
  () => window.location.pathname,
);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
