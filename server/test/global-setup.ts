// Server suites sign members in with real Firebase Auth Emulator tokens: start one emulator for the run,
// and migrate the databases each suite's own is copied from (server/test/database-templates.ts).
import { startAuthEmulator, type Emulator } from '../demo/emulator';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeEmulatorHost } from '../lib/free-port';
import {
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  POSTGRES_URL,
  createPostgresTemplate,
  dropPostgresDatabase,
  writePgliteTemplate,
} from './database-templates';

let emulator: Emulator | undefined;
let workDir: string | undefined;
let postgresTemplate: string | undefined;

export async function setup() {
  // An emulator of this run's own on free ports unless one is named; the test workers, started after
  // this, read the host from the environment (server/test/helpers.ts).
  process.env.TEST_EMULATOR_HOST ??= await freeEmulatorHost();
  workDir = mkdtempSync(path.join(tmpdir(), 'rewards-test-emulator-')); // its own firebase.json
  const started = startAuthEmulator(process.env.TEST_EMULATOR_HOST, 'demo-spinrewards', workDir);
  started.catch(() => {}); // awaited below; its failure is reported there
  try {
    // Each suite's database starts as a copy of one migrated here (server/test/database-templates.ts).
    const pgliteFile = path.join(workDir, 'pglite-template.tar');
    await writePgliteTemplate(pgliteFile);
    process.env[PGLITE_TEMPLATE_ENV] = pgliteFile;
    if (POSTGRES_URL) {
      postgresTemplate = await createPostgresTemplate(POSTGRES_URL);
      process.env[POSTGRES_TEMPLATE_ENV] = postgresTemplate;
    }
  } catch (error) {
    // A migration that fails stops the run here; the emulator must not outlive it.
    (await started.catch(() => undefined))?.stop();
    throw error;
  }
  emulator = await started;
}

export async function teardown() {
  emulator?.stop();
  if (postgresTemplate) await dropPostgresDatabase(POSTGRES_URL, postgresTemplate);
  if (!POSTGRES_URL) {
    // Said at the end of the run, where it is read: a green run here did not test PostgreSQL.
    console.warn(
      [
        '',
        '!!! SKIPPED: no PostgreSQL configured (TEST_DATABASE_URL or DATABASE_URL), so this run left out:',
        '!!!   - every server suite on PostgreSQL (they ran on PGlite only);',
        '!!!   - server/test/concurrency.test.ts (real concurrent connections: spins, stock, postbacks);',
        '!!!   - server/test/network-concurrency.test.ts (one partner network postback and one replay, concurrently);',
        '!!!   - server/postbacks/races.test.ts (copies of one postback and an unblock, interleaved on purpose).',
        '!!! Run them: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:unit',
        '',
      ].join('\n'),
    );
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}
