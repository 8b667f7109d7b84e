// Test helpers: a fresh database per test file (PGlite in memory, or a throwaway PostgreSQL database
// when TEST_DATABASE_URL / DATABASE_URL is set), the real app via buildApp, and real emulator tokens.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { migrate, openDatabase, type Database } from '../db/client';
import { emulatorIdToken } from '../demo/emulator';

export const TEST_EMULATOR_HOST = process.env.TEST_EMULATOR_HOST ?? '127.0.0.1:9299';
export const TEST_POSTBACK_SECRET = 'test-postback-secret-0123456789';
export const TEST_SESSION_SECRET = 'test-session-secret';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';

/** The database kinds every server suite runs on: PGlite always, PostgreSQL when configured. */
export const DATABASE_KINDS: ('pglite' | 'postgres')[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: 'pglite' | 'postgres', poolMax = 10): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database.db);
    return { database, drop: () => database.close() };
  }
  const name = `rewards_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`); // name is generated here, never user input
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax });
  await migrate(database.db);
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    POSTBACK_SECRET: TEST_POSTBACK_SECRET,
    FIREBASE_AUTH_EMULATOR_HOST: TEST_EMULATOR_HOST,
    PUBLIC_URL: 'http://localhost:3000',
  });
  return { ...config, ...overrides };
}

export async function createTestApp(database: Database, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    sessionSecret: TEST_SESSION_SECRET,
    serveStatic: false,
  });
  await app.ready();
  return app;
}

export function cookieFrom(res: LightMyRequestResponse, name: string): string {
  const c = res.cookies.find((k) => k.name === name);
  if (!c) throw new Error(`no ${name} cookie in response (${res.statusCode}: ${res.body})`);
  return `${name}=${c.value}`;
}

let accountCounter = 0;
export function newAccount(label = 'member') {
  const id = `${label}-${Date.now().toString(36)}-${(accountCounter++).toString(36)}-${randomBytes(3).toString('hex')}`;
  return { sub: id, email: `${id}@example.com`, name: `Test ${label.charAt(0).toUpperCase()}${label.slice(1)}` };
}

export interface SignedInMember {
  cookie: string;
  userId: number;
  referralCode: string;
  body: Record<string, unknown>;
}

/** Signs in through the real emulator and the real login call. */
export async function signIn(
  app: FastifyInstance,
  account = newAccount(),
  extra: { referralCode?: string; deviceFingerprint?: string } = {},
): Promise<SignedInMember> {
  const idToken = await emulatorIdToken(TEST_EMULATOR_HOST, account);
  const res = await app.inject({ method: 'POST', url: '/api/firebase-auth.php', payload: { idToken, ...extra } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed ${res.statusCode}: ${res.body}`);
  const body = res.json();
  return { cookie: cookieFrom(res, 'sid'), userId: body.user.user_id, referralCode: body.user.referral_code, body };
}
