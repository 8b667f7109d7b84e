import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type React from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { AppProvider } from '../app/provider';
import { AppRouter } from '../app/router';
import { warmUp } from '../app/warm-up';
import { queryConfig } from '../lib/query-client';
import { setSessionUser, toSessionUser } from '../lib/session';
import { memberRow } from './mocks/db';

/** The app's own query configuration, without waiting between retries. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retryDelay: 0 } },
  });
}

/** Marks the mock member as the locally cached session user (what a previous login left). */
export function signInLocally() {
  setSessionUser(toSessionUser(memberRow));
}

/** Renders the whole app at `url`, as the browser would after navigating there. */
export function renderApp(url: string, { queryClient = createTestQueryClient() } = {}) {
  window.history.replaceState({}, '', url);
  // What main.tsx does before rendering.
  warmUp(window.location.pathname);
  const user = userEvent.setup();
  const utils = render(
    <AppProvider queryClient={queryClient}>{(qc) => <AppRouter queryClient={qc} />}</AppProvider>,
  );
  return { ...utils, user, queryClient };
}

export async function waitForPath(pathname: string) {
  await waitFor(() => expect(window.location.pathname).toBe(pathname));
}

export { screen };

/** One component with the app's providers (query client, router, toasts) around it. */
export function renderWithProviders(
  ui: React.ReactElement,
  {
    url = '/',
    queryClient = createTestQueryClient(),
    userOptions = {} as Parameters<typeof userEvent.setup>[0],
  } = {},
) {
  const user = userEvent.setup(userOptions);
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, user, queryClient };
}
