// Honest prizes at stock-out (docs/product-rules.md#spins, "Stock-outs and owed vouchers"): an amount
// with no code in stock is never drawn and the odds members see are those of what can be won now; a win
// that lost the race for the last code is owed and assigned at the next restock of its amount, oldest
// debt first and exactly once, announced live. On both databases; the races themselves (real parallel
// connections) on PostgreSQL only.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { execute, query, type Db } from '../db/client';
import { completions, users } from '../db/schema';
import { adminCookie, createAdmin } from '../test/admin';
import {
  DATABASE_KINDS,
  POSTGRES_URL,
  TEST_SESSION_SECRET,
  completeOffer,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';
import { createSession } from '../members/sessions-service';
import type { MemberEvent } from '../events/service';
import { spin } from './service';

/** The draw's roll fixed (out of 10 000), every other pick the first one. */
const roll = (r: number) => (max: number) => (max === 10_000 ? r : 0);

/** A debt as rewards_spin leaves one (a won spin without a code, and its owed_vouchers row). */
async function owe(db: Db, userId: number, amount: number): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    sql`with s as (
          insert into spins (user_id, spin_type, slot_result, is_win, drawn_amount, reward_type)
          values (${userId}, 'free', ${JSON.stringify([amount, amount, amount])}::jsonb, true, ${amount},
                  ${`voucher_${amount}`})
          returning id)
        insert into owed_vouchers (user_id, spin_id, voucher_amount, assignment_context)
        select ${userId}, s.id, ${amount}, 'free_spin_from_referral' from s
        returning id`,
  );
  return row!.id;
}

async function debts(db: Db, amount: number) {
  return query<{ id: number; user_id: number; voucher_id: number | null; assigned_to: number | null }>(
    db,
    sql`select d.id, d.user_id, d.voucher_id, v.assigned_to_user_id as assigned_to
          from owed_vouchers d left join vouchers v on v.id = d.voucher_id
         where d.voucher_amount = ${amount} order by d.id`,
  );
}

/** The console's Add Vouchers (POST /api/admin/vouchers.php): a restock of `amount`. */
function addCodes(app: FastifyInstance, admin: string, amount: number, codes: string[]) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/vouchers.php',
    headers: { cookie: admin },
    payload: {
      voucher_brand: 'Restock',
      voucher_type: 'Gift Card',
      voucher_amount: amount,
      voucher_codes: codes,
      expiry_date: '2099-12-31',
    },
  });
}

/** Until `check` passes (the app hears a commit's notifications a moment later), at most 5 s. */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 5000;
  for (;;) {
    const v = await read();
    if (check(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The member's live events, as their open stream would get them. */
function listen(app: FastifyInstance, userId: number): MemberEvent[] {
  const got: MemberEvent[] = [];
  app.memberEvents.subscribe(
    {
      userId,
      sessionKey: 'test',
      send: (e) => got.push(e),
      end: () => {},
      resync: () => {},
      heartbeat: () => {},
    },
    null,
  );
  return got;
}

describe.each(DATABASE_KINDS)('stock-outs and owed vouchers on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: string;
  testAppPerSuite(kind, async (s) => {
    app = s.app;
    db = s.db;
    await createAdmin(db);
    admin = await adminCookie(app);
  });

  const get = (url: string, m: SignedInMember) =>
    app.inject({ method: 'GET', url, headers: { cookie: m.cookie } });
  const restock = (amount: number, codes: string[]) => addCodes(app, admin, amount, codes);

  it('a tier with no code in stock is never drawn: its rolls are misses, and the odds shown leave it out', async () => {
    // The default table (free spins): ₹10 at 20 % (rolls 0-1999), ₹5 at 30 % (2000-4999). Only ₹10 is stocked.
    await insertVouchers(db, 10, 3, { voucherBrand: 'Ten' });
    const m = await signIn(app, newAccount('never-drawn'));
    await db.update(users).set({ freeSpinsRemaining: 20 }).where(eq(users.id, m.userId));
    await spin(db, { userId: m.userId, spinType: 'free' }, {}, roll(9000));
    for (const r of [2000, 2500, 3333, 4999]) {
      const res = await spin(db, { userId: m.userId, spinType: 'free' }, {}, roll(r));
      expect(res).toMatchObject({ isWinningCombination: false, rewardType: 'none', voucher: null });
      expect(res.owedVoucher).toBeNull();
      expect(new Set(res.slotResult).size).toBeGreaterThan(1);
      expect(res.odds).toEqual({ reels: [{ amount: 10, probability: 20 }] });
    }
    const won = await spin(db, { userId: m.userId, spinType: 'free' }, {}, roll(0));
    expect(won).toMatchObject({ isWinningCombination: true, voucher: { amount: 10, brand: 'Ten' } });
    const recorded = await query<{ stock_out: boolean; is_win: boolean }>(
      db,
      sql`select stock_out, is_win from spins where user_id = ${m.userId} order by id`,
    );
    expect(recorded.filter((s) => s.stock_out)).toHaveLength(4);
    expect(recorded).toHaveLength(6);
    expect(recorded.filter((s) => s.is_win)).toHaveLength(1);

    // offers.php: each offer's slot_odds and the free spin's odds are the stocked tiers only.
    const offerId = await insertOffer(db, {
      slotConfig: {
        reels: [
          { amount: 10, probability: 30 },
          { amount: 500, probability: 1 },
        ],
      },
    });
    const body = (
      await eventually(
        () => get('/api/offers.php', m),
        (r) => r.statusCode === 200,
      )
    ).json();
    const offer = body.offers.find((o: { offer_id: number }) => o.offer_id === offerId);
    expect(offer.slot_config.reels).toHaveLength(2);
    expect(offer.slot_odds).toEqual({ reels: [{ amount: 10, probability: 30 }] });
    expect(body.freeSpinOdds).toEqual({ reels: [{ amount: 10, probability: 20 }] });
  });

  it('the odds follow the stock: the last code taken drops the amount, a restock brings it back', async () => {
    await insertVouchers(db, 21, 1);
    const m = await signIn(app, newAccount('odds-follow'));
    const offerId = await insertOffer(db, { slotConfig: { reels: [{ amount: 21, probability: 60 }] } });
    const oddsOf = async () =>
      (await get('/api/offers.php', m))
        .json()
        .offers.find((o: { offer_id: number }) => o.offer_id === offerId).slot_odds;
    expect(await oddsOf()).toEqual({ reels: [{ amount: 21, probability: 60 }] });
    await completeOffer(app, m, offerId);
    const won = await spin(db, { userId: m.userId, spinType: 'offer', offerId }, {}, roll(0));
    expect(won).toMatchObject({ isWinningCombination: true, voucher: { amount: 21 } });
    // The result panel states this spin's odds (it could win ₹21); the offers list, the odds after it.
    expect(won.odds).toEqual({ reels: [{ amount: 21, probability: 60 }] });
    expect(await eventually(oddsOf, (o) => o.reels.length === 0)).toEqual({ reels: [] });
    expect((await restock(21, ['BACK-21-A'])).statusCode).toBe(200);
    expect(await eventually(oddsOf, (o) => o.reels.length === 1)).toEqual({
      reels: [{ amount: 21, probability: 60 }],
    });
  });

  it('owed vouchers are assigned at restock, oldest first and exactly once; the member sees them and hears it live', async () => {
    const amount = 613;
    const a = await signIn(app, newAccount('owed-a'));
    const b = await signIn(app, newAccount('owed-b'));
    const first = await owe(db, a.userId, amount);
    const second = await owe(db, b.userId, amount);
    const third = await owe(db, a.userId, amount);
    const heardA = listen(app, a.userId);
    const heardB = listen(app, b.userId);

    const before = (await get('/api/user-stats.php', a)).json();
    expect(before.owedVouchers).toHaveLength(2);
    expect(before.owedVouchers[0]).toMatchObject({
      voucher_amount: amount,
      title: 'Free Spin Bonus',
      voucher_source: 'free_spin',
    });

    // Two codes: the two oldest debts (a's first, then b's), in one restock.
    const res = await restock(amount, ['OWED-613-A', 'OWED-613-B']);
    expect(res.json()).toMatchObject({ created: 2, duplicates: [] });
    let rows = await debts(db, amount);
    expect(rows.map((d) => [d.id, d.assigned_to])).toEqual([
      [first, a.userId],
      [second, b.userId],
      [third, null],
    ]);
    // Nothing left over for a spin: both codes went to the debts.
    const [left] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from vouchers where voucher_amount = ${amount} and status = 'available'`,
    );
    expect(left!.n).toBe(0);

    // The next code settles the third debt; later restocks settle nothing twice.
    await restock(amount, ['OWED-613-C']);
    await restock(amount, ['OWED-613-D']);
    rows = await debts(db, amount);
    expect(rows.map((d) => d.assigned_to)).toEqual([a.userId, b.userId, a.userId]);
    expect(new Set(rows.map((d) => d.voucher_id)).size).toBe(3);
    const [spare] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from vouchers where voucher_amount = ${amount} and status = 'available'`,
    );
    expect(spare!.n).toBe(1);
    // The spin rows point at their codes.
    const [linked] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from owed_vouchers d join spins s on s.id = d.spin_id
           where d.voucher_amount = ${amount} and s.voucher_id = d.voucher_id`,
    );
    expect(linked!.n).toBe(3);

    // Heard live, once per debt.
    await eventually(
      async () => heardA.length + heardB.length,
      (n) => n >= 3,
    );
    const vouchersA = heardA.filter((e) => e.type === 'voucher');
    expect(vouchersA.map((e) => e.data.owedId)).toEqual([first, third]);
    expect(vouchersA[0]!.data).toMatchObject({ amount, title: 'Free Spin Bonus' });
    expect(heardB.filter((e) => e.type === 'voucher').map((e) => e.data.owedId)).toEqual([second]);

    // user-stats: the debts are gone, the codes are among the member's vouchers.
    const after = (
      await eventually(
        () => get('/api/user-stats.php', a),
        (r) => r.json().owedVouchers.length === 0,
      )
    ).json();
    expect(after.owedVouchers).toEqual([]);
    expect(
      after.userVouchers.filter((v: { voucher_amount: number }) => v.voucher_amount === amount),
    ).toHaveLength(2);
  });

  it('an expired code set back to available settles a debt of its amount', async () => {
    const amount = 614;
    const m = await signIn(app, newAccount('owed-unexpire'));
    await insertVouchers(db, amount, 1, { status: 'expired', voucherCode: 'UNEXPIRE-614' });
    const debt = await owe(db, m.userId, amount);
    const [v] = await query<{ id: number }>(
      db,
      sql`select id from vouchers where voucher_code = 'UNEXPIRE-614'`,
    );
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/vouchers.php',
      headers: { cookie: admin },
      payload: { voucher_id: v!.id, status: 'available' },
    });
    expect(res.statusCode).toBe(200);
    expect((await debts(db, amount)).map((d) => [d.id, d.voucher_id])).toEqual([[debt, v!.id]]);
  });
});

// Real parallel connections: PGlite serves one connection at a time.
describe.skipIf(!POSTGRES_URL)('owed vouchers under concurrency on PostgreSQL', () => {
  let app: FastifyInstance;
  let db: Db;
  let admin: string;
  testAppPerSuite(
    'postgres',
    async (s) => {
      app = s.app;
      db = s.db;
      await createAdmin(db);
      admin = await adminCookie(app);
    },
    { poolMax: 20 },
  );

  const restock = (amount: number, codes: string[]) => addCodes(app, admin, amount, codes);

  /** Members with one approved, unspent completion of `offerId`, made directly. */
  async function membersWithCompletion(count: number, offerId: number) {
    const tag = Math.random().toString(36).slice(2, 8);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `o${tag}${i}@example.com`,
          firebaseUid: `o-${tag}-${i}`,
          referralCode: `O${tag}${i}`.toUpperCase().padEnd(8, 'X').slice(0, 12),
          totalCompletions: 1,
          adultConfirmedAt: new Date(),
          residenceState: 'KA',
        })),
      )
      .returning({ id: users.id });
    await db.insert(completions).values(
      rows.map((r, i) => ({
        userId: r.id,
        offerId,
        network: 'testnet',
        transactionId: `ot-${tag}-${i}`,
        status: 'approved' as const,
        completedAt: new Date(),
      })),
    );
    return Promise.all(
      rows.map(async (r) => {
        const s = await createSession(db, TEST_SESSION_SECRET, { kind: 'member', userId: r.id }, 3_600_000);
        return { userId: r.id, cookie: `sid=${s.sid}` };
      }),
    );
  }
  const spinOffer = (m: { cookie: string }, offerId: number) =>
    app.inject({
      method: 'POST',
      url: '/api/slot-spin.php',
      headers: { cookie: m.cookie },
      payload: { offerId, spinType: 'offer' },
    });

  it('a win that loses the race for the last code is owed (not a miss), then assigned at restock and heard live', async () => {
    const amount = 731;
    // 99.99 %: every roll but the last wins the tier.
    const offerId = await insertOffer(db, { slotConfig: { reels: [{ amount, probability: 99.99 }] } });
    const [m] = await membersWithCompletion(1, offerId);
    await insertVouchers(db, amount, 1, { voucherCode: 'LAST-731' });
    const heard = listen(app, m!.userId);
    let body: Record<string, unknown> = {};
    // Another transaction is taking the last code while the member spins; it then keeps it.
    await db.transaction(async (tx) => {
      await execute(tx, sql`select id from vouchers where voucher_code = 'LAST-731' for update`);
      body = (await spinOffer(m!, offerId)).json();
      await execute(tx, sql`update vouchers set status = 'used' where voucher_code = 'LAST-731'`);
    });
    if (body.slotResult && (body.slotResult as number[])[0] !== amount) return; // the 0.01 % miss
    expect(body).toMatchObject({
      isWinningCombination: true,
      rewardType: `voucher_${amount}`,
      voucher: null,
      owedVoucher: { amount },
      slotResult: [amount, amount, amount],
    });
    const [c] = await db.select().from(completions).where(eq(completions.userId, m!.userId));
    expect(c).toMatchObject({ spinnerUsed: true, rewardType: `voucher_${amount}`, voucherId: null });

    expect((await restock(amount, ['NEXT-731'])).statusCode).toBe(200);
    const [d] = await debts(db, amount);
    expect(d!.assigned_to).toBe(m!.userId);
    const [c2] = await db.select().from(completions).where(eq(completions.userId, m!.userId));
    expect(c2!.voucherId).toBe(d!.voucher_id);
    await eventually(
      async () => heard.length,
      (n) => n >= 1,
    );
    expect(heard.filter((e) => e.type === 'voucher').map((e) => e.data.voucherId)).toEqual([d!.voucher_id]);
  });

  it('concurrent spins and restocks: no code twice, every debt settled once, oldest first', async () => {
    const amount = 733;
    const offerId = await insertOffer(db, { slotConfig: { reels: [{ amount, probability: 99.99 }] } });
    const members = await membersWithCompletion(80, offerId);
    await insertVouchers(db, amount, 6);
    // Debts already waiting (older than any the spins leave), so each restock has a queue to serve.
    const waiting = await membersWithCompletion(12, offerId);
    for (const w of waiting) await owe(db, w.userId, amount);

    const codes = (batch: number, n: number) =>
      Array.from(
        { length: n },
        (_, i) => `RACE-${amount}-${batch}-${i}-${Math.random().toString(36).slice(2, 8)}`,
      );
    const spinsDone = Promise.all(members.map((m) => spinOffer(m, offerId)));
    const restocks = Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (batch) => {
        await new Promise((r) => setTimeout(r, batch * 15));
        return restock(amount, codes(batch, 5));
      }),
    );
    const [answers, restocked] = await Promise.all([spinsDone, restocks]);
    expect(answers.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    expect(restocked.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // What the members were told: a code, or owed; a miss only if there was no stock at all.
    const told = answers.map((r) => r.json());
    const wonWithCode = told.filter((b) => b.voucher !== null).length;
    const owedNow = told.filter((b) => b.owedVoucher !== null).length;

    // No code given twice (the unique voucher ids), and every assigned code is its debtor's.
    const [dupes] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select voucher_id from spins where voucher_id is not null group by voucher_id having count(*) > 1) x`,
    );
    expect(dupes!.n).toBe(0);
    const rows = await debts(db, amount);
    expect(rows).toHaveLength(12 + owedNow);
    for (const d of rows) if (d.voucher_id !== null) expect(d.assigned_to).toBe(d.user_id);
    expect(new Set(rows.filter((d) => d.voucher_id).map((d) => d.voucher_id)).size).toBe(
      rows.filter((d) => d.voucher_id).length,
    );
    // Oldest first: a debt the race left is settled only once every debt that was already waiting is
    // (those were committed before any restock began; among the race's own debts, the order a restock
    // sees is their commits', not their ids'); and an open debt means no code is left.
    const open = rows.filter((d) => d.voucher_id === null).map((d) => d.id);
    const settled = rows.filter((d) => d.voucher_id !== null).map((d) => d.id);
    const waitingIds = new Set(
      rows
        .map((d) => d.id)
        .sort((a, b) => a - b)
        .slice(0, 12),
    );
    if (settled.some((id) => !waitingIds.has(id)))
      expect(open.filter((id) => waitingIds.has(id))).toEqual([]);
    const [left] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from vouchers where voucher_amount = ${amount} and status = 'available'`,
    );
    if (open.length > 0) expect(left!.n).toBe(0);
    // Every code accounted for: 6 + 30 codes = wins with a code + settled debts + what is left.
    expect(wonWithCode + settled.length + left!.n).toBe(36);
  });
});
