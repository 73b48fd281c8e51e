import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../../../components/ui/Toast';
import { userIdAtom } from '../../../stores/session';
import { CanvasLinksProvider, type CanvasLinks } from '../hooks/use-canvas-links';
import { me } from './fixtures';

export const testLinks: CanvasLinks = {
  canvas: (familyId) => (familyId === undefined ? '/canvas' : `/canvas/${familyId}`),
  category: (categoryId) => `/canvas-category/${categoryId}`,
  companyInvitations: () => '/invite-company',
  company: (entityId) => `/company/${entityId}`,
  dashboard: () => '/dashboard',
  home: () => '/',
  notFound: () => '/not-found',
};

/**
 * Renders a canvas screen inside a data router (the category page blocks navigation with
 * useBlocker), signed in as `userId`, with a fresh store and query cache. Other paths
 * render their path name, so a test can see where the app went.
 */
export function renderCanvasRoute(element: ReactElement, options: { path: string; route: string; userId?: string | null }) {
  const store = createStore();
  store.set(userIdAtom, options.userId === undefined ? me : options.userId);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: options.route, element: <CanvasLinksProvider links={testLinks}>{element}</CanvasLinksProvider> },
      { path: '*', Component: () => <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [options.path] },
  );
  const view = render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </Provider>,
  );
  return { ...view, store, router, queryClient, user: userEvent.setup() };
}
