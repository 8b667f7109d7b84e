import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freeEmulatorHost, freePort } from '../../server/lib/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminUsername: string;
    adminPassword: string;
    postbackSecret: string;
    emulatorHost: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  // Free ports unless named (E2E_PORT, E2E_EMULATOR_HOST): a run never collides with another.
  const PORT = Number(process.env.E2E_PORT ?? (await freePort()));
  const EMULATOR = process.env.E2E_EMULATOR_HOST ?? (await freeEmulatorHost());
  dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-e2e-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'e2e-admin-password',
    POSTBACK_SECRET: 'e2e-postback-secret',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  server = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://localhost:${PORT}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health.php`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in time');
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('adminUsername', env.ADMIN_USERNAME);
  project.provide('adminPassword', env.ADMIN_PASSWORD);
  project.provide('postbackSecret', env.POSTBACK_SECRET);
  project.provide('emulatorHost', EMULATOR);
}

export async function teardown() {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 1500));
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
