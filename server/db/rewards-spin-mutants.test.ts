// Mutation testing by hand for the rules inside the PostgreSQL function rewards_spin, which StrykerJS
// does not reach (docs/testing.md). Each mutant is the function's current text (server/db/functions)
// with one condition flipped; installed in a fresh database, it must break the spin rule it names,
// as a member (or the route calling the function) would notice. The unchanged text breaks none.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { execute, FUNCTIONS_DIR, type Db } from './client';
import { completions, users, vouchers } from './schema';
import {
  completeOffer,
  createTestApp,
  createTestDatabase,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn,
  type SignedInMember,
} from '../test/helpers';
import { withDraw } from '../test/fixed-draw';

// A free spin's check fixes the draw (withDraw), so it wins every time.
vi.mock('node:crypto', (original) =>
  import('../test/fixed-draw').then((m) => m.cryptoWithFixedDraw(original)),
);

const ORIGINAL = readFileSync(path.join(FUNCTIONS_DIR, 'rewards_spin.sql'), 'utf8');

interface Rules {
  app: FastifyInstance;
  db: Db;
}

const spinAs = (app: FastifyInstance, m: SignedInMember, payload: object) =>
  app.inject({ method: 'POST', url: '/api/slot-spin.php', headers: { cookie: m.cookie }, payload });

const freeSpinsOf = async (db: Db, userId: number) =>
  (await db.select({ n: users.freeSpinsRemaining }).from(users).where(eq(users.id, userId)))[0]!.n;

/** An offer whose only reel always draws `amount` (probability 100). */
/** A date n days from today, as vouchers store it (YYYY-MM-DD). */
const daysFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const sureOffer = (db: Db, amount: number) =>
  insertOffer(db, { slotConfig: { reels: [{ amount, probability: 100 }] } });

/**
 * The spin rules, each a check a member or the route would notice; each uses its own voucher amount so
 * that the checks share one database without touching each other's stock.
 */
const RULES: Record<string, (r: Rules) => Promise<void>> = {
  'an approved completion is spun once': async ({ app, db }) => {
    const m = await signIn(app, newAccount('once'));
    const offerId = await sureOffer(db, 21);
    await completeOffer(app, m, offerId);
    expect((await spinAs(app, m, { spinType: 'offer', offerId })).statusCode).toBe(200);
    expect((await spinAs(app, m, { spinType: 'offer', offerId })).statusCode).toBe(409);
  },
  'a pending completion cannot be spun': async ({ app, db }) => {
    const m = await signIn(app, newAccount('pending'));
    const offerId = await sureOffer(db, 22);
    await completeOffer(app, m, offerId, 'pending');
    expect((await spinAs(app, m, { spinType: 'offer', offerId })).statusCode).toBe(409);
  },
  'no free spin left is refused and never goes below zero': async ({ app }) => {
    const m = await signIn(app, newAccount('nofree'));
    const res = await spinAs(app, m, { spinType: 'free' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('You have no free spins left.');
  },
  'a free spin spends exactly one free spin; an offer spin spends none': async ({ app, db }) => {
    const m = await signIn(app, newAccount('spend'));
    await db.update(users).set({ freeSpinsRemaining: 2 }).where(eq(users.id, m.userId));
    expect((await spinAs(app, m, { spinType: 'free' })).json().freeSpinsRemaining).toBe(1);
    const offerId = await sureOffer(db, 23);
    await completeOffer(app, m, offerId);
    expect((await spinAs(app, m, { spinType: 'offer', offerId })).json().freeSpinsRemaining).toBe(1);
    expect(await freeSpinsOf(db, m.userId)).toBe(1);
  },
  'a member blocked before the spin statement is refused (RWBLK), nothing spent': async ({ app, db }) => {
    // The route refuses a blocked member's session first; the function's own check covers a block that
    // lands between that check and the spin, so it is called as the spin service calls it.
    const m = await signIn(app, newAccount('blocked'));
    await db.update(users).set({ freeSpinsRemaining: 1, isSuspicious: true }).where(eq(users.id, m.userId));
    const code = await execute(
      db,
      sql`select * from rewards_spin(${m.userId}, 'free', null, 0, 'none', '[0,0,0]'::jsonb, '[0,5,10]'::jsonb)`,
    ).then(
      () => null,
      (e: { code?: string; cause?: { code?: string } }) => e.code ?? e.cause?.code,
    );
    expect(code).toBe('RWBLK');
    expect(await freeSpinsOf(db, m.userId)).toBe(1);
  },
  'a voucher is given once; the next win takes the next voucher': async ({ app, db }) => {
    await insertVouchers(db, 24, 1, { expiryDate: '2098-01-01' });
    await insertVouchers(db, 24, 1, { expiryDate: '2099-01-01' });
    const codes: (string | null)[] = [];
    for (const label of ['first', 'second']) {
      const m = await signIn(app, newAccount(label));
      const offerId = await sureOffer(db, 24);
      await completeOffer(app, m, offerId);
      codes.push((await spinAs(app, m, { spinType: 'offer', offerId })).json().voucher?.code ?? null);
    }
    expect(codes.every((c) => c !== null)).toBe(true);
    expect(new Set(codes).size).toBe(2);
  },
  'the earliest-expiring voucher is given first': async ({ app, db }) => {
    await insertVouchers(db, 25, 1, { expiryDate: '2099-06-01', voucherDescription: 'later' });
    await insertVouchers(db, 25, 1, { expiryDate: '2098-06-01', voucherDescription: 'earlier' });
    const m = await signIn(app, newAccount('earliest'));
    const offerId = await sureOffer(db, 25);
    await completeOffer(app, m, offerId);
    const res = await spinAs(app, m, { spinType: 'offer', offerId });
    expect(res.json().voucher).toMatchObject({ expiryDate: '2098-06-01', description: 'earlier' });
  },
  'a code with 7 days left or more is given before one that expires sooner': async ({ app, db }) => {
    await insertVouchers(db, 28, 1, { expiryDate: daysFromToday(3), voucherDescription: 'lapsing' });
    await insertVouchers(db, 28, 1, { expiryDate: daysFromToday(40), voucherDescription: 'lasting' });
    const m = await signIn(app, newAccount('lasting'));
    const offerId = await sureOffer(db, 28);
    await completeOffer(app, m, offerId);
    const res = await spinAs(app, m, { spinType: 'offer', offerId });
    expect(res.json().voucher).toMatchObject({ description: 'lasting' });
  },
  'a code expiring within the week is still given when nothing longer-lived is in stock': async ({
    app,
    db,
  }) => {
    await insertVouchers(db, 29, 1, { expiryDate: daysFromToday(2), voucherDescription: 'last one' });
    const m = await signIn(app, newAccount('short'));
    const offerId = await sureOffer(db, 29);
    await completeOffer(app, m, offerId);
    const res = await spinAs(app, m, { spinType: 'offer', offerId });
    expect(res.json().voucher).toMatchObject({ description: 'last one', expiryDate: daysFromToday(2) });
  },
  'an expired voucher is never given: a stock-out is a miss': async ({ app, db }) => {
    await insertVouchers(db, 26, 1, { expiryDate: '2020-01-01' });
    const m = await signIn(app, newAccount('expired'));
    const offerId = await sureOffer(db, 26);
    await completeOffer(app, m, offerId);
    const res = await spinAs(app, m, { spinType: 'offer', offerId });
    expect(res.json()).toMatchObject({ isWinningCombination: false, voucher: null, rewardType: 'none' });
  },
  'a win is recorded on the completion and the voucher is the member’s': async ({ app, db }) => {
    await insertVouchers(db, 27, 1);
    const m = await signIn(app, newAccount('recorded'));
    const offerId = await sureOffer(db, 27);
    await completeOffer(app, m, offerId);
    const code = (await spinAs(app, m, { spinType: 'offer', offerId })).json().voucher.code;
    const [v] = await db.select().from(vouchers).where(eq(vouchers.voucherCode, code));
    const [c] = await db.select().from(completions).where(eq(completions.userId, m.userId));
    expect(v).toMatchObject({ status: 'assigned', assignedToUserId: m.userId, completionId: c!.id });
    expect(c).toMatchObject({ spinnerUsed: true, voucherId: v!.id });
  },
  'a free spin’s voucher is listed as a free-spin reward': async ({ app, db }) => {
    await insertVouchers(db, 10, 1);
    const m = await signIn(app, newAccount('freewin'));
    await db.update(users).set({ freeSpinsRemaining: 1 }).where(eq(users.id, m.userId));
    // Roll 0 draws the default reels' first amount, 10.
    const res = await withDraw(0, () => spinAs(app, m, { spinType: 'free' }));
    expect(res.json().isWinningCombination).toBe(true);
    const stats = await app.inject({ url: '/api/user-stats.php', headers: { cookie: m.cookie } });
    expect(stats.json().userVouchers).toEqual([expect.objectContaining({ voucher_source: 'free_spin' })]);
  },
};

/** The rules the function with `text` breaks, each with its failure, in a fresh database. */
async function brokenRules(text: string): Promise<Record<string, string>> {
  const tdb = await createTestDatabase('pglite');
  const app = await createTestApp(tdb.database);
  try {
    // The repository's own file, one fixed substitution applied: never request data.
    await tdb.database.db.execute(sql.raw(text));
    const broken: Record<string, string> = {};
    for (const [name, check] of Object.entries(RULES)) {
      await check({ app, db: tdb.database.db }).catch((e: unknown) => {
        broken[name] = e instanceof Error ? e.message.split('\n')[0]! : String(e);
      });
    }
    return broken;
  } finally {
    await app.close();
    await tdb.drop();
  }
}

/** One flipped condition: `from` must stand exactly once in the function's text. */
function mutant(from: string, to: string): string {
  const at = ORIGINAL.indexOf(from);
  if (at < 0 || ORIGINAL.indexOf(from, at + 1) >= 0)
    throw new Error(`the mutant's text must stand exactly once in rewards_spin.sql: ${from}`);
  return ORIGINAL.slice(0, at) + to + ORIGINAL.slice(at + from.length);
}

const MUTANTS: { name: string; from: string; to: string; breaks: string }[] = [
  {
    name: 'the completion-already-spun check removed',
    from: 'AND spinner_used = false',
    to: '',
    breaks: 'an approved completion is spun once',
  },
  {
    name: 'the approved-status check removed',
    from: "AND status = 'approved' AND spinner_used",
    to: 'AND spinner_used',
    breaks: 'a pending completion cannot be spun',
  },
  {
    name: 'the free-spin count check flipped (> 0 to >= 0)',
    from: 'free_spins_remaining > 0',
    to: 'free_spins_remaining >= 0',
    breaks: 'no free spin left is refused and never goes below zero',
  },
  {
    name: 'a free spin spends none',
    from: "CASE WHEN p_spin_type = 'free' THEN 1 ELSE 0 END",
    to: "CASE WHEN p_spin_type = 'free' THEN 0 ELSE 0 END",
    breaks: 'a free spin spends exactly one free spin; an offer spin spends none',
  },
  {
    name: 'an offer spin spends a free spin',
    from: "CASE WHEN p_spin_type = 'free' THEN 1 ELSE 0 END",
    to: 'CASE WHEN true THEN 1 ELSE 0 END',
    breaks: 'a free spin spends exactly one free spin; an offer spin spends none',
  },
  {
    name: 'the blocked check removed',
    from: 'WHERE id = p_user_id AND NOT is_suspicious AND',
    to: 'WHERE id = p_user_id AND',
    breaks: 'a member blocked before the spin statement is refused (RWBLK), nothing spent',
  },
  {
    name: "the stock claim's available check removed",
    from: "WHERE status = 'available' AND voucher_amount = p_drawn",
    to: 'WHERE voucher_amount = p_drawn',
    breaks: 'a voucher is given once; the next win takes the next voucher',
  },
  {
    name: 'the stock order reversed',
    from: 'ORDER BY expiry_date ASC NULLS LAST, id',
    to: 'ORDER BY expiry_date DESC NULLS LAST, id',
    breaks: 'the earliest-expiring voucher is given first',
  },
  {
    name: 'the 7-day preference removed',
    from: 'expiry_date >= current_date + 7)',
    to: 'expiry_date >= current_date)',
    breaks: 'a code with 7 days left or more is given before one that expires sooner',
  },
  {
    name: 'the short-lived fallback removed',
    from: 'AND expiry_date >= current_date AND expiry_date < current_date + 7',
    to: 'AND false',
    breaks: 'a code expiring within the week is still given when nothing longer-lived is in stock',
  },
  {
    name: 'the expiry check removed',
    from: 'expiry_date >= current_date AND expiry_date <',
    to: 'expiry_date <',
    breaks: 'an expired voucher is never given: a stock-out is a miss',
  },
  {
    name: 'the voucher not linked to the completion',
    from: 'completion_id = v_completion_id',
    to: 'completion_id = NULL',
    breaks: 'a win is recorded on the completion and the voucher is the member’s',
  },
  {
    name: 'a free-spin win recorded as an offer completion',
    from: "CASE WHEN p_spin_type = 'free' THEN 'free_spin_from_referral' ELSE 'offer_completion' END",
    to: "'offer_completion'",
    breaks: 'a free spin’s voucher is listed as a free-spin reward',
  },
];

describe('rewards_spin, mutated by hand (PGlite)', () => {
  it('the function as written keeps every spin rule', async () => {
    expect(await brokenRules(ORIGINAL)).toEqual({});
  });

  it.each(MUTANTS)('$name: breaks "$breaks"', async ({ from, to, breaks }) => {
    expect(Object.keys(RULES)).toContain(breaks);
    const broken = await brokenRules(mutant(from, to));
    expect(Object.keys(broken), JSON.stringify(broken)).toContain(breaks);
  });
});
