// The vitest projects StrykerJS runs (stryker.config.mjs): the root configuration's projects, each
// narrowed to the suites that test the mutated rule modules (a mutant runs only the tests that reach
// it, but the initial run covers every included file), the server suites on PGlite only (a second
// database kind would double every run and judges a mutant by the same tests), except POSTGRES_SUITES.
// MUTATION_PROJECTS narrows the projects further, e.g. MUTATION_PROJECTS=member,admin, and
// MUTATION_SUITES_MATCH the suites (those whose path contains one of the comma-separated texts), so a
// run on one module's mutants starts with only that module's suites, e.g.
// MUTATION_SUITES_MATCH=validation-rules,list-sql-rules for the admin validation and list fragments.
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import root from '../../vitest.config';

/** The suites of each project that test the rule modules listed in stryker.config.mjs. */
export const MUTATION_SUITES: Record<string, string[]> = {
  // The admin forms' schemas (shared/contract/admin/*-form.ts), run as the contract's own tests run them,
  // and their refusals field by field (each test loads the schemas afresh: their labels are read then).
  shared: ['shared/contract/contract.test.ts', 'shared/contract/admin/forms-refusals.test.ts'],
  member: [
    'member/src/lib/api-client.test.ts',
    'member/src/lib/api-client-rules.test.ts',
    'member/src/features/offers/offer-state.test.ts',
    'member/src/features/offers/components/offer-card.test.tsx',
  ],
  admin: [
    'admin/src/offers/offer-form.test.ts',
    'admin/src/offers/offer-form-rules.test.ts',
    'admin/src/vouchers/voucher-rules.test.ts',
    'admin/src/vouchers/voucher-rules-edges.test.ts',
    'admin/src/offers/prize-stock.test.ts',
  ],
  server: [
    'server/spins/service.test.ts',
    'server/spins/edges.test.ts',
    'server/spins/metrics.test.ts',
    'server/spins/direct.test.ts',
    'server/spins/session.test.ts',
    'server/spins/cache.test.ts',
    // The stock after a spin (afterSpin: a debt settled, an emptied amount out of the odds) and the
    // statements that carry waiting spins together.
    'server/spins/owed-vouchers.test.ts',
    'server/spins/queue.test.ts',
    // The spin refused before the questions are answered, or in an excluded state (RWELG, RWSEX).
    'server/fair-play/fair-play.test.ts',
    'server/members/sessions.test.ts',
    'server/members/sessions-rules.test.ts',
    'server/members/session-cache.test.ts',
    'server/members/users-rules.test.ts',
    'server/members/sign-in-evidence.test.ts',
    'server/referrals/referral-code.test.ts',
    'server/postbacks/edges.test.ts',
    'server/postbacks/flows.test.ts',
    'server/postbacks/log-rows.test.ts',
    'server/postbacks/reversal-flags.test.ts',
    'server/postbacks/conversion-rules.test.ts',
    'server/postbacks/native-route.test.ts',
    'server/members/route.test.ts',
    'server/members/one-round-trip.test.ts',
    'server/referrals/stats.test.ts',
    // The referral rewards held by risk, decided by an operator or by a reversal (referrals/repository.ts).
    'server/trust/trust.test.ts',
    'server/admin/reports/referral-decisions.test.ts',
    'server/admin/validation-rules.test.ts',
    'server/admin/offers/offer-networks.test.ts',
    'server/db/admin/list-sql-rules.test.ts',
    'server/postbacks/races.test.ts',
    // The members whose answers a postback or a review decision changed (memberChanged): dropped at once.
    'server/members/answers-cache.test.ts',
  ],
};

/**
 * Suites of what only concurrent connections reach (PGlite serves one): when TEST_DATABASE_URL or
 * DATABASE_URL is set they run on PostgreSQL, in a project of their own ('server-postgres', without the
 * Firebase emulator: they do not sign in); without it they are skipped like in any run.
 */
const POSTGRES_SUITES = ['server/postbacks/races.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

const wanted = (process.env.MUTATION_PROJECTS ?? Object.keys(MUTATION_SUITES).join(',')).split(',');
const suiteMatch = process.env.MUTATION_SUITES_MATCH?.split(',').filter(Boolean);
const suitesOf = (project: string) =>
  (MUTATION_SUITES[project] ?? []).filter((f) => !suiteMatch || suiteMatch.some((m) => f.includes(m)));
const projects = (root.test?.projects ?? []) as TestProjectInlineConfiguration[];
const nameOf = (p: TestProjectInlineConfiguration) =>
  typeof p.test?.name === 'object' ? p.test.name.label : (p.test?.name ?? '');

export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  test: {
    ...root.test,
    maxWorkers: 1,
    projects: projects
      .filter((p) => wanted.includes(nameOf(p)) && suitesOf(nameOf(p)).length)
      .flatMap((p) => {
        const suites = suitesOf(nameOf(p));
        const onPostgres = postgresUrl ? suites.filter((f) => POSTGRES_SUITES.includes(f)) : [];
        const rest = suites.filter((f) => !onPostgres.includes(f));
        return [
          ...(rest.length
            ? [
                {
                  ...p,
                  test: {
                    ...p.test,
                    include: rest,
                    env:
                      nameOf(p) === 'server'
                        ? { ...p.test?.env, TEST_DATABASE_URL: '', DATABASE_URL: '' }
                        : p.test?.env,
                  },
                },
              ]
            : []),
          ...(onPostgres.length
            ? [
                {
                  ...p,
                  test: { ...p.test, name: `${nameOf(p)}-postgres`, include: onPostgres, globalSetup: [] },
                },
              ]
            : []),
        ];
      }),
  },
});
