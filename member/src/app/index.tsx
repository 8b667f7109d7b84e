import { useLayoutEffect } from 'react';
import { releaseAppShell } from '../lib/app-shell';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** After each commit: the server's app shell goes as soon as no loader stands behind it. */
function AppShellHandoff() {
  useLayoutEffect(() => releaseAppShell());
  return null;
}

export function App() {
  return (
    <AppProvider>
      {(queryClient) => (
        <>
          <AppRouter queryClient={queryClient} />
          <AppShellHandoff />
        </>
      )}
    </AppProvider>
  );
}
