// Concurrency on PostgreSQL with real parallel connections (PGlite serves one connection, so these
// run only when TEST_DATABASE_URL or DATABASE_URL is set; CI sets it).
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  POSTGRES_URL,
  TEST_SESSION_SECRET,
  clickOffer,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn,
  signedPostbackUrl,
  testAppPerSuite,
} from './helpers';
import { completions, referrals, spins, users, vouchers } from '../db/schema';
import { createSession } from '../members/sessions-service';
import { query, type Db } from '../db/client';
import { withDraw } from './fixed-draw';

// A check on wins fixes the draw (withDraw), so it has wins to count.
vi.mock('node:crypto', (original) => import('./fixed-draw').then((m) => m.cryptoWithFixedDraw(original)));

// Skipped without PostgreSQL; the server suites' global setup then says so at the end of the run.
describe.skipIf(!POSTGRES_URL)('concurrency on PostgreSQL', () => {
  let app: FastifyInstance;
  let database: Db;
  testAppPerSuite(
    'postgres',
    (setup) => {
      app = setup.app;
      database = setup.db;
    },
    { poolMax: 20 },
  );
  const db = () => database;

  /** Members with one approved, unspent completion of `offerId`, created directly for speed. */
  async function membersWithCompletion(
    count: number,
    offerId: number,
  ): Promise<{ userId: number; cookie: string }[]> {
    const tag = Math.random().toString(36).slice(2, 8);
    const rows = await db()
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `c${tag}${i}@example.com`,
          firebaseUid: `c-${tag}-${i}`,
          referralCode: `${tag}${i}`.toUpperCase().padEnd(8, 'X').slice(0, 12),
          totalCompletions: 1,
          adultConfirmedAt: new Date(),
          residenceState: 'KA',
        })),
      )
      .returning({ id: users.id });
    await db()
      .insert(completions)
      .values(
        rows.map((r, i) => ({
          userId: r.id,
          offerId,
          network: 'testnet',
          transactionId: `ct-${tag}-${i}`,
          status: 'approved' as const,
          completedAt: new Date(),
        })),
      );
    return Promise.all(
      rows.map(async (r) => {
        const s = await createSession(db(), TEST_SESSION_SECRET, { kind: 'member', userId: r.id }, 3_600_000);
        return { userId: r.id, cookie: `sid=${s.sid}` };
      }),
    );
  }

  it('200 concurrent spins of one completion: exactly one succeeds', async () => {
    const offerId = await insertOffer(db(), { slotConfig: { reels: [{ amount: 10, probability: 50 }] } });
    const [member] = await membersWithCompletion(1, offerId);
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/slot-spin.php',
          headers: { cookie: member!.cookie },
          payload: { offerId, spinType: 'offer' },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    const rows = await db().select().from(spins).where(eq(spins.userId, member!.userId));
    expect(rows).toHaveLength(1);
    const [u] = await db()
      .select({ spinsUsed: users.spinsUsed })
      .from(users)
      .where(eq(users.id, member!.userId));
    expect(u!.spinsUsed).toBe(1);
  });

  it('500 members spinning at once against a small stock: no voucher twice, wins never exceed stock', async () => {
    const amount = 37; // an amount no other test stocks
    const offerId = await insertOffer(db(), { slotConfig: { reels: [{ amount, probability: 99 }] } });
    await insertVouchers(db(), amount, 25);
    const members = await membersWithCompletion(500, offerId);
    const results = await Promise.all(
      members.map((m) =>
        app.inject({
          method: 'POST',
          url: '/api/slot-spin.php',
          headers: { cookie: m.cookie },
          payload: { offerId, spinType: 'offer' },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const answers = results.map((r) => r.json());
    // A win has a code, or is owed one (it lost the race for the last codes: docs/product-rules.md#spins).
    const wins = answers.filter((b) => b.isWinningCombination && b.voucher);
    const owed = answers.filter((b) => b.isWinningCombination && !b.voucher);
    expect(owed.every((b) => b.owedVoucher?.amount === amount)).toBe(true);
    const codes = wins.map((w) => w.voucher.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(wins.length).toBeLessThanOrEqual(25);
    // With a 99% win chance and 500 spins, the stock runs out: every voucher is given exactly once.
    expect(wins.length).toBe(25);
    const debts = await query<{ n: number }>(
      db(),
      sql`select count(*)::int as n from owed_vouchers where voucher_amount = ${amount} and voucher_id is null`,
    );
    expect(debts[0]!.n).toBe(owed.length);
    const assigned = await query<{ n: number; users: number }>(
      db(),
      sql`select count(*)::int as n, count(distinct assigned_to_user_id)::int as users from vouchers where voucher_amount = ${amount} and status = 'assigned'`,
    );
    expect(assigned[0]).toEqual({ n: 25, users: 25 });
    const spinWins = await query<{ n: number }>(
      db(),
      sql`select count(*)::int as n from spins where offer_id = ${offerId} and is_win`,
    );
    expect(spinWins[0]!.n).toBe(25 + owed.length);
    const stockOuts = await query<{ n: number }>(
      db(),
      sql`select count(*)::int as n from spins where offer_id = ${offerId} and stock_out`,
    );
    expect(stockOuts[0]!.n + 25 + owed.length).toBeLessThanOrEqual(500);
  });

  it('200 concurrent replays of one approved postback for a referred member: one completion, one free spin', async () => {
    const referrer = await signIn(app, newAccount('cref'), { deviceFingerprint: 'A' });
    const friend = await signIn(app, newAccount('cfriend'), {
      referralCode: referrer.referralCode,
      deviceFingerprint: 'B',
    });
    const offerId = await insertOffer(db());
    const clickId = await clickOffer(app, friend, offerId);
    const url = signedPostbackUrl({
      click_id: clickId,
      transaction_id: `R-${clickId}`,
      payout: '4',
      currency: 'USD',
      status: 'approved',
    });
    const results = await Promise.all(Array.from({ length: 200 }, () => app.inject({ url })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => !r.json().duplicate)).toHaveLength(1);
    const rows = await db().select().from(completions).where(eq(completions.userId, friend.userId));
    expect(rows).toHaveLength(1);
    const [ref] = await db().select().from(users).where(eq(users.id, referrer.userId));
    expect(ref).toMatchObject({ freeSpinsRemaining: 1, totalFreeSpinsEarned: 1, successfulReferrals: 1 });
    const [r] = await db().select().from(referrals).where(eq(referrals.referredUserId, friend.userId));
    expect(r).toMatchObject({ status: 'successful', freeSpinsGranted: 1 });
    const [f] = await db().select().from(users).where(eq(users.id, friend.userId));
    expect(f!.totalCompletions).toBe(1);
  });

  it('concurrent free spins never take the count below zero; each win is one voucher of the stock', async () => {
    const m = await signIn(app, newAccount('free'));
    await db().update(users).set({ freeSpinsRemaining: 3 }).where(eq(users.id, m.userId));
    // Every free spin draws 10 (the default reels' first amount, roll 0) and there is stock for more
    // than three: the three spins that get through all win, each a voucher of its own.
    await insertVouchers(db(), 10, 5);
    const results = await withDraw(0, () =>
      Promise.all(
        Array.from({ length: 50 }, () =>
          app.inject({
            method: 'POST',
            url: '/api/slot-spin.php',
            headers: { cookie: m.cookie },
            payload: { spinType: 'free' },
          }),
        ),
      ),
    );
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(47);
    const [u] = await db().select({ n: users.freeSpinsRemaining }).from(users).where(eq(users.id, m.userId));
    expect(u!.n).toBe(0);
    const codes = won.map((r) => r.json().voucher?.code);
    expect(won.map((r) => r.json().isWinningCombination)).toEqual([true, true, true]);
    const v = await db().select().from(vouchers).where(eq(vouchers.assignedToUserId, m.userId));
    expect(v.map((x) => x.voucherCode).sort()).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(3);
    const w = await db().select().from(spins).where(eq(spins.userId, m.userId));
    expect(w.filter((s) => s.isWin)).toHaveLength(3);
  });
});
