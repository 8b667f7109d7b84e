import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One vitest run, five projects: each part of the tree gets the environment it needs.
// The server project runs every server suite on PGlite and, when TEST_DATABASE_URL or
// DATABASE_URL is set, again on PostgreSQL (see server/test/helpers.ts).
export default defineConfig({
  test: {
    // Two files at a time on this 2-core machine (PGlite is WASM and memory-hungry).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          environment: 'node',
          include: ['shared/**/*.test.ts'],
        },
      },
      {
        // The import boundaries of eslint.config.js and the tsconfig parts, proven by fixtures (Node only).
        test: {
          name: 'lint',
          environment: 'node',
          include: ['tests/lint/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
        },
      },
      {
        plugins: [react()],
        // vite-plugin-pwa's virtual module exists only in a PWA build; tests get a stub.
        resolve: {
          alias: {
            'virtual:pwa-register/react': new URL(
              './member/src/testing/pwa-register-stub.ts',
              import.meta.url,
            ).pathname,
          },
        },
        test: {
          name: 'member',
          environment: 'jsdom',
          include: ['member/**/*.test.{ts,tsx}'],
          setupFiles: ['member/src/testing/setup-tests.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'admin',
          environment: 'jsdom',
          include: ['admin/**/*.test.{ts,tsx}'],
          setupFiles: ['admin/src/testing/setup-tests.ts'],
        },
      },
    ],
  },
});
