// The postback rules past the first event, as a network, a member and an operator see them, on one
// database: a reversal that arrives before anything else, approvals held for a blocked member and
// granted by the unblock, and a transaction id that belongs to another click or offer. Written for the
// mutants npm run test:mutation found alive in server/postbacks/conversions-service.ts (docs/testing.md); the
// slower attack suite (server/test/attacks-input.test.ts) covers the same paths among floods.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, type Db } from '../db/client';
import { findClickWithNetwork } from '../offers/clicks-repository';
import { adminTestApp, client, adminCookie, type Client } from '../test/admin';
import {
  DATABASE_KINDS,
  clickOffer,
  insertOffer,
  newAccount,
  signIn,
  signedPostbackUrl,
  type SignedInMember,
} from '../test/helpers';
import { postbackLog } from '../db/schema';
import { purgeJunkPostbacks } from './service';
import { applyConversion, type ConversionEvent } from './conversions-service';

describe.each(DATABASE_KINDS)('postback flows on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  adminTestApp(kind, async (setup) => {
    ({ app, db } = setup);
    admin = client(app, await adminCookie(app));
  });

  /** A signed native postback; its answer as the network sees it. */
  async function postback(
    clickId: string,
    transactionId: string,
    status: string,
    payout = '2',
    currency?: string,
  ) {
    const params: Record<string, string> = {
      click_id: clickId,
      transaction_id: transactionId,
      payout,
      status,
    };
    if (currency) params.currency = currency;
    const res = await app.inject({ url: signedPostbackUrl(params) });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  }

  /** What the operator's postback log shows of the attempt's latest row. */
  const loggedAttempt = async (transactionId: string) =>
    (
      await query<{ outcome: string; http_status: number; completion_id: number | null; click_id: string }>(
        db,
        sql`select outcome, http_status, completion_id, click_id from postback_log
             where transaction_id = ${transactionId} order by id desc limit 1`,
      )
    )[0];

  /** The conversions of a member, as the console's conversions list shows them. */
  const conversionsOf = (userId: number) =>
    query<{
      id: number;
      offer_id: number;
      transaction_id: string;
      status: string;
      payout_amount: string;
      payout_currency: string;
      is_first_completion: boolean;
      completion_type: string;
      reversal_reason: string | null;
      held: boolean;
    }>(
      db,
      sql`select id, offer_id, transaction_id, status, payout_amount, payout_currency, is_first_completion,
                 completion_type, reversal_reason, approval_held_at is not null as held
            from completions where user_id = ${userId} order by offer_id, id`,
    );

  const memberStats = async (m: SignedInMember) => {
    const res = await app.inject({ url: '/api/user-stats.php', headers: { cookie: m.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      stats: { total_completions: number; free_spins_remaining: number };
      completions: { title: string; status: string; reversal_reason: string | null }[];
    };
  };

  const memberOffer = async (m: SignedInMember, offerId: number) => {
    const res = await app.inject({ url: '/api/offers.php', headers: { cookie: m.cookie } });
    return (res.json().offers as { offer_id: number; status: string; spinner_used: boolean }[]).find(
      (o) => o.offer_id === offerId,
    );
  };

  const spin = (m: SignedInMember, offerId: number) =>
    app.inject({
      method: 'POST',
      url: '/api/slot-spin.php',
      headers: { cookie: m.cookie },
      payload: { spinType: 'offer', offerId },
    });

  const revenueOf = async (userId: number) =>
    Number(
      (
        await query<{ r: string }>(
          db,
          sql`select total_revenue_generated as r from users where id = ${userId}`,
        )
      )[0]!.r,
    );

  async function freshClick(m: SignedInMember) {
    const offerId = await insertOffer(db, { title: `Offer ${Math.random().toString(36).slice(2, 8)}` });
    return { offerId, clickId: await clickOffer(app, m, offerId) };
  }

  /** applyConversion in its own transaction, as a partner network's receiver calls it. */
  async function convert(clickId: string, event: ConversionEvent) {
    const click = await findClickWithNetwork(db, clickId);
    if (!click) throw new Error(`no click ${clickId}`);
    const result = await db.transaction((tx) => applyConversion(tx, click, event));
    await app.memberAnswers.sync(db); // as the receiver's route does before it answers
    return result;
  }

  it('a reversal that arrives first is recorded as reversed, grants nothing, and later events cannot revive it', async () => {
    const referrer = await signIn(app, newAccount('rev-ref'), { deviceFingerprint: 'rev-ref-device' });
    const friend = await signIn(app, newAccount('rev-friend'), {
      referralCode: referrer.referralCode,
      deviceFingerprint: 'rev-friend-device',
    });
    const { offerId, clickId } = await freshClick(friend);

    expect(await postback(clickId, `R-${clickId}`, 'reversed', '3', 'EUR')).toEqual({
      status: 200,
      body: { success: true, status: 'reversed' },
    });
    expect(await loggedAttempt(`R-${clickId}`)).toMatchObject({ outcome: 'accepted', http_status: 200 });
    const [recorded] = await conversionsOf(friend.userId);
    expect(recorded).toMatchObject({
      transaction_id: `R-${clickId}`,
      status: 'reversed',
      payout_currency: 'EUR',
      is_first_completion: false,
    });
    expect(Number(recorded!.payout_amount)).toBe(3);

    // The same reversal again, or under another transaction id of the click: a replay of that one.
    expect((await postback(clickId, `R-${clickId}`, 'reversed')).body).toEqual({
      success: true,
      duplicate: true,
      status: 'reversed',
    });
    expect(await postback(clickId, `R2-${clickId}`, 'reversed')).toEqual({
      status: 200,
      body: { success: true, duplicate: true, status: 'reversed' },
    });
    expect(await loggedAttempt(`R2-${clickId}`)).toMatchObject({
      outcome: 'replay',
      completion_id: recorded!.id,
    });
    // Its approval afterwards is a late, ignored status.
    expect((await postback(clickId, `R-${clickId}`, 'approved')).body).toEqual({
      success: true,
      status: 'reversed',
      message: 'Conversion is reversed; approved ignored',
    });
    expect((await postback(clickId, `R-${clickId}`, 'pending')).body).toMatchObject({
      message: 'Conversion is reversed; pending ignored',
    });

    // Nothing was granted: no spin, no counters, no referral reward, nothing in the rewards history;
    // the offer is open again.
    expect((await spin(friend, offerId)).statusCode).toBe(409);
    const stats = await memberStats(friend);
    expect(stats.stats.total_completions).toBe(0);
    expect(stats.completions).toEqual([]);
    expect(await memberOffer(friend, offerId)).toMatchObject({ status: 'available' });
    expect((await memberStats(referrer)).stats.free_spins_remaining).toBe(0);
    expect(await conversionsOf(friend.userId)).toHaveLength(1);

    // A real approval of the offer later is the member's first completion: the referrer's one spin.
    expect(await postback(clickId, `A-${clickId}`, 'approved', '4')).toEqual({
      status: 200,
      body: { success: true, status: 'approved' },
    });
    const approved = (await conversionsOf(friend.userId)).find((c) => c.transaction_id === `A-${clickId}`);
    expect(approved).toMatchObject({
      status: 'approved',
      payout_currency: 'USD',
      is_first_completion: true,
      completion_type: 'triggered_referral_reward',
    });
    expect((await memberStats(referrer)).stats.free_spins_remaining).toBe(1);
    expect((await memberStats(friend)).stats.total_completions).toBe(1);
    expect(await revenueOf(friend.userId)).toBe(4);
    // The first reversal sent again names its own conversion: a replay; the approval stays.
    expect((await postback(clickId, `R-${clickId}`, 'reversed')).body).toEqual({
      success: true,
      duplicate: true,
      status: 'reversed',
    });
    expect((await conversionsOf(friend.userId)).map((c) => c.status)).toEqual(['reversed', 'approved']);
    expect((await spin(friend, offerId)).statusCode).toBe(200);
  });

  it('a pending conversion approved under its own transaction id is granted once, with the approval payout', async () => {
    const m = await signIn(app, newAccount('pend-appr'));
    const { offerId, clickId } = await freshClick(m);
    expect((await postback(clickId, `P-${clickId}`, 'pending', '1')).body).toEqual({
      success: true,
      status: 'pending',
    });
    expect(await memberOffer(m, offerId)).toMatchObject({ status: 'pending' });
    expect(await postback(clickId, `P-${clickId}`, 'approved', '6')).toEqual({
      status: 200,
      body: { success: true, status: 'approved' },
    });
    expect(await memberOffer(m, offerId)).toMatchObject({ status: 'completed', spinner_used: false });
    expect(await revenueOf(m.userId)).toBe(6);
    expect((await conversionsOf(m.userId))[0]).toMatchObject({
      status: 'approved',
      is_first_completion: true,
      completion_type: 'standard',
    });
    expect((await spin(m, offerId)).statusCode).toBe(200);
  });

  it("a reversal after the spin records a clawback and says so; the hold policy's threshold blocks the member, audited as the system", async () => {
    const m = await signIn(app, newAccount('clawback'));
    const policy = { threshold: 2, days: 30 };
    const spun = await freshClick(m);
    const unspun = await freshClick(m);
    const third = await freshClick(m); // clicked before the hold (a blocked member cannot click)
    await postback(third.clickId, `T-${third.clickId}`, 'approved');
    await postback(spun.clickId, `S-${spun.clickId}`, 'approved');
    await postback(unspun.clickId, `U-${unspun.clickId}`, 'approved');
    // No voucher in stock: the spin is a miss, and it is used.
    expect((await spin(m, spun.offerId)).statusCode).toBe(200);

    const reverse = async (clickId: string, transactionId: string) => {
      const result = await db.transaction(async (tx) => {
        const click = await findClickWithNetwork(tx, clickId);
        return applyConversion(tx, click!, { transactionId, status: 'reversed', payout: 0 }, policy);
      });
      await app.memberAnswers.sync(db); // as for a postback through the app
      return result;
    };
    expect(await reverse(spun.clickId, `S-${spun.clickId}`)).toEqual({
      kind: 'accepted',
      completionId: expect.any(Number),
      status: 'reversed',
      clawback: true,
      memberHeld: false,
    });
    expect(await memberOffer(m, unspun.offerId)).toMatchObject({ status: 'completed' });
    // The second reversal within 30 days reaches the threshold: held, and the member signed out.
    expect(await reverse(unspun.clickId, `U-${unspun.clickId}`)).toEqual({
      kind: 'accepted',
      completionId: expect.any(Number),
      status: 'reversed',
      clawback: false,
      memberHeld: true,
    });
    expect((await app.inject({ url: '/api/offers.php', headers: { cookie: m.cookie } })).statusCode).toBe(
      401,
    );
    const audit = await query<Record<string, unknown>>(
      db,
      sql`select admin_id, admin_username, action, target_type, target_id, before, after, ip
            from admin_audit_log where target_id = ${String(m.userId)} order by id`,
    );
    expect(audit).toEqual([
      {
        admin_id: null,
        admin_username: 'system',
        action: 'user.hold',
        target_type: 'user',
        target_id: String(m.userId),
        before: { is_suspicious: false },
        after: {
          is_suspicious: true,
          reason: '2 reversed completions in the last 30 days (hold threshold 2); blocked pending review',
        },
        ip: null,
      },
    ]);

    // A further reversal of a member already held holds nobody again.
    expect(await reverse(third.clickId, `T-${third.clickId}`)).toMatchObject({
      status: 'reversed',
      memberHeld: false,
    });
    expect(
      await query<{ found: number }>(
        db,
        sql`select 1 as found from admin_audit_log where target_id = ${String(m.userId)}`,
      ),
    ).toHaveLength(1);
  });

  it('a hold policy with 0 days counts nothing: nobody is held', async () => {
    const m = await signIn(app, newAccount('zero-days'));
    const { clickId } = await freshClick(m);
    await postback(clickId, `Z-${clickId}`, 'approved');
    const click = await findClickWithNetwork(db, clickId);
    const result = await db.transaction((tx) =>
      applyConversion(
        tx,
        click!,
        { transactionId: `Z-${clickId}`, status: 'reversed', payout: 0 },
        {
          threshold: 1,
          days: 0,
        },
      ),
    );
    expect(result).toMatchObject({ kind: 'accepted', status: 'reversed', memberHeld: false });
    expect((await memberStats(m)).stats.total_completions).toBe(0);
  });

  it('purges junk attempts older than the retention period, batch after batch; keeps the rest', async () => {
    const base = { method: 'GET', params: {}, outcome: 'bad_signature', httpStatus: 403 };
    const old = sql`now() - interval '8 days'`;
    await db.insert(postbackLog).values([
      ...Array.from({ length: 4 }, (_, i) => ({
        ...base,
        receivedAt: old,
        verified: false,
        clickId: `purge-old-${i}`,
      })),
      { ...base, verified: false, clickId: 'purge-new' },
      {
        ...base,
        receivedAt: old,
        verified: true,
        outcome: 'accepted',
        httpStatus: 200,
        clickId: 'purge-ok',
      },
    ] as (typeof postbackLog.$inferInsert)[]);
    expect(await purgeJunkPostbacks(db, 7, 2)).toBe(4);
    const left = await query<{ click_id: string }>(
      db,
      sql`select click_id from postback_log where click_id like 'purge-%' order by click_id`,
    );
    expect(left.map((r) => r.click_id)).toEqual(['purge-new', 'purge-ok']);
    expect(await purgeJunkPostbacks(db, 7, 2)).toBe(0);
  });

  it("a reversal recorded with the partner's reason keeps at most 256 characters of it", async () => {
    const m = await signIn(app, newAccount('rev-reason'));
    const { clickId } = await freshClick(m);
    const reason = `${'r'.repeat(250)}-chargeback-tail`;
    expect(
      await convert(clickId, { transactionId: `RR-${clickId}`, status: 'reversed', payout: 1, reason }),
    ).toMatchObject({ kind: 'accepted', status: 'reversed', clawback: false, memberHeld: false });
    expect((await conversionsOf(m.userId))[0]!.reversal_reason).toBe(reason.slice(0, 256));

    // Reversing an approved conversion by its own id keeps the reason the same way; the member's
    // rewards history shows it.
    const second = await freshClick(m);
    await postback(second.clickId, `RA-${second.clickId}`, 'approved');
    expect(
      await convert(second.clickId, {
        transactionId: `RA-${second.clickId}`,
        status: 'reversed',
        payout: 0,
        reason,
      }),
    ).toMatchObject({ kind: 'accepted', status: 'reversed', clawback: false, memberHeld: false });
    expect((await memberStats(m)).completions).toEqual([
      expect.objectContaining({ status: 'reversed', reversal_reason: reason.slice(0, 256) }),
    ]);
  });

  it('approvals for a blocked member are held and answered as held; the unblock grants each once', async () => {
    const referrer = await signIn(app, newAccount('held-ref'), { deviceFingerprint: 'held-ref-device' });
    const account = newAccount('held-friend');
    const friend = await signIn(app, account, {
      referralCode: referrer.referralCode,
      deviceFingerprint: 'held-friend-device',
    });
    // Clicked before the block (a blocked member cannot click).
    const a = await freshClick(friend); // approved while blocked
    const b = await freshClick(friend); // pending before, approved (same id) while blocked
    const c = await freshClick(friend); // pending before, approved under another id while blocked
    const d = await freshClick(friend); // approved while blocked, then reversed
    await postback(b.clickId, `B-${b.clickId}`, 'pending', '1');
    await postback(c.clickId, `C-${c.clickId}`, 'pending', '1');
    expect(
      (await admin.put('/api/admin/users.php', { user_id: friend.userId, action: 'flag' })).statusCode,
    ).toBe(200);

    const heldAnswer = {
      status: 200,
      body: {
        success: true,
        status: 'held',
        message: 'Recorded; the member is blocked, so nothing is granted unless they are unblocked',
      },
    };
    expect(await postback(a.clickId, `A-${a.clickId}`, 'approved', '3')).toEqual(heldAnswer);
    expect(await postback(b.clickId, `B-${b.clickId}`, 'approved', '5', 'EUR')).toEqual(heldAnswer);
    expect(await postback(c.clickId, `C2-${c.clickId}`, 'approved', '7')).toEqual(heldAnswer);
    expect(await loggedAttempt(`C2-${c.clickId}`)).toMatchObject({ outcome: 'held' });
    expect(await postback(d.clickId, `D-${d.clickId}`, 'approved', '9')).toEqual(heldAnswer);

    // Again: a replay of the held approval; a further goal of a held conversion grants nothing.
    expect((await postback(a.clickId, `A-${a.clickId}`, 'approved', '3')).body).toEqual({
      success: true,
      duplicate: true,
      status: 'held',
    });
    expect((await postback(c.clickId, `C3-${c.clickId}`, 'approved', '11')).body).toEqual({
      success: true,
      status: 'held',
      message: 'Recorded as a further event of a conversion that is held; nothing more is granted',
    });
    expect((await postback(d.clickId, `D-${d.clickId}`, 'reversed')).body).toEqual({
      success: true,
      status: 'reversed',
    });

    // Held: recorded, pending, nothing counted.
    const whileBlocked = await conversionsOf(friend.userId);
    expect(whileBlocked.map((r) => [r.offer_id, r.status, r.held])).toEqual([
      [a.offerId, 'pending', true],
      [b.offerId, 'pending', true],
      [c.offerId, 'pending', true],
      [d.offerId, 'reversed', false],
    ]);
    expect(await revenueOf(friend.userId)).toBe(0);
    expect((await memberStats(referrer)).stats.free_spins_remaining).toBe(0);

    // The unblock releases the three held approvals, says so in the audit log, and grants them.
    expect(
      (await admin.put('/api/admin/users.php', { user_id: friend.userId, action: 'unflag' })).statusCode,
    ).toBe(200);
    const audit = await query<{ after: Record<string, unknown> }>(
      db,
      sql`select after from admin_audit_log
           where action = 'user.unblock' and target_id = ${String(friend.userId)}`,
    );
    expect(audit).toEqual([{ after: expect.objectContaining({ released_held_completions: 3 }) }]);

    const back = await signIn(app, account);
    for (const o of [a, b, c]) {
      expect(await memberOffer(back, o.offerId)).toMatchObject({ status: 'completed', spinner_used: false });
      expect((await spin(back, o.offerId)).statusCode).toBe(200);
    }
    expect(await memberOffer(back, d.offerId)).toMatchObject({ status: 'available' });
    expect((await spin(back, d.offerId)).statusCode).toBe(409);

    const after = await conversionsOf(friend.userId);
    expect(after.map((r) => [r.offer_id, r.status, r.held, r.is_first_completion])).toEqual([
      [a.offerId, 'approved', false, true],
      [b.offerId, 'approved', false, false],
      [c.offerId, 'approved', false, false],
      [d.offerId, 'reversed', false, false],
    ]);
    // Each with the approval's payout (and currency, when it sent one).
    expect(after.map((r) => [Number(r.payout_amount), r.payout_currency])).toEqual([
      [3, 'USD'],
      [5, 'EUR'],
      [7, 'USD'],
      [9, 'USD'],
    ]);
    expect(after.slice(0, 3).map((r) => r.completion_type)).toEqual([
      'triggered_referral_reward',
      'standard',
      'standard',
    ]);
    expect((await memberStats(back)).stats.total_completions).toBe(3);
    expect(await revenueOf(friend.userId)).toBe(15);
    // The referrer's one free spin, from the first completion only.
    expect((await memberStats(referrer)).stats.free_spins_remaining).toBe(1);

    // Released once: a second unblock changes nothing; a late replay is a replay of the approval.
    await admin.put('/api/admin/users.php', { user_id: friend.userId, action: 'unflag' });
    expect((await postback(a.clickId, `A-${a.clickId}`, 'approved', '3')).body).toEqual({
      success: true,
      duplicate: true,
      status: 'approved',
    });
    expect((await memberStats(back)).stats.total_completions).toBe(3);
    expect((await memberStats(referrer)).stats.free_spins_remaining).toBe(1);
  });

  it('an unblock with nothing held releases nothing and says nothing of it', async () => {
    const m = await signIn(app, newAccount('unblock-empty'));
    await admin.put('/api/admin/users.php', { user_id: m.userId, action: 'flag' });
    await admin.put('/api/admin/users.php', { user_id: m.userId, action: 'unflag' });
    const audit = await query<{ after: Record<string, unknown> }>(
      db,
      sql`select after from admin_audit_log where action = 'user.unblock' and target_id = ${String(m.userId)}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).not.toHaveProperty('released_held_completions');
  });

  it("a transaction id of another click is refused, whatever its status; the first click's conversion stays", async () => {
    const a = await signIn(app, newAccount('tx-a'));
    const b = await signIn(app, newAccount('tx-b'));
    const offerId = await insertOffer(db);
    const clickA = await clickOffer(app, a, offerId);
    const clickB = await clickOffer(app, b, offerId);
    expect((await postback(clickA, `T-${clickA}`, 'approved', '4')).status).toBe(200);
    const [original] = await conversionsOf(a.userId);

    for (const status of ['reversed', 'approved', 'pending']) {
      expect(await postback(clickB, `T-${clickA}`, status, '99')).toEqual({
        status: 409,
        body: {
          success: false,
          error: 'transaction_id is already recorded for another click_id; this postback was refused',
        },
      });
      expect(await loggedAttempt(`T-${clickA}`)).toMatchObject({
        outcome: 'transaction_conflict',
        http_status: 409,
        click_id: clickB,
        completion_id: original!.id,
      });
    }
    expect(await conversionsOf(a.userId)).toEqual([original]);
    expect(await conversionsOf(b.userId)).toEqual([]);
    expect((await spin(a, offerId)).statusCode).toBe(200);
    expect((await spin(b, offerId)).statusCode).toBe(409);
  });

  it("a reversal naming another offer's or another member's conversion is refused; that conversion stays", async () => {
    const m = await signIn(app, newAccount('orig-m'));
    const other = await signIn(app, newAccount('orig-other'));
    const first = await freshClick(m);
    await postback(first.clickId, `O-${first.clickId}`, 'approved');

    // The same member, another offer.
    const sameMember = await freshClick(m);
    expect(
      await convert(sameMember.clickId, {
        transactionId: `OR-${sameMember.clickId}`,
        status: 'reversed',
        payout: 0,
        originalTransactionId: `O-${first.clickId}`,
      }),
    ).toMatchObject({ kind: 'transaction_conflict' });

    // Another member, the same offer.
    const otherClick = await clickOffer(app, other, first.offerId);
    expect(
      await convert(otherClick, {
        transactionId: `OR-${otherClick}`,
        status: 'reversed',
        payout: 0,
        originalTransactionId: `O-${first.clickId}`,
      }),
    ).toMatchObject({ kind: 'transaction_conflict' });

    expect((await conversionsOf(m.userId)).map((r) => r.status)).toEqual(['approved']);
    expect(await conversionsOf(other.userId)).toEqual([]);
    expect((await spin(m, first.offerId)).statusCode).toBe(200);
  });
});
