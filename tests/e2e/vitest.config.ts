import { defineConfig } from 'vitest/config';

// End-to-end suites: Debian's Chromium through playwright-core against the real server started
// the way `npm start` starts it (demo mode: PGlite in a temporary folder, the Auth Emulator).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Fails any test in which the browser reported a Content-Security-Policy violation.
    setupFiles: ['tests/e2e/csp-guard.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One server, one browser at a time: files share the server's data, so they run in sequence.
    fileParallelism: false,
  },
});
