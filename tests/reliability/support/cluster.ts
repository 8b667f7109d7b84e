// A throwaway PostgreSQL cluster of the suite's own (initdb into a temporary folder, its own port),
// so that restarting PostgreSQL under load never touches the machine's shared server. PostgreSQL
// refuses to run as root: the cluster belongs to the `postgres` OS user when the suite runs as root.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  for (const v of readdirSync(root).sort().reverse()) {
    const dir = path.join(root, v, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(path.join(dir, b)))) return dir;
  }
  return null;
}

export function clusterUnavailableReason(): string | null {
  if (!binDir())
    return 'PostgreSQL server binaries (initdb, pg_ctl, postgres) not found under /usr/lib/postgresql';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres OS user to own the cluster';
    }
  }
  return null;
}

export class ThrowawayCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(cmd: string, args: string[]) {
    const full = path.join(this.bin, cmd);
    // No pipes: the postmaster that pg_ctl leaves behind would inherit them and keep the call waiting.
    const opts = { stdio: 'ignore' as const, timeout: 60_000 };
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], opts);
    else execFileSync(full, args, opts);
  }

  static create(port: number): ThrowawayCluster {
    const bin = binDir()!;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rewards-rel-pg-'));
    chmodSync(dir, 0o700);
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
    const c = new ThrowawayCluster(dir, port, bin);
    c.run('initdb', [
      '-D',
      path.join(dir, 'data'),
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    c.start();
    return c;
  }

  start() {
    this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=60`,
      'start',
    ]);
  }

  /** A fast restart: every connection is cut, in-flight transactions roll back. Asynchronous: the load goes on. */
  async restart() {
    const args = ['-D', path.join(this.dir, 'data'), '-w', '-m', 'fast', 'restart'];
    const full = path.join(this.bin, 'pg_ctl');
    const run = promisify(execFile);
    // pg_ctl's postmaster would inherit a pipe and keep the promise pending: send its output to a file.
    const wrapped = [
      '-c',
      `"${full}" ${args.map((a) => `'${a}'`).join(' ')} >> '${this.dir}/pg_ctl.out' 2>&1`,
    ];
    if (process.getuid?.() === 0)
      await run('runuser', ['-u', 'postgres', '--', 'sh', ...wrapped], { timeout: 60_000 });
    else await run('sh', wrapped, { timeout: 60_000 });
  }

  destroy() {
    try {
      this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-w', '-m', 'immediate', 'stop']);
    } catch {
      /* already stopped */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
