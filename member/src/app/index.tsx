import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { releaseAppShell } from '../lib/app-shell';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** After each commit: the server's app shell goes as soon as no loader stands behind it. */
function AppShellHandoff() {
  useLayoutEffect(() => releaseAppShell());
  return null;
}

/** The member app; `queryClient` and `restored` come from the boot (member/src/app/mount.tsx). */
export function App({ queryClient, restored = false }: { queryClient?: QueryClient; restored?: boolean }) {
  return (
    <AppProvider queryClient={queryClient} restored={restored}>
      {(queryClient) => (
        <>
          <AppRouter queryClient={queryClient} />
          <AppShellHandoff />
        </>
      )}
    </AppProvider>
  );
}
