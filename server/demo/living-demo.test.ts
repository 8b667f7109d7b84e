// The living demo (server/demo/history.ts): 60 days of history through the product's services, the
// same for the same seed, consistent by every invariant of the reliability suite, and enough for the
// console's dashboard and needs-attention panel to have something to say.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, type Db } from '../db/client';
import { createTestDatabase, DATABASE_KINDS, TEST_EMULATOR_HOST, type TestDatabase } from '../test/helpers';
import { emulatorIdToken } from './emulator';
import { checkInvariants } from '../../tests/reliability/support/db';
import { dashboard } from '../admin/dashboard/service';
import { computeAttention } from '../admin/attention/service';
import { REVERSAL_HOLD_DEFAULTS } from '../config';
import { DEMO_ACCOUNTS } from '../lib/demo-accounts';
import { seedDemo, type SeedResult } from './seed';
import { demoSeedBlockers } from './history';

/**
 * checkInvariants reads through a pg Pool's query(text); the test databases answer through drizzle. Its
 * statements are any text, so their rows are too.
 */
const poolOf = (db: Db) =>
  ({
    query: async (text: string) => ({ rows: await query<Record<string, unknown>>(db, sql.raw(text)) }),
  }) as unknown as pg.Pool;

/** The history's rows as a member would tell them, without ids or timestamps. */
async function rowsDigest(db: Db) {
  const [row] = await query<{ spins: string; conversions: string; vouchers: string; referrals: string }>(
    db,
    sql`select
      (select md5(string_agg(concat_ws(',', u.email, s.spin_type, o.external_offer_id, s.drawn_amount, s.is_win,
                                       s.stock_out, s.slot_result::text, v.voucher_amount, v.voucher_brand), '|' order by s.id))
         from spins s join users u on u.id = s.user_id left join offers o on o.id = s.offer_id
         left join vouchers v on v.id = s.voucher_id) as spins,
      (select md5(string_agg(concat_ws(',', u.email, o.external_offer_id, c.network, c.transaction_id, c.status,
                                       c.payout_amount, c.spinner_used, c.is_first_completion), '|' order by c.id))
         from completions c join users u on u.id = c.user_id join offers o on o.id = c.offer_id) as conversions,
      (select md5(string_agg(concat_ws(',', v.voucher_brand, v.voucher_amount, v.status, u.email), '|' order by v.id))
         from vouchers v left join users u on u.id = v.assigned_to_user_id) as vouchers,
      (select md5(string_agg(concat_ws(',', a.email, b.email, r.status, r.same_device, r.free_spins_granted), '|' order by r.id))
         from referrals r join users a on a.id = r.referrer_user_id join users b on b.id = r.referred_user_id) as referrals`,
  );
  return row;
}

describe.each(DATABASE_KINDS)('the living demo on %s', (kind) => {
  let first: TestDatabase;
  let second: TestDatabase;
  let a: SeedResult;
  let b: SeedResult;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(kind, 2), createTestDatabase(kind, 2)]);
    // One after the other: two seeds at once would only share the machine's two cores.
    a = await seedDemo(first.database.db, { adminUsername: 'demo-admin' });
    b = await seedDemo(second.database.db, { adminUsername: 'demo-admin' });
  }, 600_000);
  afterAll(async () => {
    await first?.drop();
    await second?.drop();
  });

  it('gives the same history for the same seed: the same figures and the same rows', async () => {
    const s = a.history!.summary;
    expect(b.history!.summary).toEqual(s);
    expect(await rowsDigest(second.database.db)).toEqual(await rowsDigest(first.database.db));
    // A few hundred members, and every kind of event the brief names.
    expect(s.members).toBeGreaterThanOrEqual(200);
    expect(s.clicks).toBeGreaterThan(s.members);
    expect(s.conversions.pending).toBeGreaterThan(0);
    expect(s.conversions.approved).toBeGreaterThan(200);
    expect(s.conversions.reversed).toBeGreaterThan(0);
    expect(s.wins).toBeGreaterThan(0);
    expect(s.spins).toBeGreaterThan(s.wins);
    expect(s.vouchersAssigned).toBe(s.wins);
    expect(s.stockOuts).toBeGreaterThan(0);
    expect(s.claims.pending + s.claims.approved + s.claims.rejected).toBeGreaterThan(0);
    expect(s.claims.approved).toBeGreaterThan(0);
    expect(s.claims.rejected).toBeGreaterThan(0);
    expect(s.referrals.successful).toBeGreaterThan(0);
    expect(s.referrals.completed_waiting).toBeGreaterThan(0);
    expect(s.referrals.denied).toBe(1);
    expect(s.heldMembers).toBe(1);
    expect(s.clawbacks).toBeGreaterThan(0);
    // Both demo networks credited conversions.
    const networks = await query<{ network: string }>(
      first.database.db,
      sql`select distinct network from completions order by network`,
    );
    expect(networks.map((n) => n.network)).toEqual(['cpx-demo', 'demo']);
  });

  it('holds every invariant of the reliability suite', async () => {
    for (const db of [first.database.db, second.database.db]) {
      const broken = (await checkInvariants(poolOf(db))).filter((i) => i.broken > 0);
      expect(broken).toEqual([]);
    }
  });

  it('spreads over the last 60 days, ending now', async () => {
    const [span] = await query<{ first: string; last: string }>(
      first.database.db,
      sql`select min(registration_date) as first, max(registration_date) as last from users`,
    );
    const [conv] = await query<{ days: number }>(
      first.database.db,
      sql`select count(distinct date_trunc('day', completed_at))::int as days from completions`,
    );
    const now = Date.now();
    expect(now - new Date(span!.first).getTime()).toBeGreaterThan(55 * 86_400_000);
    expect(now - new Date(span!.first).getTime()).toBeLessThan(61 * 86_400_000);
    expect(new Date(span!.last).getTime()).toBeLessThan(now);
    expect(conv!.days).toBeGreaterThanOrEqual(55);
  });

  it('gives the dashboard a chart, lists and a funnel, and the needs-attention panel its items', async () => {
    const db = first.database.db;
    const d = await dashboard(db, { fxUsdInr: 83 });
    // Every day of the chart but today (which may have only just begun) has conversions.
    expect(d.dailyConversions.slice(0, -1).every((day) => day.conversions > 0)).toBe(true);
    expect(d.recentUsers).toHaveLength(8);
    expect(d.recentConversions).toHaveLength(8);
    expect(d.topReferrers.length).toBeGreaterThan(3);
    expect(d.referralFunnel.completed_first_offer).toBeGreaterThan(0);
    expect(d.referralFunnel.rewards_granted).toBeGreaterThan(0);
    expect(d.stats.clawbacks30d.count).toBeGreaterThan(0);
    expect(d.stats.heldMembers).toBe(1);

    const att = await computeAttention(db, { fxUsdInr: 83, reversalHold: REVERSAL_HOLD_DEFAULTS });
    expect(att.count).toBeGreaterThan(0);
    expect(att.heldReferrals).toBeGreaterThan(0);
    expect(att.stock.some((s) => s.flagged && s.stock_outs7d > 0)).toBe(true);
    expect(att.expiring.length).toBeGreaterThan(0);
    expect(att.reversals.members.length).toBeGreaterThan(0);
    expect(att.refusedPostbacks).toEqual([
      expect.objectContaining({ network: 'CPX Research (demo)', refused: 4 }),
    ]);
    expect(att.winRates.every((w) => w.spins > 0)).toBe(true);
  });

  it('gives the account chooser’s members histories: completions, spins, vouchers, a referral', async () => {
    const rows = await query<{
      firebase_uid: string;
      total_completions: number;
      spins_used: number;
      total_vouchers_won: number;
      successful_referrals: number;
      free_spins_remaining: number;
    }>(
      first.database.db,
      sql`select firebase_uid, total_completions, spins_used, total_vouchers_won, successful_referrals,
                 free_spins_remaining
            from users where firebase_uid like 'demo-%' and firebase_uid not like 'demo-history-%'
            order by firebase_uid`,
    );
    expect(rows.map((r) => r.firebase_uid).sort()).toEqual(DEMO_ACCOUNTS.map((x) => x.sub).sort());
    for (const r of rows) {
      expect(r.total_completions).toBeGreaterThan(0);
      expect(r.spins_used).toBeGreaterThan(0);
      // Nothing left waiting: a member's first free spin in the app is the one a friend earns them.
      expect(r.free_spins_remaining).toBe(0);
    }
    expect(rows.reduce((n, r) => n + r.total_vouchers_won, 0)).toBeGreaterThan(0);
    const asha = rows.find((r) => r.firebase_uid === 'demo-asha')!;
    expect(asha.successful_referrals).toBe(1);
  });

  it('makes npm run seed:demo refuse a database with real members, and one with the history', async () => {
    expect(await demoSeedBlockers(first.database.db)).toEqual({ realMembers: 0, historyPresent: true });
    const fresh = await createTestDatabase(kind, 2);
    try {
      const db = fresh.database.db;
      expect(await demoSeedBlockers(db)).toEqual({ realMembers: 0, historyPresent: false });
      await db.execute(
        sql`insert into users (firebase_uid, email, referral_code) values ('google-uid-1', 'real@example.com', 'REAL1')`,
      );
      expect(await demoSeedBlockers(db)).toEqual({ realMembers: 1, historyPresent: false });
    } finally {
      await fresh.drop();
    }
  });
});

describe("the account chooser's accounts", () => {
  it('sign in through the emulator with their own uid, the one the demo history gave its members', async () => {
    // The test run's emulator was started by startAuthEmulator (server/test/global-setup.ts).
    for (const account of DEMO_ACCOUNTS) {
      const token = await emulatorIdToken(TEST_EMULATOR_HOST, account);
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        user_id: string;
      };
      expect(claims.user_id).toBe(account.sub);
    }
  });
});
