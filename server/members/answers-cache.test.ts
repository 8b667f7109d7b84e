// offers.php keeps the offers catalogue per process (docs/decisions/cached-offers-catalogue.md), and
// user-stats.php and referral-stats.php their lists per session ("Cached member stats"): each answer is
// byte for byte the uncached statement's answer, and never stale: an admin's edit, a new completion, a
// voucher, a referral show on the very next call, from this process and from another one on the same
// PostgreSQL database; a blocked member is refused at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  DATABASE_KINDS,
  POSTGRES_URL,
  clickOffer,
  completeOffer,
  createTestApp,
  insertOffer,
  newAccount,
  signIn,
  signedPostbackUrl,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';
import { adminCookie, createAdmin } from '../test/admin';
import { databaseUrl } from '../test/database-templates';
import { openDatabase, query, type Database, type Db } from '../db/client';
import { claims, clicks, completions, offers, referrals, users, vouchers } from '../db/schema';
import { compileContractSerializer, freeSpinOdds } from '../offers/service';
import { listMemberOffers, referralStatsForSession, userStatsForSession } from '../test/member-reference';
import { memberSessionKey } from './sessions-service';
import { BLOCKED_MESSAGE } from '../lib/errors';
import * as member from '../../shared/contract/member';

const serializeAnswer = compileContractSerializer(member.offers.schema.response[200]);
const serializeUserStats = compileContractSerializer(member.userStats.schema.response[200]);
const serializeReferralStats = compileContractSerializer(member.referralStats.schema.response[200]);

const slotConfig = { reels: [{ amount: 10, probability: 50 }] };
const editPayload = (offerId: number, title: string) => ({
  offer_id: offerId,
  title,
  description: 'Edited description',
  external_offer_id: `edit_${offerId}`,
  model: 'CPI',
  offer_url: 'https://partner.example/edited?c={click_id}',
  preview_url: 'https://partner.example/edited.png',
  category: 'Gaming',
  reward_amount: 10,
  slot_config: slotConfig,
});

describe.each(DATABASE_KINDS)('offers.php with the cached catalogue on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let database: Database;
  let admin: string;
  testAppPerSuite(kind, async (s) => {
    app = s.app;
    db = s.db;
    database = s.database;
    await createAdmin(db);
    admin = await adminCookie(app);
  });

  const offersCall = (m: SignedInMember, on = app) =>
    on.inject({ method: 'GET', url: '/api/offers.php', headers: { cookie: m.cookie } });
  /** What the uncached statement answers (the list as it was read before the cache), serialised as the route does. */
  const reference = async (m: SignedInMember) => {
    const [u] = await db.select({ free: users.freeSpinsRemaining }).from(users).where(eq(users.id, m.userId));
    return serializeAnswer({
      success: true,
      offers: await listMemberOffers(db, m.userId, app.config.claimMinAgeMinutes),
      freeSpinsRemaining: u!.free,
      freeSpinOdds: await freeSpinOdds(db),
    });
  };
  const titles = async (m: SignedInMember, on = app) =>
    ((await offersCall(m, on)).json().offers as { offer_id: number; title: string }[]).map(
      (o) => `${o.offer_id}:${o.title}`,
    );
  const adminPut = (payload: object) =>
    app.inject({ method: 'PUT', url: '/api/admin/offers.php', headers: { cookie: admin }, payload });

  it('answers the same bytes as the uncached statement, whatever the member has on the offers', async () => {
    const m = await signIn(app, newAccount('cache-same'));
    const other = await signIn(app, newAccount('cache-other'));
    const t0 = Date.now() - 10 * 86_400_000;
    const ids: number[] = [];
    // Several creation times, two of them equal (the list orders those by id).
    for (let i = 0; i < 6; i++)
      ids.push(
        await insertOffer(db, {
          title: `Offer ${i} "quoted" \u00e9\u2028`,
          description: i % 2 ? '' : `Line one\nline two ${i}`,
          previewUrl: i === 1 ? null : `https://cdn.example/${i}.png`,
          category: i === 2 ? null : 'Gaming',
          slotConfig: i === 3 ? null : slotConfig,
          createdAt: new Date(t0 + (i === 4 ? 3 : i) * 3_600_000),
        }),
      );
    const [approved, pending, claimed, rejected, claimable, retired] = ids as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    await completeOffer(app, m, approved!);
    await completeOffer(app, m, pending!, 'pending');
    await completeOffer(app, m, retired!);
    // A click old enough to be claimed, one with a pending claim, one with a rejected claim.
    const old = new Date(Date.now() - 3 * 3_600_000);
    for (const id of [claimed, rejected, claimable]) {
      const clickId = await clickOffer(app, m, id);
      await db.update(clicks).set({ createdAt: old }).where(eq(clicks.id, clickId));
    }
    const fileClaim = (offerId: number) =>
      app.inject({
        method: 'POST',
        url: '/api/claim.php',
        headers: { cookie: m.cookie },
        payload: { offerId, note: '' },
      });
    expect((await fileClaim(claimed)).statusCode).toBe(200);
    expect((await fileClaim(rejected)).statusCode).toBe(200);
    await db
      .update(claims)
      .set({ status: 'rejected', rejectReason: 'No conversion found' })
      .where(eq(claims.offerId, rejected));
    // An inactive offer with the member's live completion stays listed; one without disappears.
    await db.update(offers).set({ isActive: false }).where(eq(offers.id, retired));
    await insertOffer(db, { title: 'Retired, never done', isActive: false });

    for (const who of [m, other]) {
      const first = await offersCall(who);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const second = await offersCall(who); // from the catalogue this process now holds
      expect(second.body).toBe(first.body);
      expect(second.body).toBe(await reference(who));
    }
    const mine = (await offersCall(m)).json().offers as { offer_id: number; status: string }[];
    expect(mine.find((o) => o.offer_id === retired)?.status).toBe('completed');
    expect(mine.map((o) => o.offer_id)).toContain(claimable);
  });

  it("shows an admin's edit, a deactivation and a new offer on the very next call", async () => {
    const m = await signIn(app, newAccount('cache-edit'));
    const id = await insertOffer(db, { title: 'Before the edit' });
    expect(await titles(m)).toContain(`${id}:Before the edit`);
    expect((await adminPut(editPayload(id, 'After the edit'))).statusCode).toBe(200);
    expect(await titles(m)).toContain(`${id}:After the edit`);
    expect((await offersCall(m)).body).toBe(await reference(m));

    expect((await adminPut({ offer_id: id, is_active: false })).statusCode).toBe(200);
    expect((await titles(m)).some((t) => t.startsWith(`${id}:`))).toBe(false);
    expect((await adminPut({ offer_id: id, is_active: true })).statusCode).toBe(200);
    expect(await titles(m)).toContain(`${id}:After the edit`);

    // Written straight to the database, as another process would: shown once this process has heard it.
    const added = await insertOffer(db, { title: 'Just added' });
    await app.memberAnswers.sync(db);
    expect(await titles(m)).toContain(`${added}:Just added`);
    await db.delete(offers).where(eq(offers.id, added));
    await app.memberAnswers.sync(db);
    expect((await titles(m)).some((t) => t.startsWith(`${added}:`))).toBe(false);
    expect((await offersCall(m)).body).toBe(await reference(m));
  });

  it('a completion changes only the member state: the generation stays, the answer follows', async () => {
    const m = await signIn(app, newAccount('cache-gen'));
    const id = await insertOffer(db, { title: 'Counted offer' });
    await offersCall(m);
    const gen = async () =>
      (await query<{ gen: string }>(db, sql`select gen::text as gen from catalogue_generation`))[0]?.gen;
    const before = await gen();
    await completeOffer(app, m, id); // counts the completion on the offer row too
    expect(await gen()).toBe(before);
    const card = ((await offersCall(m)).json().offers as { offer_id: number; status: string }[]).find(
      (o) => o.offer_id === id,
    );
    expect(card?.status).toBe('completed');
    expect((await offersCall(m)).body).toBe(await reference(m));
  });

  it("shows a partner's approval and reversal on the next call, however late this process hears them", async () => {
    const m = await signIn(app, newAccount('cache-postback'));
    const id = await insertOffer(db, { title: 'Postback offer' });
    const clickId = await completeOffer(app, m, id, 'pending');
    const status = async () =>
      ((await offersCall(m)).json().offers as { offer_id: number; status: string }[]).find(
        (o) => o.offer_id === id,
      )?.status;
    const postback = (s: string) =>
      app.inject({
        url: signedPostbackUrl({
          click_id: clickId,
          transaction_id: `txn-${clickId}`,
          payout: '2.5000',
          currency: 'USD',
          status: s,
        }),
      });
    // This process hears every notification late (a busy listening connection): the receiver drops the
    // member's cached answers itself once its transaction commits (issue 32, "The receiver's speed"),
    // or the member's next read here is the cached one.
    const answers = app.memberAnswers;
    const receive = answers.receive.bind(answers);
    const late =
      <A extends unknown[]>(f: (...a: A) => void) =>
      (...a: A) =>
        void setTimeout(() => f(...a), 300);
    answers.receive = late(receive);
    try {
      expect(await status()).toBe('pending');
      expect(await status()).toBe('pending'); // now answered from memory
      expect((await postback('approved')).statusCode).toBe(200);
      expect(await status()).toBe('completed');
      expect((await postback('reversed')).statusCode).toBe(200);
      expect(await status()).toBe('available');
      // A refused postback changes nothing and waits for nothing.
      const refused = await app.inject({ url: `/api/postback.php?click_id=${clickId}&status=approved` });
      expect(refused.statusCode).toBe(403);
      expect(await status()).toBe('available');
    } finally {
      answers.receive = receive;
    }
  });

  it('the syncs asked for in one turn share one marker; one asked for after it was sent has its own', async () => {
    const answers = app.memberAnswers;
    const receive = answers.receive.bind(answers);
    const markers: string[] = [];
    answers.receive = (payload) => {
      if (payload.startsWith('sync:')) markers.push(payload);
      receive(payload);
    };
    try {
      await Promise.all([answers.sync(db), answers.sync(db), answers.sync(db)]);
      expect(markers).toHaveLength(1);
      const first = answers.sync(db);
      await new Promise((resolve) => setImmediate(resolve)); // its marker is on its way now
      const second = answers.sync(db);
      expect(second).not.toBe(first);
      await Promise.all([first, second]);
      expect(markers).toHaveLength(3);
    } finally {
      answers.receive = receive;
    }
  });

  it('answers a repeated read from memory, and says so on /api/metrics', async () => {
    const m = await signIn(app, newAccount('cache-metrics'));
    const metric = async (line: RegExp) => {
      const text = (await app.inject({ url: '/api/metrics' })).body;
      return Number(
        text
          .split('\n')
          .find((l) => line.test(l))
          ?.split(' ')
          .at(-1),
      );
    };
    // Sign-in's own writes (the eligibility answer) notify too; let them arrive before counting.
    await app.memberAnswers.sync(db);
    const hits = await metric(/^member_answers_cache_lookups_total\{result="hit"\}/);
    const first = await offersCall(m);
    const second = await offersCall(m);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await metric(/^member_answers_cache_lookups_total\{result="hit"\}/)).toBe(hits + 1);
    expect(await metric(/^member_answers_cache_listening /)).toBe(1);
    expect(await metric(/^member_answers_cache_bytes /)).toBeGreaterThanOrEqual(first.rawPayload.length);
    expect(await metric(/^member_answers_cache_sessions /)).toBeGreaterThanOrEqual(1);
  });

  it('refuses a blocked member and a signed-out session on the next call, the catalogue cached', async () => {
    const m = await signIn(app, newAccount('cache-block'));
    const gone = await signIn(app, newAccount('cache-logout'));
    expect((await offersCall(m)).statusCode).toBe(200);
    expect((await offersCall(gone)).statusCode).toBe(200);
    await db.update(users).set({ isSuspicious: true }).where(eq(users.id, m.userId));
    await app.memberAnswers.sync(db);
    const res = await offersCall(m);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(BLOCKED_MESSAGE);
    await app.inject({ method: 'POST', url: '/api/logout.php', headers: { cookie: gone.cookie } });
    expect((await offersCall(gone)).statusCode).toBe(401);
  });

  if (kind === 'postgres') {
    describe('two server processes on one database', () => {
      let second: Database;
      let app2: FastifyInstance;
      beforeAll(async () => {
        const [{ name }] = await query<{ name: string }>(db, sql`select current_database() as name`);
        // Its own pool and its own cache, as another process has.
        second = await openDatabase({ databaseUrl: databaseUrl(POSTGRES_URL, name), poolMax: 4 });
        app2 = await createTestApp(second);
      });
      afterAll(async () => {
        await app2?.close();
        await second?.close();
      });

      it("an edit made through one process shows on the other's next call", async () => {
        expect(database.db).not.toBe(second.db);
        const m = await signIn(app, newAccount('cache-two'));
        const id = await insertOffer(db, { title: 'Shared offer' });
        expect(await titles(m, app2)).toContain(`${id}:Shared offer`);
        expect(await titles(m, app)).toContain(`${id}:Shared offer`);
        expect((await adminPut(editPayload(id, 'Edited on the first'))).statusCode).toBe(200);
        // The other process shows it once it has heard the change's notification.
        await app2.memberAnswers.sync(second.db);
        expect(await titles(m, app2)).toContain(`${id}:Edited on the first`);
        const admin2 = await adminCookie(app2);
        const put2 = await app2.inject({
          method: 'PUT',
          url: '/api/admin/offers.php',
          headers: { cookie: admin2 },
          payload: editPayload(id, 'Edited on the second'),
        });
        expect(put2.statusCode).toBe(200);
        await app.memberAnswers.sync(db);
        expect(await titles(m, app)).toContain(`${id}:Edited on the second`);
        expect((await offersCall(m, app)).body).toBe((await offersCall(m, app2)).body);
      });
    });
  }
});

describe.each(DATABASE_KINDS)('user-stats.php and referral-stats.php with cached lists on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: string;
  testAppPerSuite(kind, async (s) => {
    app = s.app;
    db = s.db;
    await createAdmin(db);
    admin = await adminCookie(app);
  });

  const get = (m: SignedInMember, url: string, on = app) =>
    on.inject({ method: 'GET', url, headers: { cookie: m.cookie } });
  /** A change written straight to the database, as another process would: shown once this process has heard it. */
  const heard = () => app.memberAnswers.sync(db);
  const keyOf = (m: SignedInMember) =>
    memberSessionKey(
      app.sessionSecret,
      m.cookie.slice('sid='.length),
      app.config.memberSessionDays * 86_400_000,
    );
  /** Both answers as the uncached statements read them, serialised as the routes did before the cache. */
  const reference = async (m: SignedInMember) => {
    const u = await userStatsForSession(db, keyOf(m));
    const r = await referralStatsForSession(db, keyOf(m), app.config.publicUrl);
    return {
      user: serializeUserStats({ success: true, ...u.stats! }),
      referral: serializeReferralStats({ success: true, ...r.stats! }),
    };
  };
  /** The two calls twice (the second from the lists this process now holds): the same bytes as the reference. */
  const both = async (m: SignedInMember, on = app) => {
    const user = await get(m, '/api/user-stats.php', on);
    const referral = await get(m, '/api/referral-stats.php', on);
    expect(user.statusCode).toBe(200);
    expect(referral.statusCode).toBe(200);
    expect(user.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await get(m, '/api/user-stats.php', on)).body).toBe(user.body);
    expect((await get(m, '/api/referral-stats.php', on)).body).toBe(referral.body);
    expect({ user: user.body, referral: referral.body }).toEqual(await reference(m));
    return { user: user.json(), referral: referral.json() };
  };

  it('shows a new completion, a reversal, a voucher and an edited offer title on the next call', async () => {
    const m = await signIn(app, newAccount('stats-cache'));
    expect((await both(m)).user.completions).toEqual([]);
    const id = await insertOffer(db, { title: 'Stats offer' });
    await completeOffer(app, m, id);
    let s = await both(m);
    expect(s.user.completions.map((c: { title: string }) => c.title)).toEqual(['Stats offer']);
    expect(s.user.stats.total_completions).toBe(1);

    // A voucher assigned to the member, and the completion linked to it.
    await insertVoucherFor(m.userId, 10);
    await heard();
    s = await both(m);
    expect(s.user.userVouchers).toHaveLength(1);
    expect(s.user.voucherBreakdown).toEqual([
      expect.objectContaining({ voucher_amount: 10, count: 1, total_value: 10 }),
    ]);
    const [v] = await db
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(eq(vouchers.assignedToUserId, m.userId));
    await db
      .update(completions)
      .set({ voucherId: v!.id, rewardType: 'voucher_10' })
      .where(eq(completions.userId, m.userId));
    await heard();
    expect((await both(m)).user.completions[0]).toMatchObject({
      reward_type: 'voucher_10',
      voucher_amount: 10,
    });

    // An admin's edit of the offer's title shows in the history.
    const put = await app.inject({
      method: 'PUT',
      url: '/api/admin/offers.php',
      headers: { cookie: admin },
      payload: editPayload(id, 'Renamed offer'),
    });
    expect(put.statusCode).toBe(200);
    expect((await both(m)).user.completions[0].title).toBe('Renamed offer');

    // The partner takes it back.
    await db
      .update(completions)
      .set({ status: 'reversed', reversedAt: new Date(), reversalReason: 'Chargeback' })
      .where(eq(completions.userId, m.userId));
    await heard();
    expect((await both(m)).user.completions[0]).toMatchObject({
      status: 'reversed',
      reversal_reason: 'Chargeback',
    });
  });

  it("shows a new referral, the friend's completion and a decision on the referrer's next call", async () => {
    const m = await signIn(app, newAccount('stats-referrer'));
    expect((await both(m)).referral.referralDetails).toEqual([]);
    const friend = await signIn(app, newAccount('stats-friend'), { referralCode: m.referralCode });
    let s = await both(m);
    expect(s.referral.referralDetails).toHaveLength(1);
    expect(s.referral.summary.pendingReferrals).toBe(1);
    expect(s.referral.monthlyPerformance.at(-1)).toMatchObject({ registrations: 1 });
    const id = await insertOffer(db, { title: 'Friend offer' });
    await completeOffer(app, friend, id); // the friend's completion count, and the referral's reward
    s = await both(m);
    expect(s.referral.referralDetails[0].total_completions).toBe(1);
    expect(s.referral.summary.pendingReferrals).toBe(0);
    // The friend's name as the list shows it.
    await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, friend.userId));
    await heard();
    expect((await both(m)).referral.referralDetails[0].first_name).toBe('Renamed');
    await db.update(referrals).set({ status: 'denied' }).where(eq(referrals.referredUserId, friend.userId));
    await heard();
    expect((await both(m)).referral.referralDetails[0].status).toBe('not_approved');
  });

  it('refuses a blocked member and a signed-out session on the next call, the lists cached', async () => {
    const m = await signIn(app, newAccount('stats-block'));
    const gone = await signIn(app, newAccount('stats-logout'));
    const flagged = await signIn(app, newAccount('stats-flagged'));
    await both(m);
    await both(gone);
    await both(flagged);
    // Blocked through the console: its answer comes once this process has heard it, so the very next
    // call is refused (the block ended the member's sessions).
    const block = await app.inject({
      method: 'PUT',
      url: '/api/admin/users.php',
      headers: { cookie: admin },
      payload: { user_id: flagged.userId, action: 'flag' },
    });
    expect(block.statusCode).toBe(200);
    for (const url of ['/api/user-stats.php', '/api/referral-stats.php', '/api/offers.php'])
      expect((await get(flagged, url)).statusCode).toBe(401);
    // Blocked straight in the database (as another process would): refused once heard.
    await db.update(users).set({ isSuspicious: true }).where(eq(users.id, m.userId));
    await heard();
    for (const url of ['/api/user-stats.php', '/api/referral-stats.php']) {
      const res = await get(m, url);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(BLOCKED_MESSAGE);
    }
    await app.inject({ method: 'POST', url: '/api/logout.php', headers: { cookie: gone.cookie } });
    for (const url of ['/api/user-stats.php', '/api/referral-stats.php'])
      expect((await get(gone, url)).statusCode).toBe(401);
  });

  async function insertVoucherFor(userId: number, amount: number) {
    await db.insert(vouchers).values({
      voucherCode: `CACHE-${userId}-${Date.now()}`,
      voucherBrand: 'TestBrand',
      voucherAmount: amount,
      expiryDate: '2099-12-31',
      status: 'assigned',
      assignedToUserId: userId,
      assignedAt: new Date(),
      assignmentContext: 'offer_completion',
    });
  }

  if (kind === 'postgres') {
    it("a completion through one process shows on the other's next call", async () => {
      const [{ name }] = await query<{ name: string }>(db, sql`select current_database() as name`);
      const second = await openDatabase({ databaseUrl: databaseUrl(POSTGRES_URL, name), poolMax: 4 });
      const app2 = await createTestApp(second);
      try {
        const m = await signIn(app, newAccount('stats-two'));
        await both(m, app2);
        await both(m, app);
        const id = await insertOffer(db, { title: 'Seen by both' });
        await completeOffer(app, m, id);
        expect((await both(m, app2)).user.completions[0].title).toBe('Seen by both');
        await signIn(app2, newAccount('stats-two-friend'), { referralCode: m.referralCode });
        expect((await both(m, app)).referral.referralDetails).toHaveLength(1);
      } finally {
        await app2.close();
        await second.close();
      }
    });
  }
});
