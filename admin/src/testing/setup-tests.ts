import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw-server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

// Whole-console renders in jsdom take a few seconds each (MUI + react-admin).
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });
