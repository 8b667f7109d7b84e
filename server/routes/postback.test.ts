import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  DATABASE_KINDS,
  TEST_POSTBACK_SECRET,
  clickOffer,
  createTestApp,
  createTestDatabase,
  insertOffer,
  signIn,
  signedPostbackUrl,
  type TestDatabase,
} from '../test/helpers';
import { canonicalString, signPostback } from '../services/postbacks';
import { completions, postbackLog, users } from '../db/schema';

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
  let tdb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    app = await createTestApp(tdb.database);
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });
  const db = () => tdb.database.db;
  const countCompletions = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(completions)
    )[0]!.n;

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
  });

  it('fails closed: bad or missing signature 403, unknown click 404, malformed 400; all logged, nothing credited', async () => {
    const { clickId } = await freshClick();
    const before = await countCompletions();
    const good = { click_id: clickId, transaction_id: 'X-1', payout: '1.00', status: 'approved' };
    const tampered = `/api/postback.php?${new URLSearchParams({ ...good, payout: '999', sig: signPostback(good, TEST_POSTBACK_SECRET) })}`;
    const cases: [string, number, RegExp][] = [
      [tampered, 403, /signature/],
      [`/api/postback.php?${new URLSearchParams(good)}`, 403, /signature/],
      [signedPostbackUrl(good, 'wrong-secret-wrong-secret'), 403, /signature/],
      [signedPostbackUrl({ ...good, click_id: 'no-such-click' }), 404, /Unknown click_id/],
      [signedPostbackUrl({ ...good, status: 'paid' }), 400, /status/],
      [signedPostbackUrl({ ...good, payout: '-1' }), 400, /payout/],
      [signedPostbackUrl({ click_id: clickId, status: 'approved', payout: '1' }), 400, /transaction_id/],
      [`/api/postback.php?click_id=a&click_id=b&sig=x`, 400, /Malformed/],
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
    const noSecret = await createTestApp(tdb.database, { postbackSecret: null });
    const { clickId } = await freshClick();
    const res = await noSecret.inject({
      url: signedPostbackUrl({ click_id: clickId, transaction_id: 'N-1', payout: '1', status: 'approved' }),
    });
    expect(res.statusCode).toBe(403);
    await noSecret.close();
  });

  it('ignores an out-of-order pending after approval and a second transaction for a completed offer', async () => {
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
    expect(other.json().duplicate).toBe(true);
    const rows = await db().select().from(completions).where(eq(completions.userId, m.userId));
    expect(rows).toHaveLength(1);
  });
});
