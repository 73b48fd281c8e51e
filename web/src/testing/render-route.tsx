import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, type createStore } from 'jotai';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/Toast';

/**
 * Renders a screen at `route` inside a data router (screens that block navigation with
 * useBlocker need one; renderWithApp's MemoryRouter is not), starting at `path`, with
 * the given store, a fresh query cache and the toaster. Other paths render 'elsewhere',
 * so a test can see that the app went away; `router.state.location` tells where.
 */
export function renderInDataRouter(element: ReactElement, options: { path: string; route: string; store: ReturnType<typeof createStore> }) {
  const { store } = options;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false, networkMode: 'always' } } });
  const router = createMemoryRouter(
    [
      { path: options.route, element },
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
