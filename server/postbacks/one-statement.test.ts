// The receiver's common case in one statement (server/db/functions/receive_approved_conversion.sql,
// docs/decisions/approved-postback-one-statement.md): a plain approval is inserted, credited, approved
// and logged together; anything else writes nothing and leaves the postback to the general path,
// which answers it as before (a repeat, a blocked member, a referral waiting on a first completion).
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  DATABASE_KINDS,
  clickOffer,
  insertOffer,
  newAccount,
  signIn,
  signedPostbackUrl,
  testAppPerSuite,
} from '../test/helpers';
import { query, type Db } from '../db/client';
import { completions, offers, postbackLog, users } from '../db/schema';
import { receiveApprovedConversion } from './completions-repository';
import { notifyAll } from '../events/repository';
import { MEMBER_EVENTS_CHANNEL, notificationSourceFor } from '../events/service';
import { MEMBER_CACHE_CHANNEL } from '../members/answers';
import type { AttemptEntry } from './attempts-repository';

const log = (txn: string, clickId: string): AttemptEntry => ({
  networkId: null,
  method: 'GET',
  ip: '203.0.113.9',
  params: { click_id: clickId, transaction_id: txn },
  clickId,
  transactionId: txn,
  status: 'approved',
  outcome: 'accepted',
  httpStatus: 200,
  completionId: null,
  verified: true,
  reason: 'Approved: spin unlocked',
  request: null,
});

describe.each(DATABASE_KINDS)('an approved postback in one statement on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  const counts = async (userId: number) => {
    const [c] = await query<{ completions: number; logs: number; seq: string }>(
      db,
      sql`select (select count(*)::int from completions where user_id = ${userId}) as completions,
                 (select count(*)::int from postback_log) as logs,
                 (select last_value::text from completions_id_seq) as seq`,
    );
    return c;
  };

  const conversion = (userId: number, offerId: number, clickId: string, txn: string) => ({
    userId,
    offerId,
    clickId,
    network: 'native',
    transactionId: txn,
    payoutAmount: 3.5,
    payoutCurrency: 'USD',
  });

  it('a plain approval: the completion approved, the member and offer credited, the log row names it', async () => {
    const member = await signIn(app, newAccount('one-statement'));
    const offerId = await insertOffer(db);
    const clickId = await clickOffer(app, member, offerId);
    const done = await receiveApprovedConversion(
      db,
      conversion(member.userId, offerId, clickId, `t1-${clickId}`),
      log(`t1-${clickId}`, clickId),
    );
    expect(done).not.toBeNull();
    const [c] = await db.select().from(completions).where(eq(completions.id, done!.completionId));
    expect(c).toMatchObject({ status: 'approved', isFirstCompletion: true, completionType: 'standard' });
    expect(Number(c!.payoutAmount)).toBe(3.5);
    const [u] = await db.select().from(users).where(eq(users.id, member.userId));
    expect(u!.totalCompletions).toBe(1);
    expect(Number(u!.totalRevenueGenerated)).toBe(3.5);
    // The click and the completion in the member's activity buckets, each once (migration 0036).
    expect(u!.activityRecent).toBe(2);
    const [o] = await db.select().from(offers).where(eq(offers.id, offerId));
    expect(o!.totalCompletions).toBe(1);
    const [l] = await db.select().from(postbackLog).where(eq(postbackLog.id, done!.postbackId));
    expect(l).toMatchObject({ completionId: done!.completionId, outcome: 'accepted', verified: true });
  });

  /** The notifications heard while `act` runs, up to a marker notified after it (they arrive in commit order). */
  async function heardDuring(act: () => Promise<void>): Promise<{ channel: string; payload: string }[]> {
    const heard: { channel: string; payload: string }[] = [];
    const marker = `marker-${Math.random()}`;
    let markerHeard!: () => void;
    const done = new Promise<void>((resolve) => (markerHeard = resolve));
    const source = notificationSourceFor(db, kind, undefined, [MEMBER_EVENTS_CHANNEL, MEMBER_CACHE_CHANNEL]);
    const stop = await source.start(
      (payload, channel) => (payload === marker ? markerHeard() : heard.push({ channel, payload })),
      () => {},
    );
    try {
      await act();
      await notifyAll(db, [MEMBER_CACHE_CHANNEL], [marker]);
      await done;
    } finally {
      await stop();
    }
    return heard;
  }

  it('notifies nothing in its transaction, and hands back the member event and the referrer the server announces', async () => {
    const referrer = await signIn(app, newAccount('one-statement-announce-referrer'));
    const friend = await signIn(app, newAccount('one-statement-announce-friend'), {
      referralCode: referrer.referralCode,
    });
    // The friend's first completion settles the referral (the general path); the second is plain.
    const firstOffer = await insertOffer(db);
    const firstClick = await clickOffer(app, friend, firstOffer);
    const first = await app.inject({
      method: 'GET',
      url: signedPostbackUrl({
        click_id: firstClick,
        transaction_id: `t6-${firstClick}`,
        payout: '3.5',
        status: 'approved',
      }),
    });
    expect(first.json()).toMatchObject({ success: true, status: 'approved' });
    const offerId = await insertOffer(db, { title: 'Announced offer' });
    const clickId = await clickOffer(app, friend, offerId);
    let done: Awaited<ReturnType<typeof receiveApprovedConversion>> = null;
    const heard = await heardDuring(async () => {
      done = await receiveApprovedConversion(
        db,
        conversion(friend.userId, offerId, clickId, `t7-${clickId}`),
        log(`t7-${clickId}`, clickId),
      );
    });
    expect(heard).toEqual([]);
    expect(done).not.toBeNull();
    expect(done!.referrerId).toBe(referrer.userId);
    expect(JSON.parse(done!.event)).toMatchObject({
      type: 'conversion',
      user: friend.userId,
      status: 'approved',
      offerId,
      completionId: done!.completionId,
      title: 'Announced offer',
      notApproved: false,
    });
    // The general path still notifies in its transaction: a pending postback on another offer.
    const pendingOffer = await insertOffer(db);
    const pendingClick = await clickOffer(app, friend, pendingOffer);
    const general = await heardDuring(async () => {
      await app.inject({
        method: 'GET',
        url: signedPostbackUrl({
          click_id: pendingClick,
          transaction_id: `t8-${pendingClick}`,
          payout: '1',
          status: 'pending',
        }),
      });
    });
    expect(
      general.filter((n) => n.channel === MEMBER_EVENTS_CHANNEL).map((n) => JSON.parse(n.payload)),
    ).toEqual([
      expect.objectContaining({
        type: 'conversion',
        status: 'pending',
        user: friend.userId,
        offerId: pendingOffer,
      }),
    ]);
  });

  it('through the receiver, the member event and both members are announced after the commit', async () => {
    const referrer = await signIn(app, newAccount('one-statement-route-referrer'));
    const friend = await signIn(app, newAccount('one-statement-route-friend'), {
      referralCode: referrer.referralCode,
    });
    const firstClick = await clickOffer(app, friend, await insertOffer(db));
    await app.inject({
      method: 'GET',
      url: signedPostbackUrl({
        click_id: firstClick,
        transaction_id: `t9-${firstClick}`,
        payout: '3.5',
        status: 'approved',
      }),
    });
    const offerId = await insertOffer(db);
    const clickId = await clickOffer(app, friend, offerId);
    const heard = await heardDuring(async () => {
      const res = await app.inject({
        method: 'GET',
        url: signedPostbackUrl({
          click_id: clickId,
          transaction_id: `t10-${clickId}`,
          payout: '3.5',
          status: 'approved',
        }),
      });
      expect(res.json()).toMatchObject({ success: true, status: 'approved' });
      // The announcement leaves on the next turn of the event loop, after the answer.
      await new Promise((r) => setTimeout(r, 50));
    });
    const events = heard.filter((n) => n.channel === MEMBER_EVENTS_CHANNEL).map((n) => JSON.parse(n.payload));
    expect(events).toEqual([
      expect.objectContaining({ type: 'conversion', status: 'approved', user: friend.userId, offerId }),
    ]);
    const members = heard
      .filter((n) => n.channel === MEMBER_CACHE_CHANNEL)
      .flatMap((n) => n.payload.split(',').map(Number));
    expect(members.sort()).toEqual([friend.userId, referrer.userId].sort());
  });

  it('a repeat, a second transaction on the same offer, a blocked member: nothing written, not even a sequence value', async () => {
    const member = await signIn(app, newAccount('one-statement-no'));
    const offerId = await insertOffer(db);
    const clickId = await clickOffer(app, member, offerId);
    const first = conversion(member.userId, offerId, clickId, `t2-${clickId}`);
    expect(await receiveApprovedConversion(db, first, log(first.transactionId, clickId))).not.toBeNull();
    const before = await counts(member.userId);
    expect(await receiveApprovedConversion(db, first, log(first.transactionId, clickId))).toBeNull();
    const other = conversion(member.userId, offerId, clickId, `t3-${clickId}`);
    expect(await receiveApprovedConversion(db, other, log(other.transactionId, clickId))).toBeNull();
    const offer2 = await insertOffer(db);
    await db.update(users).set({ isSuspicious: true }).where(eq(users.id, member.userId));
    const blocked = conversion(member.userId, offer2, clickId, `t4-${clickId}`);
    expect(await receiveApprovedConversion(db, blocked, log(blocked.transactionId, clickId))).toBeNull();
    expect(await counts(member.userId)).toEqual(before);
  });

  it('a referred member: left to the general path, which settles the referral and grants the free spin', async () => {
    const referrer = await signIn(app, newAccount('one-statement-referrer'));
    const friend = await signIn(app, newAccount('one-statement-friend'), {
      referralCode: referrer.referralCode,
    });
    const offerId = await insertOffer(db);
    const clickId = await clickOffer(app, friend, offerId);
    const plain = conversion(friend.userId, offerId, clickId, `t5-${clickId}`);
    expect(await receiveApprovedConversion(db, plain, log(plain.transactionId, clickId))).toBeNull();
    // The receiver then takes the general path: the same postback, answered and rewarded as before.
    const res = await app.inject({
      method: 'GET',
      url: signedPostbackUrl({
        click_id: clickId,
        transaction_id: plain.transactionId,
        payout: '3.5',
        status: 'approved',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'approved' });
    const [r] = await db.select().from(users).where(eq(users.id, referrer.userId));
    expect(r!.freeSpinsRemaining).toBe(1);
  });
});
