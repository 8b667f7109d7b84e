// The real server as a separate process, started the way production starts it: `node --import tsx
// server/start.ts` with NODE_ENV=production and every required setting (docs/operations.md#configuration).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../server/lib/free-port';
import { REL_POSTBACK_SECRET, REL_SESSION_SECRET } from './db';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export { freePort };

/** The environment of a production process on this machine (no emulator: sessions are minted in the database). */
export function productionEnv(databaseUrl: string, port: number, extra: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FIREBASE_PROJECT_ID: 'demo-spinrewards',
    FIREBASE_WEB_CONFIG: JSON.stringify({
      apiKey: 'reliability-api-key',
      authDomain: 'demo-spinrewards.firebaseapp.com',
      projectId: 'demo-spinrewards',
    }),
    POSTBACK_SECRET: REL_POSTBACK_SECRET,
    SESSION_SECRET: REL_SESSION_SECRET,
    LOG_LEVEL: 'warn',
    ...extra,
  };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  delete env.TEST_DATABASE_URL;
  return env;
}

export class ServerProcess {
  child: ChildProcess | null = null;
  output = '';
  readonly url: string;

  constructor(
    readonly databaseUrl: string,
    readonly port: number,
    private readonly extraEnv: Record<string, string> = {},
    /** Another entry point and a whole environment (the bench's PGlite server). */
    private readonly custom?: { entry: string; env: NodeJS.ProcessEnv },
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Embedded PGlite in `dataDir`: not a production configuration, so a small entry of the bench's. */
  static async startPglite(dataDir: string): Promise<ServerProcess> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...productionEnv('', port),
      NODE_ENV: 'development',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
    };
    const s = new ServerProcess('', port, {}, { entry: 'tooling/bench/serve-pglite.ts', env });
    await s.spawn();
    return s;
  }

  static async start(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
    const s = new ServerProcess(databaseUrl, await freePort(), extraEnv);
    await s.spawn();
    return s;
  }

  /** Resident memory of the process now, in bytes (Linux /proc). */
  rss(): number {
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+) kB/.exec(status);
      return kb ? Number(kb[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  /** Starts the process and waits until readiness (`/api/health.php`) answers 200. */
  async spawn(timeoutMs = 60_000): Promise<void> {
    this.output = '';
    // SERVER_NODE_ARGS: extra Node.js flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
    const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(
      process.execPath,
      [...nodeArgs, '--import', 'tsx', this.custom?.entry ?? 'server/start.ts'],
      {
        cwd: ROOT,
        env: this.custom?.env ?? productionEnv(this.databaseUrl, this.port, this.extraEnv),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    const keep = (d: Buffer) => (this.output = (this.output + d.toString()).slice(-8000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${this.output}`);
      if (await this.ready()) return;
      if (Date.now() > deadline) throw new Error(`server not ready in ${timeoutMs} ms:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async ready(): Promise<boolean> {
    try {
      const res = await fetch(`${this.url}/api/health.php`, { signal: AbortSignal.timeout(2000) });
      return res.status === 200;
    } catch {
      return false;
    }
  }

  /** SIGKILL: no graceful close, in-flight transactions are cut off where they stand. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, the graceful way; SIGKILL after 10 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(t);
  }
}
