// Bursts of concurrent admin sign-ins. Every password check is counted (a spy on
// verifyPassword); on PostgreSQL the requests run on a pool of real parallel connections.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { DATABASE_KINDS, testAppPerSuite } from '../../test/helpers';
import type { Db } from '../../db/client';
import { adminLoginAttempts } from '../../db/schema';
import { MAX_FAILURES_PER_IP, MAX_FAILURES_PER_USERNAME, PAIR_FREE_FAILURES } from './service';
import { adminLogin, createAdmin } from '../../test/admin';

const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/password')>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      checks.count++;
      return real.verifyPassword(password, stored);
    },
  };
});

const BURST = 200;

describe.each(DATABASE_KINDS)('concurrent admin sign-in bursts on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(
    kind,
    async (s) => {
      app = s.app;
      db = s.db;
      await createAdmin(db, 'target', 'target-password');
    },
    { poolMax: 20 },
  );
  beforeEach(async () => {
    await db.delete(adminLoginAttempts);
    checks.count = 0;
  });

  const burst = (attempt: (i: number) => Promise<{ statusCode: number }>) =>
    Promise.all(Array.from({ length: BURST }, (_, i) => attempt(i).then((r) => r.statusCode)));
  const recorded = async (username: string) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminLoginAttempts)
      .where(eq(adminLoginAttempts.username, username));
    return Number(row!.n);
  };

  it(`${BURST} concurrent guesses at one username from ${BURST} addresses: at most ${MAX_FAILURES_PER_USERNAME} passwords checked`, async () => {
    const statuses = await burst((i) =>
      adminLogin(app, 'target', `guess-${i}`, `10.50.${i >> 8}.${i & 255}`),
    );
    expect(checks.count).toBeLessThanOrEqual(MAX_FAILURES_PER_USERNAME);
    expect(statuses.filter((s) => s === 401)).toHaveLength(checks.count);
    expect(statuses.filter((s) => s === 429)).toHaveLength(BURST - checks.count);
    expect(await recorded('target')).toBeLessThanOrEqual(MAX_FAILURES_PER_USERNAME);
  });

  it(`${BURST} concurrent guesses at one username from one address: at most ${PAIR_FREE_FAILURES} passwords checked`, async () => {
    const statuses = await burst((i) => adminLogin(app, 'target', `guess-${i}`, '10.51.0.1'));
    expect(checks.count).toBeLessThanOrEqual(PAIR_FREE_FAILURES);
    expect(statuses.filter((s) => s === 401)).toHaveLength(checks.count);
    expect(await recorded('target')).toBeLessThanOrEqual(PAIR_FREE_FAILURES);
  });

  it(`${BURST} concurrent guesses at ${BURST} usernames from one address: at most ${MAX_FAILURES_PER_IP} passwords checked`, async () => {
    const statuses = await burst((i) => adminLogin(app, `user-${i}`, 'guess', '10.52.0.1'));
    expect(checks.count).toBeLessThanOrEqual(MAX_FAILURES_PER_IP);
    expect(statuses.filter((s) => s === 401)).toHaveLength(checks.count);
    expect(statuses.filter((s) => s === 429)).toHaveLength(BURST - checks.count);
  });

  it('a burst with the right password among the guesses: the administrator from a known address still signs in', async () => {
    expect((await adminLogin(app, 'target', 'target-password', '10.53.0.1')).statusCode).toBe(200);
    checks.count = 0;
    const [statuses, own] = await Promise.all([
      burst((i) => adminLogin(app, 'target', `guess-${i}`, `10.54.${i >> 8}.${i & 255}`)),
      adminLogin(app, 'target', 'target-password', '10.53.0.1'),
    ]);
    expect(own.statusCode).toBe(200);
    // The guesses and the one right sign-in: no more checks than the limit allows, plus that one.
    expect(checks.count).toBeLessThanOrEqual(MAX_FAILURES_PER_USERNAME + 1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(0);
  });
});
