import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeEmulatorHost, freePort } from '../../server/lib/free-port';

// A suite's own server (same build, demo mode, its own data folder and Auth Emulator), for a suite
// that must set something the shared e2e server's suites must not see (a claim's minimum age, the hold
// policy, PostgreSQL). Started as `npm start` starts it; stopped with its whole process group.

export interface OwnServer {
  baseUrl: string;
  emulatorHost: string;
  stop(): Promise<void>;
}

export async function startOwnServer(opts: {
  /** Names the data folder and the errors ('claims', 'trust', …). */
  label: string;
  admin: { username: string; password: string };
  /** More settings (POSTBACK_SECRET, CLAIM_MIN_AGE_MINUTES, DATABASE_URL, …). */
  env?: Record<string, string>;
  healthyWithinMs?: number;
}): Promise<OwnServer> {
  const port = await freePort();
  const emulatorHost = await freeEmulatorHost();
  const dataDir = mkdtempSync(path.join(tmpdir(), `rewards-e2e-${opts.label}-`));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      ADMIN_USERNAME: opts.admin.username,
      ADMIN_PASSWORD: opts.admin.password,
      POSTBACK_SECRET: `e2e-${opts.label}-postback-secret`,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The build is the suite run's (npm run build first): never rebuilt here.
      SKIP_BUILD: '1',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    if (server.pid) {
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
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + (opts.healthyWithinMs ?? 150_000);
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`${opts.label} server exited with ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health.php`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${opts.label} server did not become healthy in time`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseUrl, emulatorHost, stop };
}
