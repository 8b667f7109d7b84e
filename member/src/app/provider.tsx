import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import {
  PersistQueryClientProvider,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { DeferredUpdatePrompt } from '../components/ui/update-prompt';
import { afterPageSettles } from '../lib/page-settled';
import { Button } from '../components/ui/button';
import { persistOptions, refreshRestoredQueries } from '../lib/persister';
import { createQueryClient } from '../lib/query-client';
import type { QueryClient } from '@tanstack/react-query';

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

/**
 * Saving to IndexedDB for an app whose saved copy the boot already restored (`prepareApp`): the
 * first save (opening the database, serialising the cache) waits until the page is idle instead of
 * competing with its first render, then every change is saved (throttled by the persister).
 */
function useDeferredPersistence(queryClient: QueryClient, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let unsubscribe: (() => void) | null = null;
    const cancel = afterPageSettles(() => {
      void persistQueryClientSave({ queryClient, ...persistOptions });
      unsubscribe = persistQueryClientSubscribe({ queryClient, ...persistOptions });
    });
    return () => {
      cancel();
      unsubscribe?.();
    };
  }, [queryClient, enabled]);
}

/**
 * The app's providers. `restored`: the boot has already put the saved copy back into `queryClient`
 * (member/src/app/prepare.ts), so the app renders with it at once; otherwise (tests rendering the
 * app directly) the provider restores it first, and shows the saved copy when it has.
 */
export function AppProvider({
  children,
  queryClient: provided,
  restored = false,
}: {
  children: (queryClient: QueryClient) => ReactNode;
  queryClient?: QueryClient;
  restored?: boolean;
}) {
  const [queryClient] = useState(() => {
    // Start from the browser's own view of the connection so an offline reload shows saved data at once.
    onlineManager.setOnline(navigator.onLine);
    return provided ?? createQueryClient();
  });
  useDeferredPersistence(queryClient, restored);
  const content = (
    <>
      {children(queryClient)}
      <Toaster />
      <DeferredUpdatePrompt />
    </>
  );
  return (
    <ErrorBoundary>
      {restored ? (
        <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>
      ) : (
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={persistOptions}
          // The saved copy is shown at once, then refreshed.
          onSuccess={() => void refreshRestoredQueries(queryClient)}
        >
          {content}
        </PersistQueryClientProvider>
      )}
    </ErrorBoundary>
  );
}
