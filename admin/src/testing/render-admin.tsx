import { render } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { App, createQueryClient } from '../app';
import { createAuthProvider } from '../auth-provider';
import { createDataProvider } from '../data-provider';
import { createHttpClient } from '../http-client';

/** The whole console at `path` (under /admin), on the real providers, with msw answering the API. */
export function renderAdmin(path: string) {
  window.history.pushState({}, '', path);
  const api = `${window.location.origin}/api/admin`;
  const httpClient = createHttpClient();
  return render(
    <App
      dataProvider={createDataProvider(httpClient, api)}
      authProvider={createAuthProvider(httpClient, api)}
      queryClient={createQueryClient(false)}
      store={memoryStore()}
    />,
  );
}
