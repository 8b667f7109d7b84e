// MemberSpinQueue (server/spins/repository.ts): spins that wait together go out as one
// member_spins statement (server/db/functions/member_spins.sql), and each caller still gets the answer
// of their own spin alone: refusals only for the spins refused, the rules kept across the spins of one
// statement (one member's spins spend one free spin each, never below zero; one voucher per win), and a
// statement that fails as a whole sent again spin by spin, so that one member's fault is never
// another's answer. On PGlite and on PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { execute, query, type Db } from '../db/client';
import { offers, spins, users, vouchers } from '../db/schema';
import {
  DATABASE_KINDS,
  TEST_SESSION_SECRET,
  completeOffer,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';
import { memberSessionKey } from '../members/sessions-service';
import { callMemberSpin, MemberSpinQueue, type MemberSpinRow } from './repository';
import type { FastifyInstance } from 'fastify';

const DAY_MS = 86_400_000;

type Outcome = { ok: MemberSpinRow } | { code: string; detail?: string } | { error: string };

async function outcome(p: Promise<MemberSpinRow>): Promise<Outcome> {
  try {
    return { ok: await p };
  } catch (e) {
    const { code, detail, message } = e as { code?: string; detail?: string; message: string };
    if (code && /^RW/.test(code)) return detail === undefined ? { code } : { code, detail };
    return { error: message };
  }
}

const freeSpin = (drawn: number) => ({
  spinType: 'free' as const,
  offerId: null,
  slotConfig: null,
  drawn,
  winRewardType: `voucher_${drawn}`,
  winSlot: [drawn, drawn, drawn] as [number, number, number],
  missSlot: [0, 5, 10] as [number, number, number],
});

describe.each(DATABASE_KINDS)('MemberSpinQueue on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  const keyOf = (m: SignedInMember) =>
    memberSessionKey(TEST_SESSION_SECRET, m.cookie.split('=')[1]!, app.config.memberSessionDays * DAY_MS);
  const member = async (label: string, freeSpins: number) => {
    const m = await signIn(app, newAccount(label));
    await db.update(users).set({ freeSpinsRemaining: freeSpins }).where(eq(users.id, m.userId));
    return m;
  };
  /** A queue that runs one statement at a time, so that everything submitted in one turn goes together. */
  const observedQueue = () => {
    const sizes: number[] = [];
    const resent: number[] = [];
    const queue = new MemberSpinQueue(db, 1, 32, {
      statement: (n) => sizes.push(n),
      resent: (n) => resent.push(n),
    });
    return { sizes, resent, queue };
  };

  /**
   * Runs `fn` with a trigger on spins that runs `action` (plpgsql) when `userId`'s spin is recorded, then
   * drops it: a fault inside the statement for one member only.
   */
  const withSpinFault = async (userId: number, action: string, fn: () => Promise<void>) => {
    await execute(
      db,
      sql.raw(`create or replace function queue_test_fault() returns trigger language plpgsql as $$
        begin if new.user_id = ${userId} then ${action}; end if; return new; end $$`),
    );
    await execute(
      db,
      sql`create trigger queue_test_fault before insert on spins for each row execute function queue_test_fault()`,
    );
    try {
      await fn();
    } finally {
      await execute(db, sql`drop trigger queue_test_fault on spins`);
    }
  };

  it('spins submitted together go as one statement, each answered with its own spin or refusal', async () => {
    const amount = kind === 'postgres' ? 11 : 12;
    await insertVouchers(db, amount, 2);
    const three = await member('queue-three', 3);
    const blocked = await member('queue-blocked', 5);
    await db.update(users).set({ isSuspicious: true }).where(eq(users.id, blocked.userId));
    const offerTaker = await member('queue-offer', 0);
    const offerId = await insertOffer(db, { slotConfig: { reels: [{ amount: 20, probability: 50 }] } });
    await completeOffer(app, offerTaker, offerId);
    const [current] = await query<{ text: string }>(
      db,
      sql`select slot_config::text as text from ${offers} where id = ${offerId}`,
    );

    const { sizes, resent, queue } = observedQueue();
    const results = await Promise.all([
      // Five spins of a member with three free spins, each drawing a voucher of which two are in stock.
      ...Array.from({ length: 5 }, () => outcome(queue.submit(keyOf(three), freeSpin(amount)))),
      outcome(queue.submit(keyOf(blocked), freeSpin(0))),
      outcome(queue.submit({ ...keyOf(three), idHash: 'no-such-session' }, freeSpin(0))),
      // An offer spin drawn from a config the offer no longer has: refused with the current one.
      outcome(
        queue.submit(keyOf(offerTaker), {
          ...freeSpin(20),
          spinType: 'offer',
          offerId,
          slotConfig: '{"reels": []}',
        }),
      ),
      // The member never completed this offer.
      outcome(
        queue.submit(keyOf(three), { ...freeSpin(0), spinType: 'offer', offerId, slotConfig: current!.text }),
      ),
    ]);

    // One statement, kept whole: every refusal was its own spin's, not a failure of the statement.
    expect(sizes).toEqual([9]);
    expect(resent).toEqual([]);
    const spun = results.slice(0, 5);
    expect(
      spun
        .slice(0, 3)
        .map((r) => 'ok' in r && [r.ok.r_free_spins_remaining, r.ok.r_is_win, r.ok.r_stock_out]),
    ).toEqual([
      [2, true, false],
      [1, true, false],
      [0, false, true],
    ]);
    expect(spun.slice(3)).toEqual([{ code: 'RWNFS' }, { code: 'RWNFS' }]);
    expect(results.slice(5)).toEqual([
      { code: 'RWSBL' },
      { code: 'RWSES' },
      { code: 'RWCFG', detail: current!.text },
      { code: 'RWNOS' },
    ]);

    // What the database kept is exactly the three spins answered: no refused one left a trace.
    const [row] = await db.select().from(users).where(eq(users.id, three.userId));
    expect(row).toMatchObject({ freeSpinsRemaining: 0, spinsUsed: 3, totalVouchersWon: 2 });
    const recorded = await db.select().from(spins).where(eq(spins.userId, three.userId));
    expect(recorded).toHaveLength(3);
    const won = await db.select().from(vouchers).where(eq(vouchers.assignedToUserId, three.userId));
    expect(won.map((v) => v.voucherCode).sort()).toEqual(
      spun.flatMap((r) => ('ok' in r && r.ok.r_voucher_code ? [r.ok.r_voucher_code] : [])).sort(),
    );
    expect(await db.select().from(spins).where(eq(spins.userId, offerTaker.userId))).toHaveLength(0);
    const [completion] = await query<{ spinner_used: boolean }>(
      db,
      sql`select spinner_used from completions where user_id = ${offerTaker.userId}`,
    );
    expect(completion!.spinner_used).toBe(false);
  });

  it('a statement that fails as a whole is sent again spin by spin: the fault stays with its spin', async () => {
    const good = await member('queue-good', 1);
    const faulty = await member('queue-faulty', 1);
    // A fault no rule of the spin raises (so member_spins does not catch it), for one member only.
    await withSpinFault(faulty.userId, "raise exception 'disk on fire'", async () => {
      const { sizes, resent, queue } = observedQueue();
      const [a, b] = await Promise.all([
        outcome(queue.submit(keyOf(faulty), freeSpin(0))),
        outcome(queue.submit(keyOf(good), freeSpin(0))),
      ]);
      expect(sizes).toEqual([2]);
      expect(resent).toEqual([2]);
      expect(a).toEqual({ error: expect.stringContaining('disk on fire') });
      expect('ok' in b && b.ok.r_free_spins_remaining).toBe(0);
      expect(await db.select().from(spins).where(eq(spins.userId, good.userId))).toHaveLength(1);
      expect(await db.select().from(spins).where(eq(spins.userId, faulty.userId))).toHaveLength(0);
    });
  });

  it.runIf(kind === 'postgres')(
    'a statement whose connection is lost is not sent again: its spins fail, and none is spent twice',
    async () => {
      const good = await member('queue-cut-good', 1);
      const cut = await member('queue-cut', 1);
      // The backend ends its own connection in the middle of the statement, as a restart would.
      await withSpinFault(cut.userId, 'perform pg_terminate_backend(pg_backend_pid())', async () => {
        const { sizes, resent, queue } = observedQueue();
        const [a, b] = await Promise.all([
          outcome(queue.submit(keyOf(good), freeSpin(0))),
          outcome(queue.submit(keyOf(cut), freeSpin(0))),
        ]);
        expect(sizes).toEqual([2]);
        expect(resent).toEqual([]);
        expect(a).toEqual({ error: expect.any(String) });
        expect(b).toEqual({ error: expect.any(String) });
        for (const m of [good, cut]) {
          const [row] = await db.select().from(users).where(eq(users.id, m.userId));
          expect(row!.freeSpinsRemaining).toBe(1);
        }
      });
    },
  );

  it("the app's queue: many members spinning at once spend exactly their free spins, never below zero", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => member(`queue-many-${i}`, 4)));
    const calls: Promise<Outcome>[] = [];
    // Ten spins a member, arriving over several turns of the event loop, as requests do.
    for (let round = 0; round < 10; round++) {
      for (const m of members) calls.push(outcome(callMemberSpin(db, keyOf(m), freeSpin(0))));
      await new Promise((r) => setImmediate(r));
    }
    const results = await Promise.all(calls);
    expect(results.filter((r) => 'ok' in r)).toHaveLength(24);
    expect(results.filter((r) => !('ok' in r))).toEqual(
      Array.from({ length: 36 }, () => ({ code: 'RWNFS' })),
    );
    for (const m of members) {
      const [row] = await db.select().from(users).where(eq(users.id, m.userId));
      expect(row).toMatchObject({ freeSpinsRemaining: 0, spinsUsed: 4 });
      const remaining = results
        .filter((r, i) => 'ok' in r && i % members.length === members.indexOf(m))
        .map((r) => ('ok' in r ? r.ok.r_free_spins_remaining : -1));
      expect(remaining.sort()).toEqual([0, 1, 2, 3]);
    }
  });
});
