import { defineConfig } from 'vitest/config';

// The reliability suite: races, bad input, faults, the authorisation matrix and two server
// processes, on PostgreSQL. Files run one after another: each one loads this 2-core machine fully.
export default defineConfig({
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['tests/reliability/**/*.rel.ts'],
    globalSetup: ['tests/reliability/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // The summary line is printed by the global teardown; per-test progress lines stay readable.
    reporters: ['default'],
  },
});
