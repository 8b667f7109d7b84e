// The member calls that check the session inside their own statement (offers.php, slot-spin.php,
// user-stats.php, referral-stats.php; docs/decisions/one-round-trip-per-member-call.md) answer as
// app.requireMember made them answer: the session first, then the request; a block or a sign-out
// applies to the very next call; a rolling session is renewed on every kind of answer. And the spin's
// slot config, which the server keeps per process, is never used stale.
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  DATABASE_KINDS,
  TEST_SESSION_SECRET,
  completeOffer,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';
import type { Db } from '../db/client';
import { offers, sessions, users } from '../db/schema';
import { hashSessionId } from './sessions-service';
import { BLOCKED_MESSAGE } from '../lib/errors';

vi.mock('node:crypto', (original) =>
  import('../test/fixed-draw').then((m) => m.cryptoWithFixedDraw(original)),
);

const MEMBER_CALLS = [
  ['GET', '/api/offers.php'],
  ['GET', '/api/user-stats.php'],
  ['GET', '/api/referral-stats.php'],
  ['POST', '/api/slot-spin.php'],
] as const;

describe.each(DATABASE_KINDS)('member calls in one round trip on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(method === 'POST' ? { payload: (payload ?? { spinType: 'free' }) as object } : {}),
    });
  const sessionRow = (m: SignedInMember) =>
    eq(sessions.idHash, hashSessionId(TEST_SESSION_SECRET, m.cookie.split('=')[1]!));
  const sidCookie = (res: { cookies: { name: string; value: string; expires?: Date }[] }) =>
    res.cookies.find((c) => c.name === 'sid');

  it('no cookie, an unknown cookie, an ended session and a blocked member: 401, 401, 401, 403 on every call', async () => {
    const m = await signIn(app, newAccount('verdicts'));
    const blocked = await signIn(app, newAccount('verdicts-blocked'));
    await db.update(users).set({ isSuspicious: true }).where(eq(users.id, blocked.userId));
    const ended = await signIn(app, newAccount('verdicts-ended'));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(sessionRow(ended));
    for (const [method, url] of MEMBER_CALLS) {
      expect((await call(method, url)).json(), url).toEqual({
        success: false,
        error: 'Please sign in to continue.',
      });
      for (const cookie of ['sid=not-a-session', ended.cookie]) {
        const res = await call(method, url, cookie);
        expect(res.statusCode, url).toBe(401);
        expect(res.json().error).toBe('Your session has expired. Please sign in again.');
      }
      const res = await call(method, url, blocked.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe(BLOCKED_MESSAGE);
      // A live session still answers.
      expect((await call(method, url, m.cookie)).statusCode, url).not.toBe(401);
    }
  });

  it('a sign-out or a block applies to the very next call', async () => {
    const m = await signIn(app, newAccount('next-call'));
    expect((await call('GET', '/api/offers.php', m.cookie)).statusCode).toBe(200);
    // Blocked straight in the database, as another process would: refused once this process has heard it
    // (through the admin API, on the very next call: member-cache.test.ts).
    await db.update(users).set({ isSuspicious: true }).where(eq(users.id, m.userId));
    await app.memberAnswers.sync(db);
    expect((await call('GET', '/api/offers.php', m.cookie)).statusCode).toBe(403);
    await db.update(users).set({ isSuspicious: false }).where(eq(users.id, m.userId));
    await app.memberAnswers.sync(db);
    expect((await call('GET', '/api/user-stats.php', m.cookie)).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/logout.php', headers: { cookie: m.cookie } });
    for (const [method, url] of MEMBER_CALLS)
      expect((await call(method, url, m.cookie)).statusCode).toBe(401);
  });

  it('a request refused for its body still gets the session answer first', async () => {
    const m = await signIn(app, newAccount('body-order'));
    const blocked = await signIn(app, newAccount('body-order-blocked'));
    await db.update(users).set({ isSuspicious: true }).where(eq(users.id, blocked.userId));
    const bad = { spinType: 'bonus' };
    expect((await call('POST', '/api/slot-spin.php', 'sid=not-a-session', bad)).statusCode).toBe(401);
    expect((await call('POST', '/api/slot-spin.php', blocked.cookie, bad)).statusCode).toBe(403);
    const res = await call('POST', '/api/slot-spin.php', m.cookie, bad);
    expect(res.statusCode).toBe(400);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/slot-spin.php',
      headers: { cookie: 'sid=not-a-session', 'content-type': 'application/json' },
      payload: '{"spinType":',
    });
    expect(malformed.statusCode).toBe(401);
  });

  it('a session due for renewal is renewed by every call, a refused spin included', async () => {
    for (const [method, url] of MEMBER_CALLS) {
      const m = await signIn(app, newAccount('renew'));
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 5 * 86_400_000) })
        .where(sessionRow(m));
      // The spin is refused (no free spin), the others answer 200: each carries the renewed cookie.
      const res = await call(method, url, m.cookie);
      expect(res.statusCode, url).toBe(method === 'POST' ? 409 : 200);
      const cookie = sidCookie(res);
      expect(cookie?.value, url).toBe(m.cookie.split('=')[1]);
      expect((cookie!.expires!.getTime() - Date.now()) / 86_400_000, url).toBeGreaterThan(29.9);
      const [row] = await db.select().from(sessions).where(sessionRow(m));
      expect((row!.expiresAt.getTime() - Date.now()) / 86_400_000, url).toBeGreaterThan(29.9);
      // Nothing due right after: no cookie.
      expect(sidCookie(await call(method, url, m.cookie)), url).toBeUndefined();
    }
  });

  it('a call checked before its handler (click-offer.php) renews a due session, and only a due one', async () => {
    const offerId = await insertOffer(db, {});
    const m = await signIn(app, newAccount('renew-click'));
    const click = () => call('POST', '/api/click-offer.php', m.cookie, { offerId });
    // Half a day after the last renewal nothing is due yet (the step is a day): the end stays put.
    const notDue = new Date(Date.now() + 29.5 * 86_400_000);
    await db.update(sessions).set({ expiresAt: notDue }).where(sessionRow(m));
    const quiet = await click();
    expect(quiet.statusCode).toBe(200);
    expect(sidCookie(quiet)).toBeUndefined();
    const [kept] = await db.select().from(sessions).where(sessionRow(m));
    expect(kept!.expiresAt.getTime()).toBe(notDue.getTime());
    // Past the renewal step: the answer carries the renewed cookie, and the row's end moved with it.
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 5 * 86_400_000) })
      .where(sessionRow(m));
    const renewed = await click();
    expect(renewed.statusCode).toBe(200);
    expect(sidCookie(renewed)?.value).toBe(m.cookie.split('=')[1]);
    expect((sidCookie(renewed)!.expires!.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
    const [row] = await db.select().from(sessions).where(sessionRow(m));
    expect((row!.expiresAt.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
  });

  it('an offer spin draws from the slot config the offer has at that moment, whoever changed it', async () => {
    await insertVouchers(db, 41, 2, { expiryDate: '2099-01-01' });
    await insertVouchers(db, 43, 2, { expiryDate: '2099-01-01' });
    const offerId = await insertOffer(db, { slotConfig: { reels: [{ amount: 41, probability: 100 }] } });
    const first = await signIn(app, newAccount('config-first'));
    await completeOffer(app, first, offerId);
    const a = await call('POST', '/api/slot-spin.php', first.cookie, { spinType: 'offer', offerId });
    expect(a.json().voucher).toMatchObject({ amount: 41 });
    // Changed behind this process's back (another server process, or by hand).
    await db
      .update(offers)
      .set({ slotConfig: { reels: [{ amount: 43, probability: 100 }] } })
      .where(eq(offers.id, offerId));
    const second = await signIn(app, newAccount('config-second'));
    await completeOffer(app, second, offerId);
    const b = await call('POST', '/api/slot-spin.php', second.cookie, { spinType: 'offer', offerId });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toMatchObject({ slotResult: [43, 43, 43], voucher: { amount: 43 } });
    // One spin recorded for the member, its completion spent once.
    const [spun] = await db
      .execute(sql`select count(*)::int as n from spins where user_id = ${second.userId}`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(Number(spun!.n)).toBe(1);
    expect(
      (await call('POST', '/api/slot-spin.php', second.cookie, { spinType: 'offer', offerId })).statusCode,
    ).toBe(409);
  });

  it('an offer spin of an offer that does not exist is 404 for a live session, 401 without one', async () => {
    const m = await signIn(app, newAccount('no-offer'));
    const body = { spinType: 'offer', offerId: 999_999 };
    const res = await call('POST', '/api/slot-spin.php', m.cookie, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Offer not found.');
    expect((await call('POST', '/api/slot-spin.php', 'sid=not-a-session', body)).statusCode).toBe(401);
  });
});
