// Boots the server: logger, database, migrations, listen, graceful close. Nothing else.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { configureAddressSignals } from './trust/ip-networks';
import type { Config } from './config';
import { migrate, openDatabase, type Database } from './db/client';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  close(): Promise<void>;
}

/**
 * Opens the database, migrates it, builds the app and listens. `phase` (the start's "ready in") is told
 * how long each step took.
 */
export async function startServer(
  config: Config,
  phase: (name: string, ms: number) => void = () => {},
): Promise<RunningServer> {
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    phase(name, now - t);
    t = now;
  };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.dbPoolMax,
  });
  lap('database open');
  await migrate(database.db);
  lap('migrations');
  // The address signals' tables (about 0.8 s, 18 MB), loaded now rather than at the first sign-in.
  configureAddressSignals(config.trustSignals).preload();
  lap('address signals');
  const app = await buildApp({
    config,
    database,
    sessionSecret: config.sessionSecret,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  });
  lap('app build');
  await app.listen({ port: config.port, host: config.host });
  lap('listen');
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
    })());
  return { app, database, url: `http://localhost:${port}`, close };
}

/** SIGINT/SIGTERM: finish in-flight requests, close the database, exit; a second signal forces it. */
export function installShutdown(close: () => Promise<void>, log: (msg: string) => void, extra?: () => void) {
  let signalled = false;
  const onSignal = (signal: string) => {
    if (signalled) process.exit(1);
    signalled = true;
    log(`${signal} received, shutting down`);
    extra?.();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}
