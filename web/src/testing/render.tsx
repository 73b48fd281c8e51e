import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from '../components/ui/Toast';

/**
 * Renders a component the way the app does (jotai store, query client, a router, the
 * toaster) with a fresh store and cache per test, and a user-event instance to act with.
 */
export function renderWithApp(ui: ReactElement, options: { store?: ReturnType<typeof createStore>; path?: string } & Omit<RenderOptions, 'wrapper'> = {}) {
  const store = options.store ?? createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[options.path ?? '/']}>
            {children}
            <Toaster />
          </MemoryRouter>
        </QueryClientProvider>
      </Provider>
    );
  }
  return { store, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) };
}
