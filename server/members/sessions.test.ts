// Session lifetimes: the admin idle timeout, the rolling member session and the
// purge of expired rows, on PGlite and PostgreSQL.
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS, createTestApp, newAccount, signIn } from '../test/helpers';
import { sessions } from '../db/schema';
import type { Db } from '../db/client';
import { adminCookie, adminTestApp, client } from '../test/admin';
import { createSession, hashSessionId, purgeExpiredSessions, startSessionPurge } from './sessions-service';
import { TEST_SESSION_SECRET } from '../test/helpers';

const sidOf = (cookie: string) => cookie.split('=')[1]!;
const rowOf = async (db: Db, cookie: string) => {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, hashSessionId(TEST_SESSION_SECRET, sidOf(cookie))));
  return row;
};
/** Moves a session's activity (and optionally its end) back or forth, as if time had passed. */
const shift = (db: Db, cookie: string, set: Partial<{ lastSeenAt: Date; expiresAt: Date }>) =>
  db
    .update(sessions)
    .set(set)
    .where(eq(sessions.idHash, hashSessionId(TEST_SESSION_SECRET, sidOf(cookie))));
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const daysFromNow = (d: number) => new Date(Date.now() + d * 86_400_000);

describe.each(DATABASE_KINDS)('session lifetimes on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  adminTestApp(kind, (setup) => {
    ({ app, db } = setup);
  });

  it('an admin session left idle for 30 minutes is over; the next call is 401', async () => {
    const cookie = await adminCookie(app);
    expect((await client(app, cookie).get('/api/admin/dashboard.php')).statusCode).toBe(200);
    await shift(db, cookie, { lastSeenAt: minutesAgo(31) });
    const res = await client(app, cookie).get('/api/admin/dashboard.php');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      error: 'Your admin session has expired. Please sign in again.',
    });
  });

  it('each admin call is activity: 25 idle minutes, a call, 25 more, and the session is still live', async () => {
    const cookie = await adminCookie(app);
    await shift(db, cookie, { lastSeenAt: minutesAgo(25) });
    expect((await client(app, cookie).get('/api/admin/users.php')).statusCode).toBe(200);
    const seen = (await rowOf(db, cookie))!.lastSeenAt.getTime();
    expect(seen).toBeGreaterThan(minutesAgo(5).getTime());
    // 25 minutes after that call: 50 since sign-in, 25 since the last activity.
    await shift(db, cookie, { lastSeenAt: minutesAgo(25) });
    expect((await client(app, cookie).get('/api/admin/users.php')).statusCode).toBe(200);
  });

  it("the console's background refresh does not count as activity", async () => {
    const cookie = await adminCookie(app);
    await shift(db, cookie, { lastSeenAt: minutesAgo(20) });
    const bg = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard.php',
      headers: { cookie, 'x-background-refresh': '1' },
    });
    expect(bg.statusCode).toBe(200);
    expect((await rowOf(db, cookie))!.lastSeenAt.getTime()).toBeLessThan(minutesAgo(19).getTime());
    await shift(db, cookie, { lastSeenAt: minutesAgo(31) });
    const after = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard.php',
      headers: { cookie, 'x-background-refresh': '1' },
    });
    expect(after.statusCode).toBe(401);
  });

  it('an admin session ends 12 hours after sign-in however active it is', async () => {
    const cookie = await adminCookie(app);
    await shift(db, cookie, { expiresAt: minutesAgo(1) });
    expect((await client(app, cookie).get('/api/admin/dashboard.php')).statusCode).toBe(401);
  });

  it('a member session used after a day moves its end 30 days ahead, cookie included', async () => {
    const member = await signIn(app, newAccount('rolling'));
    // As if the member signed in 20 days ago and has not been back since.
    await shift(db, member.cookie, { expiresAt: daysFromNow(10) });
    const res = await app.inject({
      method: 'GET',
      url: '/api/user-stats.php',
      headers: { cookie: member.cookie },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.value).toBe(sidOf(member.cookie));
    expect(cookie.httpOnly).toBe(true);
    const cookieDays = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(cookieDays).toBeGreaterThan(29.9);
    expect(cookieDays).toBeLessThanOrEqual(30);
    const rowDays = ((await rowOf(db, member.cookie))!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(rowDays).toBeGreaterThan(29.9);
    // Used again right away: nothing is due, no cookie is sent, the end stays put.
    const again = await app.inject({
      method: 'GET',
      url: '/api/user-stats.php',
      headers: { cookie: member.cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('a member session not used for 30 days is over', async () => {
    const member = await signIn(app, newAccount('lapsed'));
    await shift(db, member.cookie, { expiresAt: minutesAgo(1) });
    const res = await app.inject({
      method: 'GET',
      url: '/api/user-stats.php',
      headers: { cookie: member.cookie },
    });
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('the purge deletes expired and idle sessions, and only those', async () => {
    const member = await signIn(app, newAccount('purge'));
    const live = await adminCookie(app);
    const expired = await createSession(
      db,
      TEST_SESSION_SECRET,
      { kind: 'member', userId: member.userId },
      -1,
    );
    const idle = await adminCookie(app);
    await shift(db, idle, { lastSeenAt: minutesAgo(31) });
    const memberIdle = await createSession(
      db,
      TEST_SESSION_SECRET,
      { kind: 'member', userId: member.userId },
      86_400_000,
    );
    await shift(db, `sid=${memberIdle.sid}`, { lastSeenAt: minutesAgo(600) });

    expect(await purgeExpiredSessions(db)).toBeGreaterThanOrEqual(2);
    expect(await rowOf(db, `sid=${expired.sid}`)).toBeUndefined();
    expect(await rowOf(db, idle)).toBeUndefined();
    // A member's session has no idle limit of 30 minutes: it lives until its end.
    expect(await rowOf(db, `sid=${memberIdle.sid}`)).toBeDefined();
    expect(await rowOf(db, member.cookie)).toBeDefined();
    expect(await rowOf(db, live)).toBeDefined();
    expect((await client(app, live).get('/api/admin/dashboard.php')).statusCode).toBe(200);
  });

  it('the periodic purge keeps deleting expired sessions until stopped', async () => {
    const member = await signIn(app, newAccount('periodic'));
    const stop = startSessionPurge(db, { intervalMs: 50 });
    try {
      const later = await createSession(
        db,
        TEST_SESSION_SECRET,
        { kind: 'member', userId: member.userId },
        -1,
      );
      await vi.waitFor(
        async () => {
          expect(await rowOf(db, `sid=${later.sid}`)).toBeUndefined();
        },
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      await stop();
    }
  });

  it('a server process purges expired sessions when it starts', async () => {
    const member = await signIn(app, newAccount('boot'));
    const stale = await createSession(db, TEST_SESSION_SECRET, { kind: 'member', userId: member.userId }, -1);
    expect(await rowOf(db, `sid=${stale.sid}`)).toBeDefined();
    // A second app over the same database, as a second process would start.
    const second = await createTestApp({ db, kind, close: async () => {} });
    try {
      await vi.waitFor(
        async () => {
          expect(await rowOf(db, `sid=${stale.sid}`)).toBeUndefined();
        },
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      await second.close();
    }
  });
});
