// The postback rules that only a race reaches, on PostgreSQL with real concurrent connections, each
// interleaving built step by step (a transaction held open on a second connection, and a wait until
// the call under test is blocked on its lock), never left to chance:
//   - two copies of one postback: the second's lookup finds nothing, its insert then finds the
//     transaction id taken by the first once that commits; it must answer as a replay of the first
//     (server/postbacks/conversions-service.ts, applyConversion's and applyReversal's `raced` branches);
//   - an unblock while a postback holds a held conversion and is about to lock the member: the unblock
//     takes the held conversions' locks before the member row (lockHeldCompletions), the postback's
//     order, so both finish; the other order deadlocks (PostgreSQL error 40P01);
//   - a referred member's first approval (which credits their referrer) and the referrer's own approval
//     of the same offer: both write member rows before the offer's row, so both finish (the offer's row
//     first, then the referrer's, deadlocked: found by npm --prefix tooling run fraud:sim).
// PGlite serves one connection, so this runs only when TEST_DATABASE_URL or DATABASE_URL is set; the
// server suites' global setup says so at the end of a run without it. Written for the mutants
// npm run test:mutation left alive there (docs/testing.md), and in the mutation suites on PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, type Db, type Tx } from '../db/client';
import { findClickWithNetwork } from '../offers/clicks-repository';
import { lockCompletionByTransaction } from './completions-repository';
import { lockMemberBlockState } from '../members/repository';
import { clicks, users } from '../db/schema';
import { adminTestApp, client, adminCookie, type Client } from '../test/admin';
import { POSTGRES_URL, insertOffer, signedPostbackUrl } from '../test/helpers';
import { applyConversion, type ConversionEvent } from './conversions-service';

/** How long a step may take to reach its lock on a loaded machine before the test gives up. */
const LOCK_WAIT_LIMIT_MS = 30_000;

// Skipped without PostgreSQL; the server suites' global setup then says so at the end of the run.
describe.skipIf(!POSTGRES_URL)('postback races on PostgreSQL', () => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  adminTestApp('postgres', async (setup) => {
    ({ app, db } = setup);
    admin = client(app, await adminCookie(app));
  });

  let counter = 0;
  /** A member and a click of a new offer of the native network, created directly. */
  async function freshClick() {
    const tag = `${Date.now().toString(36)}${(counter++).toString(36)}`;
    const [member] = await db
      .insert(users)
      .values({
        email: `race-${tag}@example.com`,
        firebaseUid: `race-${tag}`,
        referralCode: `R${tag}`.toUpperCase().padEnd(8, 'X').slice(0, 12),
      })
      .returning({ id: users.id });
    const offerId = await insertOffer(db, { title: `Race ${tag}` });
    const clickId = `race-click-${tag}`;
    await db.insert(clicks).values({ id: clickId, userId: member!.id, offerId });
    return { userId: member!.id, offerId, clickId };
  }

  /** The signed native postback, as the partner network sends it; its answer as the network sees it. */
  const postback = (clickId: string, transactionId: string, status: string, payout = '2') =>
    app
      .inject({
        url: signedPostbackUrl({ click_id: clickId, transaction_id: transactionId, payout, status }),
      })
      .then((res) => ({ status: res.statusCode, body: res.json() as Record<string, unknown> }));

  /**
   * A transaction on a connection of its own: runs `first`, then waits until `release()` before
   * `then` and the commit. `ready` resolves with `first`'s result once it has run (its locks held).
   */
  function heldTransaction<T>(
    first: (tx: Tx) => Promise<T>,
    then: (tx: Tx) => Promise<unknown> = async () => {},
  ) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let ready!: (value: T) => void;
    let failed!: (error: unknown) => void;
    const readyPromise = new Promise<T>((resolve, reject) => ((ready = resolve), (failed = reject)));
    const done = db.transaction(async (tx) => {
      let value: T;
      try {
        value = await first(tx);
      } catch (e) {
        failed(e);
        throw e;
      }
      ready(value);
      await gate;
      await then(tx);
      return value;
    });
    done.catch(() => {}); // awaited by the test; this only keeps an early failure from going unhandled
    return { ready: readyPromise, release, done };
  }

  /** Waits (polling, bounded) until a statement like `pattern` of this database waits on a lock. */
  async function untilWaitingOnLock(pattern: string) {
    const deadline = Date.now() + LOCK_WAIT_LIMIT_MS;
    for (;;) {
      const [row] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and query like ${pattern}`,
      );
      if (row!.n > 0) return;
      if (Date.now() > deadline) throw new Error(`no statement like ${pattern} waited on a lock`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** A concurrent copy of the postback, applied by the rules in a transaction the test holds open. */
  async function copyHeldOpen(clickId: string, event: ConversionEvent) {
    const click = await findClickWithNetwork(db, clickId);
    if (!click) throw new Error(`no click ${clickId}`);
    return heldTransaction((tx) => applyConversion(tx, click, event));
  }

  const completionsOfClick = (clickId: string) =>
    query<{ id: number; status: string; held: boolean }>(
      db,
      sql`select id, status, approval_held_at is not null as held from completions
           where click_id = ${clickId} order by id`,
    );
  const counters = async (userId: number, offerId: number) => ({
    member: (
      await query<{ total_completions: number; revenue: string }>(
        db,
        sql`select total_completions, total_revenue_generated as revenue from users where id = ${userId}`,
      )
    )[0],
    offer: (
      await query<{ total_completions: number }>(
        db,
        sql`select total_completions from offers where id = ${offerId}`,
      )
    )[0],
  });
  const loggedCompletionId = async (transactionId: string) =>
    (
      await query<{ completion_id: number | null }>(
        db,
        sql`select completion_id from postback_log where transaction_id = ${transactionId} order by id desc limit 1`,
      )
    )[0]?.completion_id;

  it('two copies of one approval: the one that finds the transaction id taken answers as its replay, credited once', async () => {
    const { userId, offerId, clickId } = await freshClick();
    const transactionId = `TA-${clickId}`;
    // The first copy has recorded and approved the conversion, not yet committed.
    const first = await copyHeldOpen(clickId, { transactionId, status: 'approved', payout: 2 });
    const firstResult = await first.ready;
    expect(firstResult).toMatchObject({ kind: 'accepted', status: 'approved' });
    // The second copy finds nothing yet; its insert (inside the one-statement approval,
    // receive_approved_conversion) waits on the first's uncommitted transaction id, then meets the
    // conflict, writes nothing and leaves the postback to the general path, which answers the replay.
    const second = postback(clickId, transactionId, 'approved');
    await untilWaitingOnLock('%receive_approved_conversion%');
    first.release();
    await first.done;

    expect(await second).toEqual({
      status: 200,
      body: { success: true, duplicate: true, status: 'approved' },
    });
    const completionId = (firstResult as { completionId: number }).completionId;
    expect(await loggedCompletionId(transactionId)).toBe(completionId);
    expect(await completionsOfClick(clickId)).toEqual([
      { id: completionId, status: 'approved', held: false },
    ]);
    const after = await counters(userId, offerId);
    expect(after.member!.total_completions).toBe(1);
    expect(Number(after.member!.revenue)).toBe(2);
    expect(after.offer!.total_completions).toBe(1);
  });

  it("two first approvals of one member at once: both read no completion, exactly one stays the member's first", async () => {
    const { userId, offerId, clickId } = await freshClick();
    const secondOffer = await insertOffer(db, { title: `Race second ${clickId}` });
    const secondClick = `${clickId}-b`;
    await db.insert(clicks).values({ id: secondClick, userId, offerId: secondOffer });
    // A transaction holds the member row: both one-statement approvals read the member's count (0),
    // insert their completion as the first, then wait on the row to credit the member.
    const holder = heldTransaction((tx) =>
      query<{ id: number }>(tx, sql`select id from users where id = ${userId} for update`),
    );
    await holder.ready;
    const a = postback(clickId, `TF-${clickId}`, 'approved');
    const b = postback(secondClick, `TF-${secondClick}`, 'approved');
    const waiting = async () => {
      const [row] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'
               and query like '%receive_approved_conversion%'`,
      );
      return row!.n;
    };
    const deadline = Date.now() + LOCK_WAIT_LIMIT_MS;
    while ((await waiting()) < 2) {
      if (Date.now() > deadline) throw new Error('the two approvals did not both wait on the member row');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    holder.release();
    await holder.done;
    expect((await a).body).toMatchObject({ success: true, status: 'approved' });
    expect((await b).body).toMatchObject({ success: true, status: 'approved' });
    const rows = await query<{ first: boolean }>(
      db,
      sql`select is_first_completion as first from completions where user_id = ${userId} and status = 'approved'`,
    );
    expect(rows.map((r) => r.first).sort()).toEqual([false, true]);
    expect((await counters(userId, offerId)).member!.total_completions).toBe(2);
  });

  it('two copies of a reversal with nothing to reverse: the second answers as a replay of the reversed conversion', async () => {
    const { userId, offerId, clickId } = await freshClick();
    const transactionId = `TR-${clickId}`;
    const first = await copyHeldOpen(clickId, { transactionId, status: 'reversed', payout: 0 });
    const firstResult = await first.ready;
    expect(firstResult).toMatchObject({ kind: 'accepted', status: 'reversed', clawback: false });
    // The second finds neither its transaction id nor a conversion of the click: its insert waits.
    const second = postback(clickId, transactionId, 'reversed', '0');
    await untilWaitingOnLock('%insert into completions%');
    first.release();
    await first.done;

    expect(await second).toEqual({
      status: 200,
      body: { success: true, duplicate: true, status: 'reversed' },
    });
    const completionId = (firstResult as { completionId: number }).completionId;
    expect(await loggedCompletionId(transactionId)).toBe(completionId);
    expect(await completionsOfClick(clickId)).toEqual([
      { id: completionId, status: 'reversed', held: false },
    ]);
    const after = await counters(userId, offerId);
    expect(after.member!.total_completions).toBe(0);
    expect(after.offer!.total_completions).toBe(0);
  });

  it("a referred member's first approval and their referrer's approval of the same offer: member rows before the offer's, both finish", async () => {
    const referrer = await freshClick();
    const friend = await freshClick();
    await db
      .update(clicks)
      .set({ offerId: referrer.offerId })
      .where(sql`id = ${friend.clickId}`);
    await db.execute(
      sql`update users set referred_by_user_id = ${referrer.userId} where id = ${friend.userId}`,
    );
    await db.execute(
      sql`insert into referrals (referrer_user_id, referred_user_id, referral_code, status, same_device)
          values (${referrer.userId}, ${friend.userId}, 'RACEREF', 'pending', false)`,
    );
    const spinsBefore = await freeSpinsOf(referrer.userId);
    // The offer's row held (as an update holds it; a completion's foreign key still reads it): the friend's approval (the general path: a referral waits on it) credits the
    // friend and their referrer, then waits on the offer; the referrer's one-statement approval then
    // waits on the referrer's row, which the friend's holds. In the other order (the offer's row before
    // the referrer's) each would wait on the other once the offer is free: PostgreSQL's 40P01.
    const holder = heldTransaction((tx) =>
      query<{ id: number }>(tx, sql`select id from offers where id = ${referrer.offerId} for no key update`),
    );
    await holder.ready;
    const friendSide = postback(friend.clickId, `TR-${friend.clickId}`, 'approved');
    await untilWaitingOnLock('%update offers%');
    const referrerSide = postback(referrer.clickId, `TR-${referrer.clickId}`, 'approved');
    await untilWaitingOnLock('%receive_approved_conversion%');
    holder.release();
    await holder.done;

    expect(await friendSide).toMatchObject({ status: 200, body: { success: true, status: 'approved' } });
    expect(await referrerSide).toMatchObject({ status: 200, body: { success: true, status: 'approved' } });
    expect((await counters(referrer.userId, referrer.offerId)).offer!.total_completions).toBe(2);
    expect(await freeSpinsOf(referrer.userId)).toBe(spinsBefore + 1);
  });

  const freeSpinsOf = async (userId: number) =>
    (
      await query<{ n: number }>(db, sql`select free_spins_remaining as n from users where id = ${userId}`)
    )[0]!.n;

  it('an unblock while a postback holds the held conversion and then locks the member: both finish, the approval released once', async () => {
    const { userId, offerId, clickId } = await freshClick();
    const transactionId = `TH-${clickId}`;
    expect((await admin.put('/api/admin/users.php', { user_id: userId, action: 'flag' })).statusCode).toBe(
      200,
    );
    expect((await postback(clickId, transactionId, 'approved', '3')).body).toMatchObject({ status: 'held' });

    // A postback of that conversion (a reversal, say) locks it, then the member row: the locks it takes,
    // in its order, with the test choosing the moment between them.
    const other = heldTransaction(
      (tx) => lockCompletionByTransaction(tx, 'testnet', transactionId),
      (tx) => lockMemberBlockState(tx, userId),
    );
    expect(await other.ready).toMatchObject({ status: 'pending', approvalHeldAt: expect.anything() });
    // The unblock waits on the held conversion's lock: before it locked the member row (the postback
    // then gets that row and finishes), or after (the postback then waits on the unblock: deadlock).
    const unblock = admin.put('/api/admin/users.php', { user_id: userId, action: 'unflag' });
    await untilWaitingOnLock('%approval_held_at is not null%');
    other.release();

    const [postbackSide, unblockSide] = await Promise.allSettled([other.done, unblock]);
    expect(postbackSide.status === 'rejected' ? postbackSide.reason : 'committed').toBe('committed');
    expect(unblockSide.status === 'fulfilled' ? unblockSide.value.statusCode : unblockSide.reason).toBe(200);

    expect(await completionsOfClick(clickId)).toEqual([
      expect.objectContaining({ status: 'approved', held: false }),
    ]);
    const after = await counters(userId, offerId);
    expect(after.member!.total_completions).toBe(1);
    expect(Number(after.member!.revenue)).toBe(3);
    expect(after.offer!.total_completions).toBe(1);
    const audit = await query<{ after: Record<string, unknown> }>(
      db,
      sql`select after from admin_audit_log where action = 'user.unblock' and target_id = ${String(userId)}`,
    );
    expect(audit).toEqual([{ after: expect.objectContaining({ released_held_completions: 1 }) }]);
  });
});
