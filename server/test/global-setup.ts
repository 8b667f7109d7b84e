// Server suites sign members in with real Firebase Auth Emulator tokens: start one emulator for the run.
import { startAuthEmulator, type Emulator } from '../demo/emulator';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeEmulatorHost } from '../../tests/support/free-port';

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
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}
