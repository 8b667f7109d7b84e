// `npm start`. With no configuration it runs the whole product in demo mode: embedded PGlite in
// ./data, the Firebase Auth Emulator as a child process, demo data on the first run, one port.
// With NODE_ENV=production it validates the configuration and only serves.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, DEMO_EMULATOR_HOST, loadConfig, type Config } from './config';
import { startAuthEmulator, type Emulator } from './demo/emulator';
import { describeHistory, seedDemo, seedFreshDemo } from './demo/seed';

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded(distDir: string) {
  const targets = [path.join(distDir, 'member', 'index.html'), path.join(distDir, 'admin', 'index.html')];
  const built = targets.every((t) => existsSync(t));
  const builtAt = built ? Math.min(...targets.map((t) => statSync(t).mtimeMs)) : 0;
  const sourcesAt = Math.max(
    ...['member', 'admin', 'shared', 'public', 'index.html', 'vite.config.ts'].map((p) =>
      existsSync(p) && statSync(p).isFile() ? statSync(p).mtimeMs : newestMtime(p),
    ),
  );
  if (built && builtAt >= sourcesAt) return;
  console.log('Building the member app and the admin console (first run or sources changed)...');
  const res = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error('Build failed: see the output above');
}

// performance.now() counts from the process's start: the first step is Node, tsx and the imports.
const phases: [string, number][] = [['node and imports', performance.now()]];
/** Times one step of the start ("ready in X s" lists the steps that took a noticeable share). */
async function timed<T>(name: string, step: () => T | Promise<T>): Promise<T> {
  const t = performance.now();
  try {
    return await step();
  } finally {
    phases.push([name, performance.now() - t]);
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`\n  Cannot start: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  let emulator: Emulator | null = null;
  // The emulator starts alongside the database and the app (its own process); the start waits for
  // both before it says "ready".
  let emulatorStarted: Promise<{ error: unknown } | null> = Promise.resolve(null);
  if (config.mode === 'demo') {
    if (!config.skipBuild) await timed('build check', () => buildIfNeeded(config.distDir));
    config.authEmulatorHost ??= DEMO_EMULATOR_HOST;
    config.postbackSecret ??= randomBytes(24).toString('hex');
    const host = config.authEmulatorHost;
    emulatorStarted = timed('auth emulator (alongside)', () =>
      startAuthEmulator(host, config.firebaseProjectId, path.join(config.dataDir, '.firebase-emulator')),
    ).then(
      (e) => {
        emulator = e;
        return null;
      },
      (error: unknown) => ({ error }),
    );
  }
  process.on('exit', () => emulator?.stop());

  // The demo's first run on PGlite writes its data and history before the server listens.
  const fresh =
    config.mode === 'demo' ? await timed('demo data (first run)', () => seedFreshDemo(config)) : null;
  const { installShutdown, startServer } = await timed('server modules', () => import('./server'));
  const server = await startServer(config, (name, ms) => phases.push([name, ms]));
  installShutdown(
    server.close,
    (m) => server.app.log.info(m),
    () => emulator?.stop(),
  );

  if (config.mode === 'demo') {
    const seed =
      fresh ??
      (await timed('demo seed check', () =>
        seedDemo(server.database.db, {
          adminUsername: config.demoAdmin.username,
          adminPassword: config.demoAdmin.password,
        }),
      ));
    const failed = await emulatorStarted;
    if (failed) {
      await server.close();
      throw failed.error;
    }
    const base = config.publicUrl;
    const lines = [
      '',
      '  SpinRewards is running (demo mode)',
      '',
      `  Member app:     ${base}/`,
      `  Admin console:  ${base}/admin/`,
      `  API health:     ${base}/api/health.php`,
      '',
      `  Database:       ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}${seed.seeded ? ' (demo data created)' : ''}`,
      ...(seed.history ? [`  Demo history:   ${describeHistory(seed.history)}`] : []),
      `  Auth emulator:  http://${config.authEmulatorHost}`,
    ];
    if (seed.admin?.created && seed.admin.password && !config.demoAdmin.password) {
      lines.push(
        '',
        `  Admin sign-in:  ${seed.admin.username} / ${seed.admin.password}   (shown once: note it now)`,
      );
    } else if (seed.admin) {
      lines.push(
        '',
        `  Admin sign-in:  ${seed.admin.username}${config.demoAdmin.password ? ' / (ADMIN_PASSWORD)' : ' (password printed on the first run; `npm run admin:create` makes another)'}`,
      );
    }
    lines.push('', `  Ready in ${readyIn()}`, '', '  Press Ctrl+C to stop.', '');
    console.log(lines.join('\n'));
  } else {
    server.app.log.info({ url: config.publicUrl, ready: readyIn() }, 'SpinRewards listening');
  }
}

function readyIn(): string {
  const total = performance.now() / 1000;
  const steps = phases.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)}`).join(', ');
  return `${total.toFixed(1)} s (${steps})`;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
