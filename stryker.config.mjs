// @ts-check
import { tmpdir } from 'node:os';
import path from 'node:path';
// `npm run test:mutation` (docs/testing.md): StrykerJS over the modules that hold the product's rules.
// Each mutant is a small change to one of them (a flipped condition, a removed call...); a test must
// fail for it. The score per module is printed at the end; survivors are listed in docs/testing.md.
// The rules inside PostgreSQL functions are mutated by hand in server/db/rewards-spin-mutants.test.ts.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: false },
  dryRunTimeoutMinutes: 20,
  // Each mutant runs only the tests that reach it.
  coverageAnalysis: 'perTest',
  // Mutants reached only while modules load (constants) would need every test; they are left out.
  ignoreStatic: true,
  mutate: [
    // Member app: the API client (errors, 401 handling, timeouts) and the offer-state rules.
    'member/src/lib/api-client.ts',
    'member/src/features/offers/offer-state.ts',
    // Admin console: offer form and voucher validation.
    'admin/src/offers/offer-form.ts',
    'admin/src/vouchers/voucher-rules.ts',
    // Server: the spin (the draw; its database rules are in rewards_spin.sql), postbacks and the
    // referral reward, member sessions.
    'server/spins/service.ts',
    'server/postbacks/conversions-service.ts',
    'server/referrals/repository.ts',
    'server/members/sessions-service.ts',
    'server/members/service.ts',
    // The admin forms' checks, one set of schemas for the server and the console (the contract), and
    // the fragments every admin list is built from (filters, search, whitelisted sorts, pages; the
    // list repositories combine them with constant SQL).
    'shared/contract/admin/form-fields.ts',
    'shared/contract/admin/offer-form.ts',
    'shared/contract/admin/voucher-form.ts',
    'server/db/admin/list-sql.ts',
  ],
  // Re-runs only mutants whose module or tests changed since the committed result.
  incremental: true,
  incrementalFile: 'tests/mutation/stryker-incremental.json',
  concurrency: 2,
  timeoutMS: 60_000,
  // The sandbox (a copy of the project) outside the working tree, where no lint or test run finds it.
  tempDirName: path.join(tmpdir(), 'rewards-stryker'),
  cleanTempDir: true,
  // Anchored at the root: an unanchored 'reports' also left out server/admin/reports/ (the console's lists).
  ignorePatterns: ['/dist', '/data', '/coverage', '/docs', '/tests/e2e', '/tests/reliability', '/reports'],
  reporters: ['clear-text', 'progress'],
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  thresholds: { high: 90, low: 85, break: null },
};
export default config;
