import { render } from '@testing-library/react';
import { memoryStore, type Store } from 'react-admin';
import { App, createQueryClient } from '../app';
import { createAuthProvider } from '../auth-provider';
import { createDataProvider } from '../data-provider';
import { createHttpClient } from '../http-client';

/**
 * The whole console at `path` (under /admin), on the real providers, with msw answering the API;
 * `store`: react-admin's store, to render again as after a reload (a fresh one when left out).
 */
export function renderAdmin(path: string, store: Store = memoryStore()) {
  window.history.pushState({}, '', path);
  const api = `${window.location.origin}/api/admin`;
  const httpClient = createHttpClient();
  return render(
    <App
      dataProvider={createDataProvider(httpClient, api)}
      authProvider={createAuthProvider(httpClient, api)}
      queryClient={createQueryClient(false)}
      store={store}
    />,
  );
}
