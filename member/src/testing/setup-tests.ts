import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clearEarly } from '../lib/api-client';
import { resetClientConfig } from '../lib/client-config';
import { resetSessionCache } from '../lib/session';
import { clearToasts } from '../lib/toast';
import { freshState, state } from './mocks/db';
import { server } from './mocks/server';

// jsdom has no IndexedDB: an in-memory idb-keyval with the same API.
vi.mock('idb-keyval', () => {
  const store = new Map<string, unknown>();
  return {
    get: async (key: string) => store.get(key),
    set: async (key: string, value: unknown) => void store.set(key, value),
    del: async (key: string) => void store.delete(key),
    keys: async () => [...store.keys()],
    clear: async () => store.clear(),
  };
});

// Lazy route chunks compile on first use in tests: allow them time.
configure({ asyncUtilTimeout: 8000 });
// Whole-app renders on a busy 2-core machine need more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

// The build test runs in the node environment: nothing below applies there.
const dom = typeof window !== 'undefined';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  if (!dom) return;
  state.current = freshState();
  window.history.replaceState({}, '', '/');
});
afterEach(async () => {
  if (!dom) return;
  cleanup();
  server.resetHandlers();
  clearToasts();
  localStorage.clear();
  resetSessionCache();
  resetClientConfig();
  clearEarly();
  const idb = await import('idb-keyval');
  await idb.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => server.close());
