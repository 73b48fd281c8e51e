import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type HydrationState } from 'react-router';
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

/** The browser's route tree, guards wired to the app's store and session. */
export const appRoutes = createRoutes({ store: appStore, logout: () => logout(appStore), sessionReady: () => sessionReady(appStore) });

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router over `appRoutes`, and the API client's handlers that navigate with it. `hydrationData` when the page
 * came prerendered (web/src/main.tsx): the router then starts on the page as it is, without running loaders first.
 */
export function startApp(hydrationData?: HydrationState): AppRouter {
  const router = createBrowserRouter(appRoutes, { hydrationData });
  setGlobalErrorHandler((error) => handleGlobalApiError(error, { store: appStore, navigate: (to) => void router.navigate(to) }));
  // A guarded action (re-authentication, 92) asks for the password or a code, then is sent again.
  setReauthenticationHandler(requestReauthentication);
  void redirectAfterRestore(
    (to) => void router.navigate(to, { replace: true }),
    () => window.location.pathname,
  );
  return router;
}

/** `onMounted` runs once, after the first commit (web/src/main.tsx: after a prerendered page hydrated). */
export function App({ router, onMounted }: { router: AppRouter; onMounted?: () => void }) {
  const mounted = useRef(onMounted);
  useEffect(() => {
    // Once: StrictMode runs effects twice in development.
    const callback = mounted.current;
    mounted.current = undefined;
    callback?.();
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
