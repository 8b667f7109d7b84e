// Needs attention and getting started on a fixed dataset: every figure compared with a value computed
// by hand below (the computation is written next to each expectation), through the admin API.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS, insertOffer, insertVouchers } from '../../test/helpers';
import { adminClient, adminTestApp, type Client } from '../../test/admin';
import { execute, query, type Db } from '../../db/client';
import { computeAttention, wilson } from './service';
import { gettingStartedOf } from '../dashboard/service';
import { WIN_RATE_WINDOW, type AdminAttentionResponse } from '../../../shared/contract/admin/attention';
import type { AdminDashboardResponse } from '../../../shared/contract/admin/dashboard';

/** Members u1..u3, inserted as rows (the figures do not depend on how they signed up). */
async function insertMembers(db: Db, n: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`insert into users (email, first_name, last_name, referral_code)
        select 'm' || i || '@example.com', 'Member', 'M' || i, 'ATTN' || i from generate_series(1, ${n}) i
        returning id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** `count` spins of one offer (null: free spins) by `userId`, drawn `drawn` (null: nothing), `ago` old. */
async function insertSpins(
  db: Db,
  s: {
    offerId: number | null;
    userId: number;
    count: number;
    drawn: number | null;
    win: boolean;
    ago?: string;
  },
) {
  const stockOut = s.drawn !== null && !s.win;
  await execute(
    db,
    sql`insert into spins (user_id, spin_type, offer_id, slot_result, is_win, drawn_amount, stock_out, created_at)
        select ${s.userId}, ${s.offerId === null ? 'free' : 'offer'}, ${s.offerId}, '[0,0,0]'::jsonb, ${s.win},
               ${s.drawn}, ${stockOut}, now() - ${s.ago ?? '1 hour'}::interval
        from generate_series(1, ${s.count})`,
  );
}

describe('the 95 % Wilson interval', () => {
  it('matches the score interval computed by hand', () => {
    // k = 30, n = 100, z = 1.96: p = 0.3, z²/n = 0.038415, centre = (0.3 + 0.019207) / 1.038415 = 0.30740,
    // half = 1.96 · √(0.0021 + 0.000096) / 1.038415 = 0.08845 → [0.21895, 0.39585].
    const i = wilson(30, 100);
    expect(i.low).toBeCloseTo(0.21895, 4);
    expect(i.high).toBeCloseTo(0.39585, 4);
    // k = n = 4: the upper bound is 1 and the lower n / (n + z²) = 4 / 7.8415 = 0.5101.
    expect(wilson(4, 4)).toEqual({ low: expect.closeTo(0.5101, 4), high: 1 });
    // k = 0: [0, z² / (n + z²)] = [0, 3.8415 / 7.8415] = [0, 0.4899].
    expect(wilson(0, 4)).toEqual({ low: 0, high: expect.closeTo(0.4899, 4) });
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe.each(DATABASE_KINDS)('needs attention on a fixed dataset, on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  let offerA: number;
  let offerB: number;
  let u1: number;
  let u2: number;
  let u3: number;
  let networkId: number;

  adminTestApp(kind, async (setup) => {
    app = setup.app;
    db = setup.db;
    admin = await adminClient(app);
    [u1, u2, u3] = (await insertMembers(db, 3)) as [number, number, number];
    // The dashboard's money: u1 brought $12.50 and won ₹1000 of codes (the counters on users).
    await execute(
      db,
      sql`update users set total_revenue_generated = 12.5, total_voucher_value = 1000 where id = ${u1}`,
    );
    // Offer A: ₹50 at 10 %, ₹10 at 40 %, nothing at 50 %; it earned $20 over 10 conversions ($2 each).
    offerA = await insertOffer(db, {
      title: 'Offer A',
      slotConfig: {
        reels: [
          { amount: 50, probability: 10 },
          { amount: 10, probability: 40 },
          { amount: 0, probability: 50 },
        ],
      },
      totalRevenue: 20,
      totalCompletions: 10,
    });
    // Offer B: always ₹10; it earned $0.10 over 1 conversion.
    offerB = await insertOffer(db, {
      title: 'Offer B',
      slotConfig: { reels: [{ amount: 10, probability: 100 }] },
      totalRevenue: 0.1,
      totalCompletions: 1,
    });
    // An inactive offer is not monitored, and its table is not payable.
    await insertOffer(db, {
      title: 'Off',
      isActive: false,
      slotConfig: { reels: [{ amount: 500, probability: 1 }] },
    });

    // Offer A's 100 spins: 28 won ₹50 and 2 drew ₹50 with no code left (both u1's), 40 won ₹10 (20 of
    // them 10 days ago), 30 drew nothing.
    await insertSpins(db, { offerId: offerA, userId: u1, count: 28, drawn: 50, win: true });
    await insertSpins(db, { offerId: offerA, userId: u1, count: 2, drawn: 50, win: false });
    await insertSpins(db, { offerId: offerA, userId: u2, count: 20, drawn: 10, win: true });
    await insertSpins(db, { offerId: offerA, userId: u2, count: 20, drawn: 10, win: true, ago: '10 days' });
    await insertSpins(db, { offerId: offerA, userId: u3, count: 30, drawn: null, win: false });
    // Offer B's 10 spins all won ₹10. Free spins: 4 won ₹5.
    await insertSpins(db, { offerId: offerB, userId: u3, count: 10, drawn: 10, win: true });
    await insertSpins(db, { offerId: null, userId: u3, count: 4, drawn: 5, win: true });

    // Stock: ₹50 Amazon 5 (2 of them expire in 3 days), Flipkart 2, one Amazon lapsed yesterday (not
    // stock); ₹10 Amazon 100; ₹5 none. An assigned code expiring in 2 days and an available one in 10
    // days are not "expiring unassigned in the next 7 days".
    await insertVouchers(db, 50, 3, { voucherBrand: 'Amazon' });
    await insertVouchers(db, 50, 2, { voucherBrand: 'Amazon', expiryDate: daysFromNow(3) });
    await insertVouchers(db, 50, 2, { voucherBrand: 'Flipkart' });
    await insertVouchers(db, 50, 1, { voucherBrand: 'Amazon', expiryDate: daysFromNow(-1) });
    await insertVouchers(db, 10, 99, { voucherBrand: 'Amazon' });
    await insertVouchers(db, 10, 1, { voucherBrand: 'Amazon', expiryDate: daysFromNow(10) });
    await insertVouchers(db, 10, 1, {
      voucherBrand: 'Amazon',
      expiryDate: daysFromNow(2),
      status: 'assigned',
    });

    // Reversals (the hold's defaults: 3 in 30 days, so "piling up" is 2 or more): u1 3 in the window,
    // u2 1, u3 2 of which one 40 days ago (1 in the window).
    const reversal = async (userId: number, ago: string, n: number) =>
      execute(
        db,
        sql`insert into completions (user_id, offer_id, network, transaction_id, status, payout_amount,
                                     created_at, completed_at, reversed_at)
            values (${userId}, ${offerA}, 'testnet', ${`txn-${userId}-${n}`}, 'reversed', 1,
                    now() - ${ago}::interval, now() - ${ago}::interval, now() - ${ago}::interval)`,
      );
    await reversal(u1, '1 day', 1);
    await reversal(u1, '2 days', 2);
    await reversal(u1, '20 days', 3);
    await reversal(u2, '1 day', 4);
    await reversal(u3, '1 day', 5);
    await reversal(u3, '40 days', 6);

    // Refused postbacks in the last 24 h: native 2 rows, one folding 5 repeats (6), Acme 2; an
    // accepted one and a refusal 30 hours ago do not count.
    [{ id: networkId }] = (await query<{ id: number }>(
      db,
      sql`insert into networks (slug, name, preset, config) values ('acme', 'Acme Ads', 'custom', '{}'::jsonb)
          returning id`,
    )) as [{ id: number }];
    const log = (network: number | null, outcome: string, ago: string, repeat = 1) =>
      execute(
        db,
        sql`insert into postback_log (received_at, method, params, outcome, http_status, network_id, repeat_count)
            values (now() - ${ago}::interval, 'GET', '{}'::jsonb, ${outcome}, 403, ${network}, ${repeat})`,
      );
    await log(null, 'bad_signature', '1 hour');
    await log(null, 'bad_signature', '2 hours', 5);
    await log(null, 'accepted', '1 hour');
    await log(null, 'bad_signature', '30 hours');
    await log(networkId, 'ip_not_allowed', '3 hours');
    await log(networkId, 'ip_not_allowed', '4 hours');

    // One same-device referral waiting for a decision.
    await execute(
      db,
      sql`insert into referrals (referrer_user_id, referred_user_id, referral_code, status, same_device)
          values (${u1}, ${u2}, 'ATTN1', 'completed_waiting', true)`,
    );
  });

  it('answers the win rates, stock, expiring codes, reversals, refusals and held referrals computed by hand', async () => {
    const res = await admin.get('/api/admin/attention.php');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AdminAttentionResponse;

    // Win rates (FX_USD_INR 83 by default).
    const a = body.winRates.find((w) => w.offer_id === offerA)!;
    expect(a.spins).toBe(100);
    // ₹50: 30 draws of 100 = 30 %, Wilson [21.89, 39.58] (above); 10 % configured is outside: flagged.
    // ₹10: 40 of 100 = 40 %, Wilson [30.94, 49.80]: 40 % configured is inside.
    expect(a.amounts).toEqual([
      { amount: 50, configured: 10, draws: 30, observed: 30, low: 21.89, high: 39.58, flagged: true },
      { amount: 10, configured: 40, draws: 40, observed: 40, low: 30.94, high: 49.8, flagged: false },
    ]);
    // Handed out: 28 × ₹50 + 40 × ₹10 = ₹1800 over 100 spins = ₹18 a spin; the table expects
    // 50 × 10 % + 10 × 40 % = ₹9; the payout is $20 / 10 = $2 = ₹166 at 83: no cost flag.
    expect(a).toMatchObject({
      cost_per_spin: 18,
      expected_cost_per_spin: 9,
      payout_inr: 166,
      cost_flagged: false,
    });
    // Offer B: 10 of 10 at ₹10 (100 % configured, Wilson [72.25, 100]); ₹10 a spin against $0.10 = ₹8.30.
    const b = body.winRates.find((w) => w.offer_id === offerB)!;
    expect(b.amounts).toEqual([
      { amount: 10, configured: 100, draws: 10, observed: 100, low: 72.25, high: 100, flagged: false },
    ]);
    expect(b).toMatchObject({ spins: 10, cost_per_spin: 10, payout_inr: 8.3, cost_flagged: true });
    // Free spins (the default table: ₹10 at 20 %, ₹5 at 30 %): 4 of 4 drew ₹5, Wilson [51.01, 100]
    // leaves out 30 %; no ₹10 in 4, Wilson [0, 48.99] holds 20 %.
    const free = body.winRates.find((w) => w.offer_id === null)!;
    expect(free.amounts).toEqual([
      { amount: 10, configured: 20, draws: 0, observed: 0, low: 0, high: 48.99, flagged: false },
      { amount: 5, configured: 30, draws: 4, observed: 100, low: 51.01, high: 100, flagged: true },
    ]);
    expect(free.payout_inr).toBeNull();
    expect(body.winRates).toHaveLength(3);

    // Stock per amount, demand over 7 days.
    // ₹5: none available, 4 draws in 7 days = 0.57 a day, 0 days left: flagged (no active offer pays it).
    // ₹10: 99 + 1 = 100 available; 20 (A, recent) + 10 (B) = 30 draws = 4.29 a day; 100 / 4.29 = 23.3
    //      days: not flagged.
    // ₹50: 5 + 2 = 7 available; 30 draws = 4.29 a day; 7 / 4.29 = 1.6 days (< 3), 2 stock-outs hitting 1
    //      member (u1 both times): flagged.
    expect(body.stock).toEqual([
      {
        amount: 5,
        available: 0,
        brands: [],
        wins7d: 4,
        wins_per_day: 0.57,
        days_left: 0,
        stock_outs7d: 0,
        members_missed7d: 0,
        owed: 0,
        owed_members: 0,
        owed_since: null,
        payable: false,
        flagged: true,
      },
      {
        amount: 10,
        available: 100,
        brands: [{ brand: 'Amazon', available: 100 }],
        wins7d: 30,
        wins_per_day: 4.29,
        days_left: 23.3,
        stock_outs7d: 0,
        members_missed7d: 0,
        owed: 0,
        owed_members: 0,
        owed_since: null,
        payable: true,
        flagged: false,
      },
      {
        amount: 50,
        available: 7,
        brands: [
          { brand: 'Amazon', available: 5 },
          { brand: 'Flipkart', available: 2 },
        ],
        wins7d: 30,
        wins_per_day: 4.29,
        days_left: 1.6,
        stock_outs7d: 2,
        members_missed7d: 1,
        owed: 0,
        owed_members: 0,
        owed_since: null,
        payable: true,
        flagged: true,
      },
    ]);

    expect(body.expiring).toEqual([
      { brand: 'Amazon', codes: 2, amounts: [50], first_expiry: daysFromNow(3) },
    ]);
    expect(body.reversals).toEqual({
      days: 30,
      members: [{ user_id: u1, name: 'Member M1', email: 'm1@example.com', reversals: 3, held_at: null }],
    });
    expect(body.refusedPostbacks).toEqual([
      { network_id: null, network: 'Native postback', refused: 6 },
      { network_id: networkId, network: 'Acme Ads', refused: 2 },
    ]);
    expect(body.heldReferrals).toBe(1);
    // Flagged: A ₹50, B's cost, free ₹5 (3); stock ₹5 and ₹50 (2); 1 expiring group; 1 member;
    // 2 networks; the held referrals (1) = 10.
    expect(body.count).toBe(10);
  });

  it('converts the revenue to rupees on the dashboard beside the voucher cost and the margin', async () => {
    const res = await admin.get('/api/admin/dashboard.php');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AdminDashboardResponse;
    // $12.50 × 83 = ₹1037.50 of revenue; ₹1000 of codes; margin ₹37.50.
    expect(body.money).toEqual({
      fx_usd_inr: 83,
      revenue_usd: 12.5,
      revenue_inr: 1037.5,
      voucher_cost: 1000,
      margin_inr: 37.5,
    });
  });

  it('refuses a caller without an admin session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/attention.php' });
    expect(res.statusCode).toBe(401);
  });
});

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe.each(DATABASE_KINDS)('the getting-started checklist, on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  adminTestApp(kind, async (setup) => {
    app = setup.app;
    db = setup.db;
    admin = await adminClient(app);
  });
  const done = async () => Object.fromEntries((await gettingStartedOf(db)).steps.map((s) => [s.id, s.done]));

  it('ticks each step as the console is set up, and disappears once every step is done', async () => {
    // A new console, as the dashboard shows it: no network, no offer touched, no member; no active
    // offer pays anything yet, so no amount lacks stock.
    const first = await admin.get('/api/admin/dashboard.php');
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as AdminDashboardResponse).gettingStarted).toEqual({
      show: true,
      steps: [
        { id: 'network', done: false },
        { id: 'offers', done: false },
        { id: 'vouchers', done: true },
        { id: 'member_app', done: false },
      ],
      missing_amounts: [],
    });

    // The demo's offers pay ₹100 and ₹20 (its own table) and ₹10 and ₹5 (the default table, no config).
    await insertOffer(db, {
      network: 'demo',
      slotConfig: {
        reels: [
          { amount: 100, probability: 5 },
          { amount: 20, probability: 20 },
          { amount: 1000, probability: 0 },
        ],
      },
    });
    await insertOffer(db, { network: 'cpx-demo', slotConfig: null });
    expect((await gettingStartedOf(db)).missing_amounts).toEqual([5, 10, 20, 100]);
    await insertVouchers(db, 100, 1);
    await insertVouchers(db, 20, 1);
    await insertVouchers(db, 10, 1);
    // A lapsed ₹5 code is no stock.
    await insertVouchers(db, 5, 1, { expiryDate: '2020-01-01' });
    expect((await gettingStartedOf(db)).missing_amounts).toEqual([5]);
    expect((await done()).vouchers).toBe(false);
    await insertVouchers(db, 5, 1);
    expect((await done()).vouchers).toBe(true);

    // The demo's CPX network is not a partner connected by the operator; another network is.
    await execute(
      db,
      sql`insert into networks (slug, name, preset, config) values ('cpx-demo', 'CPX (demo)', 'cpx', '{}'::jsonb)`,
    );
    expect((await done()).network).toBe(false);
    await execute(
      db,
      sql`insert into networks (slug, name, preset, config) values ('acme', 'Acme Ads', 'custom', '{}'::jsonb)`,
    );
    expect((await done()).network).toBe(true);

    // Reviewing the offers: an administrator's change to one (here, switching it off and on).
    const offerId = await insertOffer(db, { network: 'demo' });
    for (const is_active of [false, true]) {
      const res = await admin.put('/api/admin/offers.php', { offer_id: offerId, is_active });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await done()).offers).toBe(true);
    expect((await gettingStartedOf(db)).show).toBe(true);

    // A member signs in to the member app: the last step; the checklist is gone.
    const [member] = await query<{ id: number }>(
      db,
      sql`insert into users (email, referral_code) values ('first@example.com', 'FIRST1') returning id`,
    );
    await execute(
      db,
      sql`insert into sessions (id_hash, public_id, kind, user_id, expires_at)
          values ('hash-1', 'public-1', 'member', ${member!.id}, now() + interval '1 day')`,
    );
    expect(await gettingStartedOf(db)).toEqual({
      show: false,
      steps: [
        { id: 'network', done: true },
        { id: 'offers', done: true },
        { id: 'vouchers', done: true },
        { id: 'member_app', done: true },
      ],
      missing_amounts: [],
    });
  });

  it('is not shown once the console has real activity, whatever is left to do', async () => {
    await execute(db, sql`delete from sessions where kind = 'member'`);
    expect((await gettingStartedOf(db)).show).toBe(true);
    // Conversions on the demo's offers are not real activity.
    await execute(db, sql`update offers set total_completions = 3 where network in ('demo', 'cpx-demo')`);
    expect((await gettingStartedOf(db)).show).toBe(true);
    // One conversion on an offer of the operator's own.
    await insertOffer(db, { network: 'acme', totalCompletions: 1 });
    expect((await gettingStartedOf(db)).show).toBe(false);
  });
});

describe.each(DATABASE_KINDS)('the offers list in one currency, on %s', (kind) => {
  let db: Db;
  let admin: Client;
  adminTestApp(kind, async (setup) => {
    db = setup.db;
    admin = await adminClient(setup.app);
  });

  it("shows each offer's revenue in rupees, the vouchers its spins handed out and the margin", async () => {
    const offerId = await insertOffer(db, { title: 'Money offer', totalRevenue: 2, totalCompletions: 1 });
    const [member] = await query<{ id: number }>(
      db,
      sql`insert into users (email, referral_code) values ('money@example.com', 'MONEY1') returning id`,
    );
    await execute(
      db,
      sql`insert into completions (user_id, offer_id, network, transaction_id, status, payout_amount, completed_at)
          values (${member!.id}, ${offerId}, 'testnet', 'money-1', 'approved', 2, now())`,
    );
    await insertVouchers(db, 10, 1);
    // The spin function keeps the offer's voucher cost with its other counters.
    const [spin] = await query<{ r_is_win: boolean }>(
      db,
      sql`select * from rewards_spin(${member!.id}, 'offer', ${offerId}, 10, 'voucher_10',
                                     '[10,10,10]'::jsonb, '[0,5,10]'::jsonb)`,
    );
    expect(spin!.r_is_win).toBe(true);
    const res = await admin.get('/api/admin/offers.php?search=Money');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().offers as Record<string, unknown>[];
    // $2 × 83 = ₹166 of revenue, one ₹10 code: ₹156 of margin.
    expect(row).toMatchObject({ total_revenue: 2, revenue_inr: 166, voucher_cost: 10, margin_inr: 156 });
  });
});

describe.each(DATABASE_KINDS)('the win-rate window, on %s', (kind) => {
  let db: Db;
  adminTestApp(kind, async (setup) => {
    db = setup.db;
  });

  it(`reads only each offer's last ${WIN_RATE_WINDOW} spins`, async () => {
    const offerId = await insertOffer(db, { slotConfig: { reels: [{ amount: 10, probability: 50 }] } });
    const [member] = await query<{ id: number }>(
      db,
      sql`insert into users (email, referral_code) values ('window@example.com', 'WINDOW1') returning id`,
    );
    // 20 early spins drew ₹10, then WIN_RATE_WINDOW spins drew nothing: the window holds only the latter.
    await insertSpins(db, { offerId, userId: member!.id, count: 20, drawn: 10, win: true, ago: '2 days' });
    await insertSpins(db, { offerId, userId: member!.id, count: WIN_RATE_WINDOW, drawn: null, win: false });
    const { winRates } = await computeAttention(db, {
      fxUsdInr: 83,
      reversalHold: { threshold: 3, days: 30 },
    });
    const row = winRates.find((w) => w.offer_id === offerId)!;
    expect(row.spins).toBe(WIN_RATE_WINDOW);
    expect(row.amounts[0]).toMatchObject({ amount: 10, draws: 0, observed: 0, flagged: true });
  });
});

describe.each(DATABASE_KINDS)('what waits, first (issue 36), on %s', (kind) => {
  let admin: Client;
  let m: number[];
  let offerId: number;

  adminTestApp(kind, async ({ app, db }) => {
    admin = await adminClient(app);
    m = await insertMembers(db, 8);
    offerId = await insertOffer(db, { title: 'Survey Sprint' });
    // Seven claims waiting, one per member (a member has one pending claim per offer): the first
    // member's the oldest (9 days), then 8 days ... 3 days; an older one decided.
    const claim = async (userId: number, ago: string, n: number, status = 'pending') => {
      await execute(
        db,
        sql`insert into clicks (id, user_id, offer_id, created_at)
            values (${`click-${n}`}, ${userId}, ${offerId}, now() - ${ago}::interval)`,
      );
      await execute(
        db,
        sql`insert into claims (user_id, click_id, offer_id, status, created_at)
            values (${userId}, ${`click-${n}`}, ${offerId}, ${status}, now() - ${ago}::interval)`,
      );
    };
    for (let n = 1; n <= 7; n++) await claim(m[n - 1]!, `${10 - n} days`, n);
    await claim(m[7]!, '20 days', 8, 'approved');
    // Two rewards held for review (the oldest 30 hours ago) and one already released.
    const hold = (status: string, ago: string) =>
      execute(
        db,
        sql`insert into reward_holds (user_id, kind, score, level, reasons, status, created_at)
            values (${m[0]!}, 'conversion', 70, 'high', '[]'::jsonb, ${status}, now() - ${ago}::interval)`,
      );
    await hold('held', '30 hours');
    await hold('held', '2 hours');
    await hold('released', '90 hours');
    // Codes expiring within 7 days: Amazon ₹10 and ₹50, Flipkart ₹100: two brands, two lines.
    await insertVouchers(db, 50, 2, { voucherBrand: 'Amazon', expiryDate: daysFromNow(5) });
    await insertVouchers(db, 10, 1, { voucherBrand: 'Amazon', expiryDate: daysFromNow(2) });
    await insertVouchers(db, 100, 4, { voucherBrand: 'Flipkart', expiryDate: daysFromNow(6) });
  });

  it('lists the oldest claims waiting, the held rewards and one expiring line per brand', async () => {
    const res = await admin.get('/api/admin/attention.php');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AdminAttentionResponse;
    expect(body.claims.waiting).toBe(7);
    // The oldest five, oldest first, naming the member and the offer.
    expect(body.claims.oldest.map((c) => [c.claim_id, c.user_id, c.user_name, c.offer_title])).toEqual([
      [1, m[0], 'Member M1', 'Survey Sprint'],
      [2, m[1], 'Member M2', 'Survey Sprint'],
      [3, m[2], 'Member M3', 'Survey Sprint'],
      [4, m[3], 'Member M4', 'Survey Sprint'],
      [5, m[4], 'Member M5', 'Survey Sprint'],
    ]);
    expect(Date.now() - Date.parse(body.claims.oldest[0]!.created_at)).toBeGreaterThan(8.9 * 86_400_000);
    expect(body.reviews.waiting).toBe(2);
    const heldFor = Date.now() - Date.parse(body.reviews.oldest_at!);
    expect(heldFor).toBeGreaterThan(29.9 * 3_600_000);
    expect(heldFor).toBeLessThan(31 * 3_600_000);
    expect(body.expiring).toEqual([
      { brand: 'Amazon', codes: 3, amounts: [10, 50], first_expiry: daysFromNow(2) },
      { brand: 'Flipkart', codes: 4, amounts: [100], first_expiry: daysFromNow(6) },
    ]);
    // Two expiring brands, the claims waiting (1) and the held rewards (1); stock: ₹10, ₹50 and ₹100
    // are not payable and have no demand, but the default table's amounts have no codes at all.
    const stockFlags = body.stock.filter((s) => s.flagged).length;
    expect(body.count).toBe(2 + 1 + 1 + stockFlags);
  });
});
