// Starts one Firebase Auth Emulator for the run (sign-in through the real login call), checks that a
// PostgreSQL server is configured, and prints the run's summary line at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator, type Emulator } from '../../server/demo/emulator';
import { readSummary } from './support/report';
import { freeEmulatorHost } from '../../server/lib/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    emulatorHost: string;
    reportDir: string;
  }
}

let emulator: Emulator | undefined;
let emulatorDir: string | undefined;
let reportDir: string | undefined;

export async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!postgresUrl) {
    throw new Error(
      'The reliability suite runs on PostgreSQL: set TEST_DATABASE_URL (or DATABASE_URL), e.g. ' +
        'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:reliability',
    );
  }
  // An emulator of the run's own on free ports (REL_EMULATOR_HOST names another), in its own folder.
  const emulatorHost = process.env.REL_EMULATOR_HOST ?? (await freeEmulatorHost());
  emulatorDir = mkdtempSync(path.join(tmpdir(), 'rewards-reliability-emulator-'));
  emulator = await startAuthEmulator(emulatorHost, 'demo-spinrewards', emulatorDir);
  reportDir = mkdtempSync(path.join(tmpdir(), 'rewards-reliability-report-'));
  project.provide('postgresUrl', postgresUrl);
  project.provide('emulatorHost', emulatorHost);
  project.provide('reportDir', reportDir);
}

export async function teardown() {
  emulator?.stop();
  if (emulatorDir) rmSync(emulatorDir, { recursive: true, force: true });
  if (!reportDir) return;
  const s = readSummary(reportDir);
  const n = (x: number) => x.toLocaleString('en-US');
  console.log('');
  for (const line of s.lines) console.log(`  ${line}`);
  console.log(
    `\nreliability: ${n(s.scenarios)} scenarios (${n(s.attacks)} attacks), ${n(s.requests)} requests, ${n(s.checks)} invariant checks, ` +
      `${n(s.violations)} invariant violations${s.skipped.length ? `, skipped: ${s.skipped.join('; ')}` : ''}\n`,
  );
  rmSync(reportDir, { recursive: true, force: true });
}
