// Attacks on input and business rules: each test performs the attack from outside (HTTP calls through
// the real app) and checks what a caller or an operator would notice. On PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  DATABASE_KINDS,
  clickOffer,
  createTestApp,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn,
  signedPostbackUrl,
  testAppPerSuite,
} from './helpers';
import type { Database } from '../db/client';
import { RECEIVER_LIMITS as POSTBACK_LIMITS, purgeJunkPostbacks } from '../postbacks/service';
import { clicks, completions, postbackLog, users, vouchers } from '../db/schema';
import { CLICKS_PER_MINUTE } from '../offers/route';
import { adminCookie, createAdmin } from './admin';

/** Sends `requests` in batches of `width` at a time; returns the answers in order. */
async function inBatches(app: FastifyInstance, requests: InjectOptions[], width = 50) {
  const out = [];
  for (let i = 0; i < requests.length; i += width)
    out.push(...(await Promise.all(requests.slice(i, i + width).map((r) => app.inject(r)))));
  return out;
}

describe.each(DATABASE_KINDS)('attacks on input and business rules, on %s', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let admin: string;
  testAppPerSuite(kind, async (s) => {
    app = s.app;
    database = s.database;
    await createAdmin(s.db);
    admin = await adminCookie(app);
  });
  const db = () => database.db;
  const logCount = async (where = sql`true`) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(postbackLog)
        .where(where)
    )[0]!.n;
  const lastLog = async () =>
    (
      await db()
        .select()
        .from(postbackLog)
        .orderBy(sql`id desc`)
        .limit(1)
    )[0]!;
  const adminPut = (url: string, payload: unknown) =>
    app.inject({ method: 'PUT', url, headers: { cookie: admin }, payload: payload as object });
  const memberPost = (url: string, cookie: string, payload: unknown, remoteAddress?: string) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object, remoteAddress });

  // ---- item 6: the postback receiver cannot fill the disk --------------------------------------
  describe('postback disk fill', () => {
    it('one address gets 429 with the error shape after its per-minute allowance of junk; another is still served', async () => {
      const fresh = await createTestApp(database);
      try {
        // Unverified attempts get a small allowance per (receiver, address), well below the per-address
        // limit of every attempt (POSTBACK_LIMITS.perIpPerMinute) and a network's (issue 32, item 3).
        const junk = Array.from(
          { length: POSTBACK_LIMITS.unverifiedPerAddressPerMinute },
          (_, i): InjectOptions => ({
            url: `/api/postback.php?click_id=x${i}&sig=${'0'.repeat(64)}`,
            remoteAddress: '10.6.0.1',
          }),
        );
        const answers = await inBatches(fresh, junk);
        expect(answers.every((r) => r.statusCode === 403)).toBe(true);
        const over = await fresh.inject({ url: '/api/postback.php?click_id=y', remoteAddress: '10.6.0.1' });
        expect(over.statusCode).toBe(429);
        expect(over.json()).toEqual({ success: false, error: expect.stringMatching(/Too many postbacks/) });
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        const other = await fresh.inject({ url: '/api/postback.php?click_id=y', remoteAddress: '10.6.0.2' });
        expect(other.statusCode).toBe(403);
      } finally {
        await fresh.close();
      }
    });

    it('refuses too many or too large parameters (400, before the signature) and a body over 16 KiB (413)', async () => {
      const fresh = await createTestApp(database);
      try {
        const many = new URLSearchParams(
          Object.fromEntries(Array.from({ length: POSTBACK_LIMITS.maxParams + 1 }, (_, i) => [`p${i}`, 'v'])),
        );
        // An unverified caller is told "refused" only; the reason is in the log (issue 32, item 9).
        const tooMany = await fresh.inject({ url: `/api/postback.php?${many}` });
        expect(tooMany.statusCode).toBe(403);
        expect(tooMany.json()).toEqual({ success: false, error: 'refused' });
        expect((await lastLog()).reason).toMatch(/at most 32 parameters/);

        // Correctly signed, yet over the size cap: refused all the same (a network never needs it).
        const big = {
          click_id: 'c',
          transaction_id: 't',
          payout: '1',
          status: 'approved',
          memo: 'x'.repeat(2000),
        };
        const longValue = await fresh.inject({ url: signedPostbackUrl(big) });
        expect(longValue.statusCode).toBe(403);
        expect((await lastLog()).reason).toMatch(/values are at most 1024 characters/);

        const before = await logCount();
        const huge = await fresh.inject({
          method: 'POST',
          url: '/api/postback.php',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ click_id: 'c', junk: 'x'.repeat(200 * 1024) }),
        });
        expect(huge.statusCode).toBe(413);
        expect(huge.json()).toEqual({ success: false, error: 'Request body is too large' });
        expect(await logCount()).toBe(before + 1);
        expect(await lastLog()).toMatchObject({ outcome: 'too_large', httpStatus: 413, verified: false });
      } finally {
        await fresh.close();
      }
    });

    it('stores junk as bounded summaries, at most the per-minute budget; verified attempts are always stored', async () => {
      const fresh = await createTestApp(database);
      try {
        const before = await logCount(sql`verified = false`);
        const value = 'A'.repeat(1000);
        const junk = Array.from(
          { length: POSTBACK_LIMITS.junkRowsPerMinute + 80 },
          (_, i): InjectOptions => ({
            url: `/api/postback.php?${new URLSearchParams({ click_id: value, transaction_id: `${i}${value}`, status: value, a: value, b: value, c: value, sig: 'f'.repeat(64) })}`,
            // Two addresses, each within its allowance of unverified attempts: the row budget binds.
            remoteAddress: `10.6.1.${1 + (i % 2)}`,
          }),
        );
        const answers = await inBatches(fresh, junk);
        expect(answers.every((r) => r.statusCode === 403)).toBe(true);
        expect((await logCount(sql`verified = false`)) - before).toBe(POSTBACK_LIMITS.junkRowsPerMinute);
        const row = await lastLog();
        expect(row.outcome).toBe('bad_signature');
        // A summary: the format's parameters, cut to 128 characters; the others (sig too) only counted.
        expect(row.params).toEqual({
          click_id: 'A'.repeat(128),
          transaction_id: expect.any(String),
          status: 'A'.repeat(128),
          _other_params: '4',
        });
        expect(JSON.stringify(row.params).length).toBeLessThan(700);

        // The partner's real postbacks are still logged in full.
        const m = await signIn(fresh);
        const clickId = await clickOffer(fresh, m, await insertOffer(db()));
        const ok = await fresh.inject({
          url: signedPostbackUrl({
            click_id: clickId,
            transaction_id: 'DF-1',
            payout: '1',
            status: 'pending',
          }),
        });
        expect(ok.statusCode).toBe(200);
        expect(await lastLog()).toMatchObject({ outcome: 'accepted', verified: true, transactionId: 'DF-1' });
      } finally {
        await fresh.close();
      }
    });

    it('purges junk attempts older than the retention period and keeps verified ones', async () => {
      const old = sql`now() - interval '8 days'`;
      const base = { method: 'GET', params: {}, outcome: 'bad_signature', httpStatus: 403 };
      await db()
        .insert(postbackLog)
        .values([
          { ...base, receivedAt: old, verified: false, clickId: 'purge-old-junk' },
          { ...base, verified: false, clickId: 'purge-new-junk' },
          {
            ...base,
            receivedAt: old,
            verified: true,
            outcome: 'accepted',
            httpStatus: 200,
            clickId: 'purge-old-ok',
          },
        ] as (typeof postbackLog.$inferInsert)[]);
      expect(await purgeJunkPostbacks(db())).toBeGreaterThanOrEqual(1);
      const left = await db()
        .select({ clickId: postbackLog.clickId })
        .from(postbackLog)
        .where(sql`click_id like 'purge-%'`);
      expect(left.map((r) => r.clickId).sort()).toEqual(['purge-new-junk', 'purge-old-ok']);
    });
  });

  // ---- item 7: a lone surrogate is a 400, and the postback attempt is logged --------------------
  describe('lone surrogate', () => {
    const LONE = '"\\ud800"'; // JSON text for a lone high surrogate

    it('a postback with a lone surrogate in its JSON body is a 400, logged', async () => {
      const before = await logCount();
      const res = await app.inject({
        method: 'POST',
        url: '/api/postback.php?transaction_id=LS-1',
        headers: { 'content-type': 'application/json' },
        payload: `{"click_id":${LONE},"transaction_id":"LS-1","payout":"1","status":"approved","sig":"00"}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: expect.stringMatching(/surrogate/) });
      expect(await logCount()).toBe(before + 1);
      expect(await lastLog()).toMatchObject({ outcome: 'malformed', httpStatus: 400, transactionId: 'LS-1' });
    });

    it('the admin voucher brand and a member body with a lone surrogate are 400s, nothing stored', async () => {
      const voucher = await app.inject({
        method: 'POST',
        url: '/api/admin/vouchers.php',
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload: `{"voucher_type":"Gift Card","voucher_brand":${LONE},"voucher_amount":10,"voucher_codes":["LS-V1"],"voucher_description":"d","voucher_terms":"t","expiry_date":"2099-01-01"}`,
      });
      expect(voucher.statusCode, voucher.body).toBe(400);
      expect(voucher.json()).toEqual({ success: false, error: expect.stringMatching(/surrogate/) });
      expect(await db().select().from(vouchers).where(eq(vouchers.voucherCode, 'LS-V1'))).toEqual([]);
      const m = await signIn(app);
      const click = await app.inject({
        method: 'POST',
        url: '/api/click-offer.php',
        headers: { cookie: m.cookie, 'content-type': 'application/json' },
        payload: `{"offerId":1,"x":${LONE}}`,
      });
      expect(click.statusCode, click.body).toBe(400);
    });
  });

  // ---- item 11: a member cannot store clicks without limit --------------------------------------
  it('click flood: a member gets 429 with the error shape after the per-minute limit, from any address', async () => {
    const fresh = await createTestApp(database);
    try {
      const m = await signIn(fresh);
      const offerId = await insertOffer(db());
      const answers = await inBatches(
        fresh,
        Array.from({ length: CLICKS_PER_MINUTE }, (_, i) => ({
          method: 'POST' as const,
          url: '/api/click-offer.php',
          headers: { cookie: m.cookie },
          payload: { offerId },
          remoteAddress: `10.11.0.${i}`,
        })),
        10,
      );
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      const over = await fresh.inject({
        method: 'POST',
        url: '/api/click-offer.php',
        headers: { cookie: m.cookie },
        payload: { offerId },
        remoteAddress: '10.11.1.1',
      });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ success: false, error: expect.stringMatching(/Too many offer clicks/) });
      const stored = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(clicks)
        .where(eq(clicks.userId, m.userId));
      expect(stored[0]!.n).toBe(CLICKS_PER_MINUTE);
      // Another member, from the same address, is not affected.
      const other = await signIn(fresh);
      const ok = await fresh.inject({
        method: 'POST',
        url: '/api/click-offer.php',
        headers: { cookie: other.cookie },
        payload: { offerId },
        remoteAddress: '10.11.1.1',
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  // ---- item 12: ids are positive integers, strictly ---------------------------------------------
  describe('loose ids', () => {
    const LOOSE = (id: number) => [
      true,
      [id],
      `${id}.0`,
      `${id}e0`,
      ` ${id}`,
      `0${id}`,
      `0x${id.toString(16)}`,
      id + 0.5,
      null,
      {},
      '',
      -id,
      0,
    ];

    it('PUT users.php with a boolean, an array or a non-canonical number blocks nobody (400)', async () => {
      const m = await signIn(app);
      for (const bad of LOOSE(m.userId)) {
        const res = await adminPut('/api/admin/users.php', { user_id: bad, action: 'flag' });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json().success).toBe(false);
      }
      // `true` used to act on user 1.
      const res = await adminPut('/api/admin/users.php', { user_id: true, action: 'flag' });
      expect(res.statusCode).toBe(400);
      const blocked = await db().select({ id: users.id }).from(users).where(eq(users.isSuspicious, true));
      expect(blocked).toEqual([]);
      // The integer and its canonical decimal string (react-admin's Identifier may be either) act.
      expect((await adminPut('/api/admin/users.php', { user_id: m.userId, action: 'flag' })).statusCode).toBe(
        200,
      );
      expect(
        (await adminPut('/api/admin/users.php', { user_id: String(m.userId), action: 'unflag' })).statusCode,
      ).toBe(200);
    });

    it('click-offer.php and slot-spin.php take a JSON integer offerId only', async () => {
      const m = await signIn(app);
      const offerId = await insertOffer(db());
      for (const bad of [...LOOSE(offerId), String(offerId)]) {
        const res = await memberPost('/api/click-offer.php', m.cookie, { offerId: bad });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        const spin = await memberPost('/api/slot-spin.php', m.cookie, { spinType: 'offer', offerId: bad });
        expect(spin.statusCode, JSON.stringify(bad)).toBe(400);
      }
      const stored = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(clicks)
        .where(eq(clicks.userId, m.userId));
      expect(stored[0]!.n).toBe(0);
      expect((await memberPost('/api/click-offer.php', m.cookie, { offerId })).statusCode).toBe(200);
    });

    it('vouchers.php and offers.php ids, and the offer filter of the reports, are strict', async () => {
      await insertVouchers(db(), 10, 1);
      for (const bad of [true, [1], '1e0', ' 1', 1.5]) {
        expect(
          (await adminPut('/api/admin/vouchers.php', { voucher_id: bad, status: 'expired' })).statusCode,
        ).toBe(400);
        expect(
          (await adminPut('/api/admin/offers.php', { offer_id: bad, is_active: false })).statusCode,
        ).toBe(400);
      }
      for (const q of ['1e3', '%207', '07', '7.0', '0x7', '-7']) {
        const res = await app.inject({
          url: `/api/admin/conversions.php?offer=${q}`,
          headers: { cookie: admin },
        });
        expect(res.statusCode, q).toBe(400);
        const page = await app.inject({ url: `/api/admin/users.php?page=${q}`, headers: { cookie: admin } });
        expect(page.statusCode, q).toBe(400);
      }
      const ok = await app.inject({ url: '/api/admin/conversions.php?offer=7', headers: { cookie: admin } });
      expect(ok.statusCode).toBe(200);
    });
  });

  // ---- item 14: business logic -------------------------------------------------------------------
  it('a transaction id reused with another click_id is refused and logged; the original completion is unchanged', async () => {
    const a = await signIn(app);
    const b = await signIn(app);
    const offerId = await insertOffer(db());
    const clickA = await clickOffer(app, a, offerId);
    const clickB = await clickOffer(app, b, offerId);
    const first = await app.inject({
      url: signedPostbackUrl({
        click_id: clickA,
        transaction_id: 'TX-REUSE',
        payout: '4',
        status: 'approved',
      }),
    });
    expect(first.statusCode).toBe(200);
    const [original] = await db().select().from(completions).where(eq(completions.transactionId, 'TX-REUSE'));
    for (const status of ['reversed', 'approved', 'pending']) {
      const reuse = await app.inject({
        url: signedPostbackUrl({ click_id: clickB, transaction_id: 'TX-REUSE', payout: '99', status }),
      });
      expect(reuse.statusCode).toBe(409);
      expect(reuse.json()).toEqual({ success: false, error: expect.stringMatching(/another click_id/) });
      expect(await lastLog()).toMatchObject({
        outcome: 'transaction_conflict',
        clickId: clickB,
        transactionId: 'TX-REUSE',
        completionId: original!.id,
        verified: true,
      });
    }
    const after = await db().select().from(completions).where(eq(completions.transactionId, 'TX-REUSE'));
    expect(after).toEqual([original]);
    expect(original).toMatchObject({
      clickId: clickA,
      userId: a.userId,
      status: 'approved',
      payoutAmount: 4,
    });
    expect(await db().select().from(completions).where(eq(completions.userId, b.userId))).toEqual([]);
    // A's spin is still there.
    const spin = await memberPost('/api/slot-spin.php', a.cookie, { spinType: 'offer', offerId });
    expect(spin.statusCode).toBe(200);
  });

  it('an approved postback for a blocked member is recorded but grants nothing until the unblock', async () => {
    const referrer = await signIn(app);
    const account = newAccount('held');
    const friend = await signIn(app, account, { referralCode: referrer.referralCode });
    const offerId = await insertOffer(db());
    const clickId = await clickOffer(app, friend, offerId);
    expect(
      (await adminPut('/api/admin/users.php', { user_id: friend.userId, action: 'flag' })).statusCode,
    ).toBe(200);

    const res = await app.inject({
      url: signedPostbackUrl({
        click_id: clickId,
        transaction_id: 'HELD-1',
        payout: '3',
        status: 'approved',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'held' });
    const replay = await app.inject({
      url: signedPostbackUrl({
        click_id: clickId,
        transaction_id: 'HELD-1',
        payout: '3',
        status: 'approved',
      }),
    });
    expect(replay.json()).toMatchObject({ success: true, duplicate: true, status: 'held' });

    // Recorded: the completion exists; granted nothing: no spin, no counters, no referral reward.
    const [row] = await db().select().from(completions).where(eq(completions.transactionId, 'HELD-1'));
    expect(row).toMatchObject({ userId: friend.userId, status: 'pending', spinnerUsed: false });
    expect(row!.approvalHeldAt).not.toBeNull();
    const [u] = await db().select().from(users).where(eq(users.id, friend.userId));
    expect(u).toMatchObject({ totalCompletions: 0, totalRevenueGenerated: 0 });
    const refOffers = await app.inject({ url: '/api/offers.php', headers: { cookie: referrer.cookie } });
    expect(refOffers.json().freeSpinsRemaining).toBe(0);
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(completions)
          .where(and(eq(completions.userId, friend.userId), eq(completions.status, 'approved')))
      )[0]!.n,
    ).toBe(0);

    // The unblock grants what was withheld: the spin, the counters and the referrer's free spin.
    expect(
      (await adminPut('/api/admin/users.php', { user_id: friend.userId, action: 'unflag' })).statusCode,
    ).toBe(200);
    const back = await signIn(app, account);
    const offers = (await app.inject({ url: '/api/offers.php', headers: { cookie: back.cookie } })).json();
    expect(offers.offers.find((o: { offer_id: number }) => o.offer_id === offerId)).toMatchObject({
      status: 'completed',
      spinner_used: false,
    });
    const spin = await memberPost('/api/slot-spin.php', back.cookie, { spinType: 'offer', offerId });
    expect(spin.statusCode, spin.body).toBe(200);
    const [u2] = await db().select().from(users).where(eq(users.id, friend.userId));
    expect(u2).toMatchObject({ totalCompletions: 1, totalRevenueGenerated: 3 });
    const ref2 = await app.inject({ url: '/api/offers.php', headers: { cookie: referrer.cookie } });
    expect(ref2.json().freeSpinsRemaining).toBe(1);
    // Released once: a second unblock or a late replay grants nothing more.
    await adminPut('/api/admin/users.php', { user_id: friend.userId, action: 'unflag' });
    const late = await app.inject({
      url: signedPostbackUrl({
        click_id: clickId,
        transaction_id: 'HELD-1',
        payout: '3',
        status: 'approved',
      }),
    });
    expect(late.json()).toMatchObject({ duplicate: true, status: 'approved' });
    const [u3] = await db().select().from(users).where(eq(users.id, friend.userId));
    expect(u3!.totalCompletions).toBe(1);
  });

  it('a reversal while held takes the held approval back: the unblock then grants nothing', async () => {
    const m = await signIn(app);
    const offerId = await insertOffer(db());
    const clickId = await clickOffer(app, m, offerId);
    await adminPut('/api/admin/users.php', { user_id: m.userId, action: 'flag' });
    const p = { click_id: clickId, transaction_id: 'HELD-2', payout: '2' };
    expect((await app.inject({ url: signedPostbackUrl({ ...p, status: 'approved' }) })).json().status).toBe(
      'held',
    );
    expect((await app.inject({ url: signedPostbackUrl({ ...p, status: 'reversed' }) })).json().status).toBe(
      'reversed',
    );
    await adminPut('/api/admin/users.php', { user_id: m.userId, action: 'unflag' });
    const [row] = await db().select().from(completions).where(eq(completions.transactionId, 'HELD-2'));
    expect(row).toMatchObject({ status: 'reversed', approvalHeldAt: null });
    const [u] = await db().select().from(users).where(eq(users.id, m.userId));
    expect(u!.totalCompletions).toBe(0);
  });
});
