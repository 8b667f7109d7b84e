import { onlineManager } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { UpdatePrompt } from '../components/ui/update-prompt';
import { Button } from '../components/ui/button';
import { CACHE_BUSTER, CACHE_MAX_AGE, persister, shouldPersistQuery } from '../lib/persister';
import { createQueryClient } from '../lib/query-client';
import type { QueryClient } from '@tanstack/react-query';

/** Data older than this page load came from IndexedDB. */
const BOOT_TIME = Date.now();

class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="state state--error fullscreen-error" role="alert">
        <h1 className="state__title">Something went wrong</h1>
        <p className="state__text">Something went wrong. Please try again.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
}

export function AppProvider({
  children,
  queryClient: provided,
}: {
  children: (queryClient: QueryClient) => ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => {
    // Start from the browser's own view of the connection so an offline reload shows saved data at once.
    onlineManager.setOnline(navigator.onLine);
    return provided ?? createQueryClient();
  });
  return (
    <ErrorBoundary>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister,
          maxAge: CACHE_MAX_AGE,
          buster: CACHE_BUSTER,
          dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
        }}
        // The saved copy is shown at once, then refreshed: a reload checks the session again
        // (spec section 4) and picks up what changed on the server since.
        onSuccess={() => {
          void queryClient.invalidateQueries({ predicate: (q) => q.state.dataUpdatedAt < BOOT_TIME });
        }}
      >
        {children(queryClient)}
        <Toaster />
        <UpdatePrompt />
      </PersistQueryClientProvider>
    </ErrorBoundary>
  );
}
