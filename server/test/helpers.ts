// Test helpers: a fresh database per test file (PGlite in memory, or a throwaway PostgreSQL database
// when TEST_DATABASE_URL / DATABASE_URL is set), the real app via buildApp, and real emulator tokens.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { migrate, openDatabase, type Database } from '../db/client';
import { emulatorIdToken } from '../demo/emulator';
import type { Db } from '../db/client';
import { offers, vouchers } from '../db/schema';
import { signPostback } from '../postbacks/conversions-service';
import {
  POSTGRES_TEMPLATE_ENV,
  POSTGRES_URL,
  createPostgresDatabase,
  databaseUrl,
  dropPostgresDatabase,
  pgliteTemplate,
} from './database-templates';

export const TEST_EMULATOR_HOST = process.env.TEST_EMULATOR_HOST ?? '127.0.0.1:9299';
export const TEST_POSTBACK_SECRET = 'test-postback-secret-0123456789';
export const TEST_SESSION_SECRET = 'test-session-secret';

export { POSTGRES_URL };

/** The database kinds every server suite runs on: PGlite always, PostgreSQL when configured. */
export const DATABASE_KINDS: ('pglite' | 'postgres')[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: 'pglite' | 'postgres', poolMax = 10): Promise<TestDatabase> {
  if (kind === 'pglite') {
    // A copy of the run's migrated template when there is one (server/test/database-templates.ts).
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplate() });
    await migrate(database.db);
    return { database, drop: () => database.close() };
  }
  const name = `rewards_test_${randomBytes(6).toString('hex')}`;
  await createPostgresDatabase(POSTGRES_URL, name, process.env[POSTGRES_TEMPLATE_ENV]);
  // Suites queue hundreds of requests on a small pool while other suites load the machine: let them wait.
  const database = await openDatabase({
    databaseUrl: databaseUrl(POSTGRES_URL, name),
    poolMax,
    connectionTimeoutMs: 60_000,
  });
  await migrate(database.db);
  return {
    database,
    drop: async () => {
      await database.close();
      await dropPostgresDatabase(POSTGRES_URL, name);
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    POSTBACK_SECRET: TEST_POSTBACK_SECRET,
    FIREBASE_AUTH_EMULATOR_HOST: TEST_EMULATOR_HOST,
    PUBLIC_URL: 'http://localhost:3000',
    MEMBER_LOGIN_RATE_LIMIT: '100000',
  });
  return { ...config, ...overrides };
}

export async function createTestApp(
  database: Database,
  overrides: Partial<Config> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    sessionSecret: TEST_SESSION_SECRET,
    serveStatic: false,
  });
  await app.ready();
  return app;
}

export interface SuiteApp {
  app: FastifyInstance;
  db: Db;
  /** The database itself, for a suite that builds a second app over it. */
  database: Database;
}

/**
 * The setup the suites share, for the suite it is called in: before its tests, a fresh database of
 * `kind` and the app over it, handed to `ready` (which signs in or seeds as the suite needs); after
 * them, the app closed and the database dropped. `options` set the app's configuration and the pool size.
 */
export function testAppPerSuite(
  kind: 'pglite' | 'postgres',
  ready: (setup: SuiteApp) => Promise<void> | void,
  options: { config?: Partial<Config>; poolMax?: number } = {},
): void {
  let tdb: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind, options.poolMax);
    app = await createTestApp(tdb.database, options.config);
    await ready({ app, db: tdb.database.db, database: tdb.database });
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });
}

export function cookieFrom(res: LightMyRequestResponse, name: string): string {
  const c = res.cookies.find((k) => k.name === name);
  if (!c) throw new Error(`no ${name} cookie in response (${res.statusCode}: ${res.body})`);
  return `${name}=${c.value}`;
}

let accountCounter = 0;
/** Whether the Auth Emulator still has the Firebase account `uid` (an Admin SDK deletion removes it). */
export async function emulatorHasAccount(uid: string): Promise<boolean> {
  const res = await fetch(
    `http://${TEST_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/demo-spinrewards/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  const body = (await res.json()) as { users?: unknown[] };
  return (body.users ?? []).length > 0;
}

export function newAccount(label = 'member') {
  const id = `${label}-${Date.now().toString(36)}-${(accountCounter++).toString(36)}-${randomBytes(3).toString('hex')}`;
  return {
    sub: id,
    email: `${id}@example.com`,
    name: `Test ${label.charAt(0).toUpperCase()}${label.slice(1)}`,
  };
}

export interface SignedInMember {
  cookie: string;
  userId: number;
  referralCode: string;
  body: Record<string, unknown>;
}

/**
 * Signs in through the real emulator and the real login call. A new member then answers the first
 * sign-in's questions (18 or older, Karnataka, the terms) as the app asks them to, since spins are
 * refused until they have; `answer: false` leaves them unanswered.
 */
export async function signIn(
  app: FastifyInstance,
  account = newAccount(),
  extra: { referralCode?: string; deviceFingerprint?: string; answer?: boolean } = {},
): Promise<SignedInMember> {
  const { answer = true, ...login } = extra;
  const idToken = await emulatorIdToken(TEST_EMULATOR_HOST, account);
  const res = await app.inject({
    method: 'POST',
    url: '/api/firebase-auth.php',
    payload: { idToken, ...login },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed ${res.statusCode}: ${res.body}`);
  const body = res.json();
  const cookie = cookieFrom(res, 'sid');
  if (answer) await answerEligibility(app, cookie);
  return {
    cookie,
    userId: body.user.user_id,
    referralCode: body.user.referral_code,
    body,
  };
}

/** The first sign-in's questions answered through the API: 18 or older, Karnataka, the terms accepted. */
export async function answerEligibility(app: FastifyInstance, cookie: string, state = 'KA'): Promise<void> {
  const asked = await app.inject({ method: 'GET', url: '/api/eligibility.php', headers: { cookie } });
  const { eligibility } = asked.json() as { eligibility: { needs: string | null; terms_version: string } };
  if (eligibility.needs !== 'eligibility') return;
  const res = await app.inject({
    method: 'POST',
    url: '/api/eligibility.php',
    headers: { cookie },
    payload: { adult: true, state, acceptTerms: true, termsVersion: eligibility.terms_version },
  });
  if (res.statusCode !== 200) throw new Error(`eligibility answer failed ${res.statusCode}: ${res.body}`);
}

/** A signed postback as the partner network sends it (GET with query parameters). */
export function signedPostbackUrl(params: Record<string, string>, secret = TEST_POSTBACK_SECRET): string {
  const sig = signPostback(params, secret);
  return `/api/postback.php?${new URLSearchParams({ ...params, sig }).toString()}`;
}

/** Clicks an offer as the member and returns the click id. */
export async function clickOffer(
  app: FastifyInstance,
  member: SignedInMember,
  offerId: number,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/click-offer.php',
    headers: { cookie: member.cookie },
    payload: { offerId },
  });
  if (res.statusCode !== 200) throw new Error(`click failed ${res.statusCode}: ${res.body}`);
  return res.json().clickId;
}

/** Click, then an approved postback: the member's offer is completed and ready to spin. */
export async function completeOffer(
  app: FastifyInstance,
  member: SignedInMember,
  offerId: number,
  status: 'approved' | 'pending' = 'approved',
): Promise<string> {
  const clickId = await clickOffer(app, member, offerId);
  const res = await app.inject({
    method: 'GET',
    url: signedPostbackUrl({
      click_id: clickId,
      transaction_id: `txn-${clickId}`,
      payout: '2.5000',
      currency: 'USD',
      status,
    }),
  });
  if (res.statusCode !== 200) throw new Error(`postback failed ${res.statusCode}: ${res.body}`);
  return clickId;
}

/** Inserts an offer directly (the admin API is not needed for member-side tests). */
export async function insertOffer(db: Db, values: Partial<typeof offers.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(offers)
    .values({
      title: 'Test offer',
      description: 'Do the thing',
      offerUrl: 'https://partner.example.com/go?cid={click_id}&u={user_id}',
      externalOfferId: `ext_${randomBytes(5).toString('hex')}`,
      network: 'testnet',
      category: 'Gaming',
      slotConfig: { reels: [{ amount: 10, probability: 50 }] },
      ...values,
    })
    .returning({ id: offers.id });
  return row!.id;
}

export async function insertVouchers(
  db: Db,
  amount: number,
  count: number,
  extra: Partial<typeof vouchers.$inferInsert> = {},
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    voucherCode: `V${amount}-${randomBytes(6).toString('hex')}-${i}`,
    voucherBrand: 'TestBrand',
    voucherAmount: amount,
    expiryDate: '2099-12-31',
    ...extra,
  }));
  if (rows.length) await db.insert(vouchers).values(rows);
}

/** An unsigned JWT shaped like a Firebase ID token, for the token-refusal tests. */
export function craftToken(payload: Record<string, unknown>): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({
    iss: 'https://securetoken.google.com/demo-spinrewards',
    aud: 'demo-spinrewards',
    auth_time: now,
    user_id: 'crafted-user',
    sub: 'crafted-user',
    iat: now,
    exp: now + 3600,
    email: 'crafted@example.com',
    firebase: { identities: {}, sign_in_provider: 'google.com' },
    ...payload,
  })}.`;
}

let decodedTokens = 0;
/**
 * A decoded Firebase ID token of a Google account with a verified email, as verifyIdToken hands it over
 * (a uid of its own, starting with `label`); `fields` replace or add claims.
 */
export function decodedGoogleToken(label: string, fields: Record<string, unknown> = {}): DecodedIdToken {
  const uid = `${label}-${Date.now().toString(36)}-${decodedTokens++}`;
  return {
    uid,
    sub: uid,
    aud: 'demo-spinrewards',
    iss: 'https://securetoken.google.com/demo-spinrewards',
    auth_time: 0,
    iat: 0,
    exp: 0,
    email: `${uid}@example.com`,
    email_verified: true,
    name: 'Test Member',
    firebase: { identities: {}, sign_in_provider: 'google.com' },
    ...fields,
  } as DecodedIdToken;
}
