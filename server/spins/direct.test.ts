// spin(): the spin by member id, as the demo's history (server/demo/history.ts) calls it with its own
// source of randomness. Which table it draws from (the offer's own, or the default one for a free spin
// and an offer without a usable table), what the win records and answers, the metrics hook, and an
// unknown offer. Written for the mutants npm run test:mutation found alive in server/spins/service.ts
// (docs/testing.md): the suites reached spin() only through a refused call.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { query, type Db } from '../db/client';
import { users } from '../db/schema';
import {
  DATABASE_KINDS,
  completeOffer,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn,
  testAppPerSuite,
} from '../test/helpers';
import { spin } from './service';

/** The draw's roll fixed (0: the table's first reel with a chance), every other pick the first one. */
const roll = (r: number) => (max: number) => (max === 10_000 ? r : 0);

describe.each(DATABASE_KINDS)('spin() by member id on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  /** How many of the member's spins and used completions the database holds. */
  async function spent(userId: number) {
    const [row] = await query<{ spins: number; used: number }>(
      db,
      sql`select (select count(*)::int from spins where user_id = ${userId}) as spins,
                 (select count(*)::int from completions where user_id = ${userId} and spinner_used) as used`,
    );
    return row!;
  }

  it("an offer spin draws from the offer's own table: its ₹50, not the default ₹10, recorded and reported", async () => {
    await insertVouchers(db, 10, 1, { voucherBrand: 'Default' });
    await insertVouchers(db, 50, 1, { voucherBrand: 'Offer' });
    const m = await signIn(app, newAccount('direct-offer'));
    const offerId = await insertOffer(db, { slotConfig: { reels: [{ amount: 50, probability: 50 }] } });
    await completeOffer(app, m, offerId);
    const onSpin = vi.fn();

    const r = await spin(db, { userId: m.userId, spinType: 'offer', offerId }, { onSpin }, roll(0));

    expect(r).toMatchObject({
      success: true,
      spinType: 'offer',
      isWinningCombination: true,
      rewardType: 'voucher_50',
      slotResult: [50, 50, 50],
      voucher: { amount: 50, brand: 'Offer' },
    });
    expect(onSpin).toHaveBeenCalledTimes(1);
    expect(onSpin).toHaveBeenCalledWith({ win: true, stockOut: false, type: 'offer' });
    const [row] = await query<{ reward_type: string; slot_result: number[] }>(
      db,
      sql`select reward_type, slot_result from spins where user_id = ${m.userId}`,
    );
    expect(row).toMatchObject({ reward_type: 'voucher_50', slot_result: [50, 50, 50] });
  });

  it('an offer without a usable table (no slot_config, or one without reels) plays the default table', async () => {
    await insertVouchers(db, 10, 2);
    const m = await signIn(app, newAccount('direct-default'));
    const noConfig = await insertOffer(db, { slotConfig: null });
    const noReels = await insertOffer(db, { slotConfig: { reels: [] } });
    for (const offerId of [noConfig, noReels]) {
      await completeOffer(app, m, offerId);
      // Roll 0 is the default table's first reel, ₹10 at 20 %.
      const r = await spin(db, { userId: m.userId, spinType: 'offer', offerId }, {}, roll(0));
      expect(r, `offer ${offerId}`).toMatchObject({
        isWinningCombination: true,
        rewardType: 'voucher_10',
        slotResult: [10, 10, 10],
        voucher: { amount: 10 },
      });
    }
  });

  it('a free spin plays the default table and reads no offer; the metrics hook is optional', async () => {
    await insertVouchers(db, 10, 1);
    const m = await signIn(app, newAccount('direct-free'));
    await db.update(users).set({ freeSpinsRemaining: 2 }).where(eq(users.id, m.userId));

    const won = await spin(db, { userId: m.userId, spinType: 'free' }, undefined, roll(0));
    expect(won).toMatchObject({
      spinType: 'free',
      isWinningCombination: true,
      rewardType: 'voucher_10',
      freeSpinsRemaining: 1,
      voucher: { amount: 10 },
    });
    // 9999 is past the default table's 50 % of prizes: a miss, shown as three amounts not all equal.
    const missed = await spin(db, { userId: m.userId, spinType: 'free' }, undefined, roll(9_999));
    expect(missed).toMatchObject({ isWinningCombination: false, rewardType: 'none', voucher: null });
    expect(new Set(missed.slotResult).size).toBeGreaterThan(1);
    expect(await spent(m.userId)).toEqual({ spins: 2, used: 0 });
  });

  it('an offer that does not exist is a 404 "Offer not found.", and nothing is spent', async () => {
    const m = await signIn(app, newAccount('direct-missing'));
    const offerId = await insertOffer(db);
    await completeOffer(app, m, offerId);
    await expect(
      spin(db, { userId: m.userId, spinType: 'offer', offerId: offerId + 1_000 }, {}, roll(0)),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Offer not found.' });
    expect(await spent(m.userId)).toEqual({ spins: 0, used: 0 });
  });
});
