// The real app in this process (buildApp, as server.ts composes it) on a scratch PostgreSQL database,
// for the calls where `app.inject` lets thousands of generated requests run in seconds.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { emulatorIdToken } from '../../../server/demo/emulator';
import { REL_POSTBACK_SECRET, REL_SESSION_SECRET } from './db';

export async function inProcessApp(
  databaseUrl: string,
  emulatorHost: string,
): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openDatabase({ databaseUrl, poolMax: 10 });
  const config = loadConfig({
    NODE_ENV: 'test',
    POSTBACK_SECRET: REL_POSTBACK_SECRET,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    PUBLIC_URL: 'http://localhost:3000',
    MEMBER_LOGIN_RATE_LIMIT: '100000',
  });
  const app = await buildApp({ config, database, sessionSecret: REL_SESSION_SECRET, serveStatic: false });
  await app.ready();
  return { app, database };
}

let n = 0;
export function account(label: string) {
  const id = `${label}-${Date.now().toString(36)}-${(n++).toString(36)}`;
  return { sub: id, email: `${id}@example.com`, name: `Rel ${label}` };
}

/** A real emulator ID token for a new account. */
export const idTokenFor = (emulatorHost: string, label: string) =>
  emulatorIdToken(emulatorHost, account(label));
