// Server suites sign members in with real Firebase Auth Emulator tokens: start one emulator for the run.
import { startAuthEmulator, type Emulator } from '../demo/emulator';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const TEST_EMULATOR_HOST = process.env.TEST_EMULATOR_HOST ?? '127.0.0.1:9299';
let emulator: Emulator | undefined;

export async function setup() {
  emulator = await startAuthEmulator(
    TEST_EMULATOR_HOST,
    'demo-spinrewards',
    path.join(tmpdir(), 'rewards-test-emulator'),
  );
}

export async function teardown() {
  emulator?.stop();
}
