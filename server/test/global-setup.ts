// Server suites sign members in with real Firebase Auth Emulator tokens: start one emulator for the run.
import { startAuthEmulator, type Emulator } from '../demo/emulator';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeEmulatorHost } from '../lib/free-port';

let emulator: Emulator | undefined;
let workDir: string | undefined;

export async function setup() {
  // An emulator of this run's own on free ports unless one is named; the test workers, started after
  // this, read the host from the environment (server/test/helpers.ts).
  process.env.TEST_EMULATOR_HOST ??= await freeEmulatorHost();
  workDir = mkdtempSync(path.join(tmpdir(), 'rewards-test-emulator-')); // its own firebase.json
  emulator = await startAuthEmulator(process.env.TEST_EMULATOR_HOST, 'demo-spinrewards', workDir);
}

export async function teardown() {
  emulator?.stop();
  if (!(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL)) {
    // Said at the end of the run, where it is read: a green run here did not test PostgreSQL.
    console.warn(
      [
        '',
        '!!! SKIPPED: no PostgreSQL configured (TEST_DATABASE_URL or DATABASE_URL), so this run left out:',
        '!!!   - every server suite on PostgreSQL (they ran on PGlite only);',
        '!!!   - server/test/concurrency.test.ts (real concurrent connections: spins, stock, postbacks);',
        '!!!   - server/test/network-concurrency.test.ts (one partner network postback and one replay, concurrently);',
        '!!!   - server/services/postbacks-races.test.ts (copies of one postback and an unblock, interleaved on purpose).',
        '!!! Run them: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:unit',
        '',
      ].join('\n'),
    );
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}
