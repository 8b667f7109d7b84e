// What the operator's /api/metrics counts of spins: every spin by type, the wins, and the winning
// draws that found no voucher left (shown to the member as a miss); a refused spin is not a spin.
// Written for the mutants npm run test:mutation found alive in server/spins/service.ts
// (docs/testing.md): the spin's metrics hook was not asserted per spin.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { execute, type Db } from '../db/client';
import { withDraw } from '../test/fixed-draw';
import { observeSpinStatements } from './service';
import {
  DATABASE_KINDS,
  completeOffer,
  insertOffer,
  insertVouchers,
  signIn,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';

vi.mock('node:crypto', (original) =>
  import('../test/fixed-draw').then((m) => m.cryptoWithFixedDraw(original)),
);

/** Draws the offer's first reel (10 at 50 %), or the default table's 10 on a free spin; 9999 misses. */
const WIN = 0;
const MISS = 9999;

describe.each(DATABASE_KINDS)('spin metrics on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  const spin = (m: SignedInMember, roll: number, payload: Record<string, unknown>) =>
    withDraw(roll, () =>
      app.inject({ method: 'POST', url: '/api/slot-spin.php', headers: { cookie: m.cookie }, payload }),
    );

  /** One value of /api/metrics, as a loopback caller reads it (0 when the line is absent). */
  async function metricValue(name: string) {
    const res = await app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : 0;
  }

  /** The spin counters as /api/metrics serves them to a loopback caller. */
  async function counters() {
    const res = await app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    const value = (name: string) => {
      const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
      return line ? Number(line.split(' ')[1]) : 0;
    };
    return {
      offer: value('spins_total{type="offer"}'),
      free: value('spins_total{type="free"}'),
      wins: value('spin_wins_total'),
      stockOuts: value('spin_stock_outs_total'),
    };
  }

  it('counts each spin by type, the wins and the stock-outs; not the refused ones', async () => {
    await insertVouchers(db, 10, 1);
    const m = await signIn(app);
    const offers = [await insertOffer(db), await insertOffer(db), await insertOffer(db)];
    for (const offerId of offers) await completeOffer(app, m, offerId);
    expect(await counters()).toEqual({ offer: 0, free: 0, wins: 0, stockOuts: 0 });

    const won = await spin(m, WIN, { spinType: 'offer', offerId: offers[0] });
    expect(won.json()).toMatchObject({ isWinningCombination: true });
    expect(await counters()).toEqual({ offer: 1, free: 0, wins: 1, stockOuts: 0 });

    // The only ₹10 voucher is gone: the winning draw is shown as a miss and counted as a stock-out.
    const stockOut = await spin(m, WIN, { spinType: 'offer', offerId: offers[1] });
    expect(stockOut.json()).toMatchObject({ isWinningCombination: false });
    expect(await counters()).toEqual({ offer: 2, free: 0, wins: 1, stockOuts: 1 });

    await spin(m, MISS, { spinType: 'offer', offerId: offers[2] });
    // Refused: the offer's spin is used, and the member has no free spin.
    expect((await spin(m, MISS, { spinType: 'offer', offerId: offers[2] })).statusCode).toBe(409);
    expect((await spin(m, MISS, { spinType: 'free' })).statusCode).toBe(409);
    expect(await counters()).toEqual({ offer: 3, free: 0, wins: 1, stockOuts: 1 });

    await execute(db, sql`update users set free_spins_remaining = 1 where id = ${m.userId}`);
    expect((await spin(m, MISS, { spinType: 'free' })).statusCode).toBe(200);
    expect(await counters()).toEqual({ offer: 3, free: 1, wins: 1, stockOuts: 1 });
  });

  it('counts the statements the spins went in and how many spins each carried', async () => {
    const metric = async (name: string) => {
      const res = await app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
      const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
      return line ? Number(line.split(' ')[1]) : 0;
    };
    const members = await Promise.all(Array.from({ length: 4 }, () => signIn(app)));
    for (const m of members)
      await execute(db, sql`update users set free_spins_remaining = 1 where id = ${m.userId}`);
    const before = {
      statements: await metric('spin_statement_spins_count'),
      spins: await metric('spin_statement_spins_sum'),
    };
    // Four members spinning at the same moment: however the queue groups them, four spins are carried.
    const answers = await Promise.all(members.map((m) => spin(m, MISS, { spinType: 'free' })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const statements = (await metric('spin_statement_spins_count')) - before.statements;
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThanOrEqual(4);
    expect((await metric('spin_statement_spins_sum')) - before.spins).toBe(4);
    expect(await metric('spin_statement_resent_spins_total')).toBe(0);
  });

  it('tells an observer set later how many spins each statement carried, instead of the one before', async () => {
    const m = await signIn(app);
    await execute(db, sql`update users set free_spins_remaining = 1 where id = ${m.userId}`);
    const carried: number[] = [];
    observeSpinStatements(app.db, { statement: (n) => carried.push(n) });
    const before = await metricValue('spin_statement_spins_sum');
    expect((await spin(m, MISS, { spinType: 'free' })).statusCode).toBe(200);
    expect(carried).toEqual([1]);
    // The app's observer was replaced: the metric did not move.
    expect(await metricValue('spin_statement_spins_sum')).toBe(before);
    if (app.metrics) observeSpinStatements(app.db, app.metrics.spinStatements);
  });
});
