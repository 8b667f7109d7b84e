import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  DATABASE_KINDS,
  TEST_POSTBACK_SECRET,
  clickOffer,
  completeOffer,
  cookieFrom,
  createTestApp,
  insertOffer,
  newAccount,
  signIn,
  signedPostbackUrl,
  testAppPerSuite,
} from '../test/helpers';
import type { Database } from '../db/client';
import { canonicalString, signPostback } from './conversions-service';
import { completions, postbackLog, users } from '../db/schema';
import { upsertAdmin } from '../admin/auth/service';

const ADMIN_PASSWORD = 'first completions are flagged once';

describe('postback signature', () => {
  it('signs the sorted, encoded parameters except sig', () => {
    const params = {
      status: 'approved',
      click_id: 'a b',
      payout: '1.5',
      transaction_id: 't/1',
      sig: 'ignored',
    };
    expect(canonicalString(params)).toBe('click_id=a%20b&payout=1.5&status=approved&transaction_id=t%2F1');
    expect(signPostback(params, 'k')).toMatch(/^[0-9a-f]{64}$/);
    expect(signPostback(params, 'k')).toBe(signPostback({ ...params, sig: 'other' }, 'k'));
  });
});

describe.each(DATABASE_KINDS)('postback receiver on %s', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    database = s.database;
  });
  const db = () => database.db;
  const countCompletions = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(completions)
    )[0]!.n;

  const completionsOf = (clickId: string) =>
    db().select().from(completions).where(eq(completions.clickId, clickId));

  async function freshClick() {
    const m = await signIn(app);
    const offerId = await insertOffer(db());
    return { m, offerId, clickId: await clickOffer(app, m, offerId) };
  }

  it('accepts a signed GET, credits once, and answers a replay with 200 and no change', async () => {
    const { m, clickId } = await freshClick();
    const params = {
      click_id: clickId,
      transaction_id: 'T-1',
      payout: '3.25',
      currency: 'usd',
      status: 'approved',
    };
    const first = await app.inject({ url: signedPostbackUrl(params) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, status: 'approved' });
    const replay = await app.inject({ url: signedPostbackUrl(params) });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ success: true, duplicate: true, status: 'approved' });
    const rows = await db().select().from(completions).where(eq(completions.clickId, clickId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'approved', payoutAmount: 3.25, payoutCurrency: 'USD' });
    const [u] = await db().select().from(users).where(eq(users.id, m.userId));
    expect(u).toMatchObject({ totalCompletions: 1, totalRevenueGenerated: 3.25 });
  });

  it('accepts a signed form POST and a JSON POST', async () => {
    const a = await freshClick();
    const pa: Record<string, string> = {
      click_id: a.clickId,
      transaction_id: 'F-1',
      payout: '1',
      status: 'pending',
    };
    const form = await app.inject({
      method: 'POST',
      url: '/api/postback.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...pa, sig: signPostback(pa, TEST_POSTBACK_SECRET) }).toString(),
    });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({ success: true, status: 'pending' });
    expect(await completionsOf(a.clickId)).toEqual([
      expect.objectContaining({ transactionId: 'F-1', status: 'pending', payoutAmount: 1 }),
    ]);
    const b = await freshClick();
    const pb: Record<string, string> = {
      click_id: b.clickId,
      transaction_id: 'J-1',
      payout: '1',
      status: 'approved',
    };
    const json = await app.inject({
      method: 'POST',
      url: '/api/postback.php',
      payload: { ...pb, sig: signPostback(pb, TEST_POSTBACK_SECRET) },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ success: true, status: 'approved' });
    expect(await completionsOf(b.clickId)).toEqual([
      expect.objectContaining({ transactionId: 'J-1', status: 'approved', payoutAmount: 1 }),
    ]);
    const [member] = await db().select().from(users).where(eq(users.id, b.m.userId));
    expect(member).toMatchObject({ totalCompletions: 1, totalRevenueGenerated: 1 });
  });

  it('fails closed: bad or missing signature 403 "refused", unknown click 404, malformed 400; all logged, nothing credited', async () => {
    const { clickId } = await freshClick();
    const before = await countCompletions();
    const good = { click_id: clickId, transaction_id: 'X-1', payout: '1.00', status: 'approved' };
    const tampered = `/api/postback.php?${new URLSearchParams({ ...good, payout: '999', sig: signPostback(good, TEST_POSTBACK_SECRET) })}`;
    const cases: [string, number, RegExp][] = [
      // An unverified caller learns nothing but "refused" (issue 32, item 9); the log says why.
      [tampered, 403, /^refused$/],
      [`/api/postback.php?${new URLSearchParams(good)}`, 403, /^refused$/],
      [signedPostbackUrl(good, 'wrong-secret-wrong-secret'), 403, /^refused$/],
      [signedPostbackUrl({ ...good, click_id: 'no-such-click' }), 404, /Unknown click_id/],
      [signedPostbackUrl({ ...good, status: 'paid' }), 400, /status/],
      [signedPostbackUrl({ ...good, payout: '-1' }), 400, /payout/],
      [signedPostbackUrl({ click_id: clickId, status: 'approved', payout: '1' }), 400, /transaction_id/],
      [`/api/postback.php?click_id=a&click_id=b&sig=x`, 403, /^refused$/],
    ];
    const logBefore = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(postbackLog)
    )[0]!.n;
    for (const [url, status, error] of cases) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().success).toBe(false);
      expect(res.json().error).toMatch(error);
    }
    expect(await countCompletions()).toBe(before);
    const logAfter = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(postbackLog)
    )[0]!.n;
    expect(logAfter - logBefore).toBe(cases.length);
    const outcomes = await db()
      .select({ outcome: postbackLog.outcome })
      .from(postbackLog)
      .orderBy(postbackLog.id);
    expect(outcomes.slice(-cases.length).map((o) => o.outcome)).toEqual([
      'bad_signature',
      'bad_signature',
      'bad_signature',
      'unknown_click',
      'malformed',
      'malformed',
      'malformed',
      'malformed',
    ]);
  });

  it('refuses every postback when no secret is configured', async () => {
    const noSecret = await createTestApp(database, { postbackSecret: null });
    try {
      const { clickId } = await freshClick();
      const url = signedPostbackUrl({
        click_id: clickId,
        transaction_id: 'N-1',
        payout: '1',
        status: 'approved',
      });
      const res = await noSecret.inject({ url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false });
      expect(await completionsOf(clickId)).toEqual([]);
      // The same postback is one the configured receiver credits: the refusal was the missing secret's.
      expect((await app.inject({ url })).statusCode).toBe(200);
      expect(await completionsOf(clickId)).toHaveLength(1);
    } finally {
      await noSecret.close();
    }
  });

  /** A signed postback for the click completeOffer made (its transaction id), with another status. */
  const postbackFor = (clickId: string, status: 'approved' | 'reversed') =>
    app.inject({
      url: signedPostbackUrl({ click_id: clickId, transaction_id: `txn-${clickId}`, payout: '2.5', status }),
    });

  it("rewards a referral once: the friend's first completion reversed, then another approved", async () => {
    const referrer = await signIn(app, newAccount('ref-once'), { deviceFingerprint: 'device-ref' });
    const friend = await signIn(app, newAccount('ref-once-friend'), {
      referralCode: referrer.referralCode,
      deviceFingerprint: 'device-friend',
    });
    const freeSpins = async () =>
      (await app.inject({ url: '/api/offers.php', headers: { cookie: referrer.cookie } })).json()
        .freeSpinsRemaining;

    const first = await completeOffer(app, friend, await insertOffer(db()));
    expect(await freeSpins()).toBe(1);
    expect((await postbackFor(first, 'reversed')).json()).toEqual({ success: true, status: 'reversed' });
    await completeOffer(app, friend, await insertOffer(db()));

    expect(await freeSpins()).toBe(1);
    const stats = (
      await app.inject({ url: '/api/referral-stats.php', headers: { cookie: referrer.cookie } })
    ).json();
    expect(stats.summary).toMatchObject({ successfulReferrals: 1, totalFreeSpinsEarned: 1 });
  });

  it("flags only a member's first approved completion (the admin list's first-completions filter)", async () => {
    await upsertAdmin(db(), { username: 'first-check', password: ADMIN_PASSWORD });
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login.php',
      payload: { username: 'first-check', password: ADMIN_PASSWORD },
    });
    const admin = cookieFrom(login, 'admin_sid');
    const account = newAccount('first-flag');
    const m = await signIn(app, account);
    const first = await completeOffer(app, m, await insertOffer(db()));
    const second = await completeOffer(app, m, await insertOffer(db()));
    const listed = async (filter: string) => {
      const res = await app.inject({
        url: `/api/admin/conversions.php?referralFilter=${filter}&search=${encodeURIComponent(account.email)}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().conversions as { completion_id: number; is_first_completion: boolean }[])
        .map((c) => c.completion_id)
        .sort((a, b) => a - b);
    };
    const [c1] = await completionsOf(first);
    const [c2] = await completionsOf(second);
    expect(await listed('all')).toEqual([c1!.id, c2!.id]);
    expect(await listed('first_completions')).toEqual([c1!.id]);
  });

  it('ignores an out-of-order pending after approval; a second transaction for a completed offer grants nothing', async () => {
    const { m, offerId, clickId } = await freshClick();
    await app.inject({
      url: signedPostbackUrl({ click_id: clickId, transaction_id: 'O-1', payout: '1', status: 'approved' }),
    });
    const late = await app.inject({
      url: signedPostbackUrl({ click_id: clickId, transaction_id: 'O-1', payout: '1', status: 'pending' }),
    });
    expect(late.statusCode).toBe(200);
    expect(late.json().status).toBe('approved');
    const click2 = await clickOffer(app, m, offerId).catch(() => null);
    expect(click2).toBeNull(); // completed offers cannot be clicked again
    const other = await app.inject({
      url: signedPostbackUrl({ click_id: clickId, transaction_id: 'O-2', payout: '1', status: 'approved' }),
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ success: true, status: 'approved' });
    const rows = await db().select().from(completions).where(eq(completions.userId, m.userId));
    expect(rows).toHaveLength(1);
    const [member] = await db().select().from(users).where(eq(users.id, m.userId));
    expect(member).toMatchObject({ totalCompletions: 1, totalRevenueGenerated: 1 });
  });
});
