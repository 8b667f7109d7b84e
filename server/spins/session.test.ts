// spinForSession(), slot-spin.php's one statement (server/db/functions/member_spin.sql), called as the
// route calls it: how many member_spin statements a spin costs with the slot configs this process
// keeps (an offer not seen yet: refused with its config, then spun; an offer seen: one), what it
// answers (ok with the session's new end when one was due; each refusal as its own error after one
// statement), and an admin who changes the config faster than the spin can draw. Written for the
// mutants npm run test:mutation found alive in server/spins/service.ts (docs/testing.md).
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { query, type Db } from '../db/client';
import { callMemberSpin } from './repository';
import { offers, sessions, users } from '../db/schema';
import { withDraw } from '../test/fixed-draw';
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
import { hashSessionId, memberSessionKey } from '../members/sessions-service';
import { spinForSession } from './service';

vi.mock('node:crypto', (original) =>
  import('../test/fixed-draw').then((m) => m.cryptoWithFixedDraw(original)),
);
// member_spin's statements, counted (each one a round trip), and in one test raced by an admin.
vi.mock('./repository', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./repository')>();
  return { ...actual, callMemberSpin: vi.fn(actual.callMemberSpin) };
});
const statements = vi.mocked(callMemberSpin);
const { callMemberSpin: realCallMemberSpin } =
  await vi.importActual<typeof import('./repository')>('./repository');

const DAY_MS = 86_400_000;

describe.each(DATABASE_KINDS)('spinForSession on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });
  beforeEach(() => {
    statements.mockClear();
  });

  const sid = (m: SignedInMember) => m.cookie.split('=')[1]!;
  const keyOf = (m: SignedInMember) =>
    memberSessionKey(TEST_SESSION_SECRET, sid(m), app.config.memberSessionDays * DAY_MS);
  /** A table no other offer of either database has (the configs are kept per process, by offer id). */
  let unique = 0;
  const table = (amount: number) => ({
    reels: [{ amount, probability: 50 + ++unique / 1_000 + (kind === 'postgres' ? 0.0001 : 0) }],
  });

  it('an offer not seen yet costs two statements (refused with its config, then spun); seen, one', async () => {
    await insertVouchers(db, 30, 3);
    await insertVouchers(db, 40, 1);
    const first = await signIn(app, newAccount('cache-first'));
    const second = await signIn(app, newAccount('cache-second'));
    const tableA = table(30);
    const a = await insertOffer(db, { slotConfig: tableA });
    const b = await insertOffer(db, { slotConfig: table(40) });
    for (const m of [first, second]) {
      await completeOffer(app, m, a);
      await completeOffer(app, m, b);
    }
    const spinOffer = async (m: SignedInMember, offerId: number) => {
      statements.mockClear();
      const r = await withDraw(0, () => spinForSession(db, keyOf(m), { spinType: 'offer', offerId }));
      return { r, statements: statements.mock.calls.length };
    };

    const aFirst = await spinOffer(first, a);
    expect(aFirst.statements).toBe(2);
    // Roll 0 is the offer's own first reel (₹30), drawn once the statement brought the config.
    expect(aFirst.r).toMatchObject({
      status: 'ok',
      response: { isWinningCombination: true, rewardType: 'voucher_30', voucher: { amount: 30 } },
    });
    expect((await spinOffer(first, b)).statements).toBe(2);
    // A, seen before B, is still known: one statement, and the same table.
    const aAgain = await spinOffer(second, a);
    expect(aAgain.statements).toBe(1);
    // The odds it answers are the offer's own table as it can be won now (₹30 still has a code).
    expect(aAgain.r).toMatchObject({ status: 'ok', response: { rewardType: 'voucher_30', odds: tableA } });
    expect(statements.mock.calls[0]![2]).toMatchObject({ drawn: 30, winSlot: [30, 30, 30] });
    expect((await spinOffer(second, b)).statements).toBe(1);
  });

  it('answers ok with the spin, without a metrics hook; the session end only when one was due', async () => {
    const m = await signIn(app, newAccount('session-ok'));
    await db.update(users).set({ freeSpinsRemaining: 2 }).where(eq(users.id, m.userId));

    const fresh = await withDraw(9_999, () => spinForSession(db, keyOf(m), { spinType: 'free' }));
    expect(fresh).toEqual({
      status: 'ok',
      renewedUntil: null,
      userId: m.userId,
      response: expect.objectContaining({
        spinType: 'free',
        isWinningCombination: false,
        freeSpinsRemaining: 1,
      }),
    });

    // Past the renewal step (a day): the spin moves the session's end, and says where to.
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 5 * DAY_MS) })
      .where(eq(sessions.idHash, hashSessionId(TEST_SESSION_SECRET, sid(m))));
    const due = await withDraw(9_999, () => spinForSession(db, keyOf(m), { spinType: 'free' }));
    expect(due.status).toBe('ok');
    const renewedUntil = (due as { renewedUntil: Date | null }).renewedUntil;
    expect(renewedUntil).toBeInstanceOf(Date);
    expect((renewedUntil!.getTime() - Date.now()) / DAY_MS).toBeGreaterThan(
      app.config.memberSessionDays - 0.1,
    );
    const [row] = await db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.idHash, hashSessionId(TEST_SESSION_SECRET, sid(m))));
    expect(row!.expiresAt.getTime()).toBe(renewedUntil!.getTime());
  });

  it('a refused spin is answered after one statement, each refusal with its own status and message', async () => {
    const m = await signIn(app, newAccount('refusals'));
    const offerId = await insertOffer(db, { slotConfig: table(10) });
    await completeOffer(app, m, offerId);
    await withDraw(9_999, () => spinForSession(db, keyOf(m), { spinType: 'offer', offerId }));

    statements.mockClear();
    const used = await spinForSession(db, keyOf(m), { spinType: 'offer', offerId });
    expect(statements.mock.calls.length).toBe(1);
    expect(used).toMatchObject({
      status: 'refused',
      renewedUntil: null,
      error: {
        statusCode: 409,
        message: 'No spin available for this offer. Complete the offer first, or it was already used.',
      },
    });

    statements.mockClear();
    const noFree = await spinForSession(db, keyOf(m), { spinType: 'free' });
    expect(statements.mock.calls.length).toBe(1);
    expect(noFree).toMatchObject({
      status: 'refused',
      error: { statusCode: 409, message: 'You have no free spins left.' },
    });
  });

  it('an admin who changes the config before every attempt: the spin gives up after four, nothing spent', async () => {
    const m = await signIn(app, newAccount('config-race'));
    const offerId = await insertOffer(db, { slotConfig: table(10) });
    await completeOffer(app, m, offerId);
    let edits = 0;
    statements.mockImplementation(async (...args) => {
      // A spin that never gives up would hang the request: stop it here, failing the test.
      if (++edits > 8) throw new Error('still retrying after 8 statements');
      await db
        .update(offers)
        .set({ slotConfig: { reels: [{ amount: 10, probability: 10 + edits }] } })
        .where(eq(offers.id, offerId));
      return realCallMemberSpin(...args);
    });
    try {
      await expect(spinForSession(db, keyOf(m), { spinType: 'offer', offerId })).rejects.toMatchObject({
        code: 'RWCFG',
      });
      expect(statements.mock.calls.length).toBe(4);
    } finally {
      statements.mockImplementation(realCallMemberSpin);
    }
    const [row] = await query<{ used: boolean }>(
      db,
      sql`select spinner_used as used from completions where user_id = ${m.userId} and offer_id = ${offerId}`,
    );
    expect(row!.used).toBe(false);
    // Once the config holds still, the completion is spun as usual.
    const r = await withDraw(9_999, () => spinForSession(db, keyOf(m), { spinType: 'offer', offerId }));
    expect(r.status).toBe('ok');
  });

  it('a failure that is no refusal (the database gone) reaches the caller as it is', async () => {
    const m = await signIn(app, newAccount('failure'));
    await db.update(users).set({ freeSpinsRemaining: 1 }).where(eq(users.id, m.userId));
    const lost = new Error('Connection terminated unexpectedly');
    statements.mockRejectedValueOnce(lost);
    await expect(spinForSession(db, keyOf(m), { spinType: 'free' })).rejects.toBe(lost);
    expect(statements.mock.calls.length).toBe(1);
  });
});
