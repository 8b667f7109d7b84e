// Trust and safety (issue 33) as a member, a partner network and an operator meet it, on both
// databases: sign-in refuses what is not a verified Google account; a reward judged low risk keeps the
// specification's instant flow; one judged medium waits in Pending Verification ('checking', with its
// release time) until an operator approves it, the timer releases it, or an operator denies it
// ('Not approved', nothing granted), each exactly once; claims after a reversal are refused and
// concurrent claims on one offer leave one pending; the policy's changes are audited and apply.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { execute, query, type Db } from '../db/client';
import { emulatorIdToken } from '../demo/emulator';
import { adminTestApp, client, adminCookie, type Client } from '../test/admin';
import {
  DATABASE_KINDS,
  TEST_EMULATOR_HOST,
  cookieFrom,
  createTestApp,
  insertOffer,
  insertVouchers,
  newAccount,
  signedPostbackUrl,
  type SuiteApp,
} from '../test/helpers';
import { GOOGLE_ONLY_MESSAGE, UNVERIFIED_EMAIL_MESSAGE } from '../members/service';
import { CLAIM_MESSAGES } from '../claims/service';
import { DEFAULT_POLICY } from './policy';
import { releaseDueHolds } from './review-queue';
import { denyHold, releaseHold } from '../postbacks/conversions-service';

interface Member {
  cookie: string;
  userId: number;
  referralCode: string;
}

describe.each(DATABASE_KINDS)('trust and safety on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let database: SuiteApp['database'];
  let admin: Client;
  adminTestApp(kind, async (setup) => {
    ({ app, db, database } = setup);
    admin = client(app, await adminCookie(app));
    await insertVouchers(db, 10, 40);
  });

  /** Signs a new member in from `ip` (the client address: no proxy in tests) with a device fingerprint. */
  async function signInFrom(
    ip: string,
    extra: {
      deviceFingerprint?: string;
      referralCode?: string;
      account?: ReturnType<typeof newAccount>;
    } = {},
  ): Promise<Member> {
    const idToken = await emulatorIdToken(TEST_EMULATOR_HOST, extra.account ?? newAccount('trust'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/firebase-auth.php',
      remoteAddress: ip,
      payload: {
        idToken,
        ...(extra.deviceFingerprint ? { deviceFingerprint: extra.deviceFingerprint } : {}),
        ...(extra.referralCode ? { referralCode: extra.referralCode } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return {
      cookie: cookieFrom(res, 'sid'),
      userId: body.user.user_id,
      referralCode: body.user.referral_code,
    };
  }

  /**
   * The member's click on the offer, `secondsAgo` before the partner's postback: a person's two
   * minutes unless told. A conversion within 3 s of its click, from a member registered at a public
   * address, is one no person makes (`fast_conversion`, docs/trust-and-safety.md#reasons).
   */
  async function click(m: Member, offerId: number, secondsAgo = 120): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/click-offer.php',
      headers: { cookie: m.cookie },
      payload: { offerId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const clickId: string = res.json().clickId;
    if (secondsAgo > 0)
      await execute(
        db,
        sql`update clicks set created_at = now() - make_interval(secs => ${secondsAgo}) where id = ${clickId}`,
      );
    return clickId;
  }

  async function postback(
    clickId: string,
    status: 'pending' | 'approved' | 'reversed',
    txn = `txn-${clickId}`,
  ) {
    const res = await app.inject({
      url: signedPostbackUrl({ click_id: clickId, transaction_id: txn, payout: '2', status }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function offerCard(m: Member, offerId: number) {
    const res = await app.inject({ url: '/api/offers.php', headers: { cookie: m.cookie } });
    expect(res.statusCode).toBe(200);
    return (res.json().offers as Record<string, unknown>[]).find((o) => o.offer_id === offerId)!;
  }

  const holdsOf = (userId: number) =>
    query<{ id: number; kind: string; level: string; status: string; score: number; reasons: unknown }>(
      db,
      sql`select id, kind, level, status, score, reasons from reward_holds where user_id = ${userId} order by id`,
    );

  const counters = async (userId: number) =>
    (
      await query<{ total_completions: number; free_spins_remaining: number }>(
        db,
        sql`select total_completions, free_spins_remaining from users where id = ${userId}`,
      )
    )[0]!;

  /**
   * A third member on one device, the other two registered a day earlier (not a sign-up burst) from
   * other addresses: shared_device, 2 other accounts × 20 = 40, the medium threshold.
   */
  async function mediumRiskMember(tag: string, third: number) {
    const device = `device-${tag}`;
    const earlier = [
      await signInFrom(`198.51.${third}.10`, { deviceFingerprint: device }),
      await signInFrom(`198.51.${third}.11`, { deviceFingerprint: device }),
    ];
    for (const e of earlier)
      await execute(
        db,
        sql`update users set registration_date = now() - interval '1 day' where id = ${e.userId}`,
      );
    return signInFrom(`198.51.${third}.12`, { deviceFingerprint: device });
  }

  describe('sign-in', () => {
    async function emulatorAccount(body: Record<string, unknown>): Promise<string> {
      const res = await fetch(
        `http://${TEST_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
      const json = (await res.json()) as { idToken?: string };
      expect(json.idToken).toEqual(expect.any(String));
      return json.idToken!;
    }

    it('refuses an anonymous account and an unverified email address, and creates no member', async () => {
      const before = (await query<{ n: number }>(db, sql`select count(*)::int as n from users`))[0]!.n;
      const anonymous = await emulatorAccount({ returnSecureToken: true });
      const email = `victim-${Date.now()}@example.com`;
      const unverified = await emulatorAccount({ email, password: 'secret-123456', returnSecureToken: true });
      const answers = [];
      for (const idToken of [anonymous, unverified]) {
        const res = await app.inject({ method: 'POST', url: '/api/firebase-auth.php', payload: { idToken } });
        answers.push([res.statusCode, res.json().error]);
        expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      }
      expect(answers).toEqual([
        [403, GOOGLE_ONLY_MESSAGE],
        [403, GOOGLE_ONLY_MESSAGE],
      ]);
      expect((await query<{ n: number }>(db, sql`select count(*)::int as n from users`))[0]!.n).toBe(before);
      expect(await query<{ id: number }>(db, sql`select id from users where email = ${email}`)).toEqual([]);
      // The message for a Google account whose address Google has not verified names what to do.
      expect(UNVERIFIED_EMAIL_MESSAGE).toMatch(/Verify it with Google/);
    });
  });

  describe('a low-risk reward', () => {
    it('keeps the instant flow: approved, ready to spin, nothing held', async () => {
      const offerId = await insertOffer(db);
      const m = await signInFrom('127.0.0.1', { deviceFingerprint: `solo-${Date.now()}` });
      await postback(await click(m, offerId), 'approved');
      expect(await offerCard(m, offerId)).toMatchObject({
        status: 'completed',
        completed: true,
        review: null,
      });
      expect(await holdsOf(m.userId)).toEqual([]);
    });
  });

  describe('a bot-speed conversion', () => {
    it('from a public address, within 3 s of its click on an offer with no history: held high for a review', async () => {
      const offerId = await insertOffer(db);
      const m = await signInFrom('192.0.2.60', { deviceFingerprint: `bot-${Date.now()}` });
      await postback(await click(m, offerId, 0), 'approved');
      expect(await offerCard(m, offerId)).toMatchObject({
        status: 'pending',
        completed: false,
        review: { state: 'under_review' },
      });
      // fast_conversion 70 and a new account's first reward 15: 85, high (an operator decides).
      const [hold] = await holdsOf(m.userId);
      expect(hold).toMatchObject({ kind: 'conversion', level: 'high', status: 'held', score: 85 });
      expect(hold!.reasons).toEqual([
        {
          code: 'fast_conversion',
          weight: 70,
          evidence: expect.stringMatching(
            /^Converted \d\.\d s after the click; no person completes an offer within 3 s \(this offer has 0 approved conversions, too few for its own median\)$/,
          ),
          user_ids: [],
        },
        expect.objectContaining({ code: 'new_account', weight: 15 }),
      ]);
      expect(await counters(m.userId)).toEqual({ total_completions: 0, free_spins_remaining: 0 });
    });

    it('from a loopback address (a demo, a test on one machine): the instant flow', async () => {
      const offerId = await insertOffer(db);
      const m = await signInFrom('127.0.0.1', { deviceFingerprint: `local-${Date.now()}` });
      await postback(await click(m, offerId, 0), 'approved');
      expect(await offerCard(m, offerId)).toMatchObject({ status: 'completed', review: null });
      expect(await holdsOf(m.userId)).toEqual([]);
    });
  });

  describe('a medium-risk reward', () => {
    it('waits in Pending Verification with its reasons and release time, and the operator sees it in the queue', async () => {
      const offerId = await insertOffer(db);
      const m = await mediumRiskMember('queue', 1);
      await postback(await click(m, offerId), 'approved');

      const card = await offerCard(m, offerId);
      expect(card).toMatchObject({
        status: 'pending',
        completed: false,
        review: { state: 'checking', category: null },
      });
      const releaseIn = Date.parse((card.review as { release_at: string }).release_at) - Date.now();
      expect(releaseIn).toBeGreaterThan((DEFAULT_POLICY.hold_hours.default - 1) * 3_600_000);
      expect(releaseIn).toBeLessThanOrEqual(DEFAULT_POLICY.hold_hours.default * 3_600_000);
      expect(await counters(m.userId)).toEqual({ total_completions: 0, free_spins_remaining: 0 });

      // 2 other accounts on the device: 2 × 20 = 40, the medium threshold, and a new account's first
      // reward (15): 55, still medium.
      const [hold] = await holdsOf(m.userId);
      expect(hold).toMatchObject({ kind: 'conversion', level: 'medium', status: 'held', score: 55 });
      const queue = await admin.get(`/api/admin/reviews.php?user_id=${m.userId}`);
      expect(queue.statusCode).toBe(200);
      const [row] = queue.json().reviews;
      expect(row).toMatchObject({
        hold_id: hold!.id,
        offer_id: offerId,
        score: 55,
        level: 'medium',
        status: 'held',
      });
      expect(row.reasons).toEqual([
        {
          code: 'shared_device',
          weight: 40,
          evidence: expect.stringMatching(/^3 accounts registered on this device: #\d+, #\d+$/),
          user_ids: [expect.any(Number), expect.any(Number)],
        },
        {
          code: 'new_account',
          weight: 15,
          evidence: expect.stringMatching(/^A new account \(registered .+\) with 0 approved completions/),
          user_ids: [],
        },
      ]);
      expect(queue.json().waiting).toBeGreaterThanOrEqual(1);
    });

    it('an approval releases it exactly once under concurrency: the spin is granted once', async () => {
      const offerId = await insertOffer(db);
      const m = await mediumRiskMember('race', 2);
      await postback(await click(m, offerId), 'approved');
      const [hold] = await holdsOf(m.userId);
      // One of the operators also names a hold that does not exist: skipped, the others decided.
      const missing = 2_000_000_001;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          admin.put('/api/admin/reviews.php', {
            hold_ids: i === 0 ? [missing, hold!.id] : [hold!.id],
            action: 'approve',
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(answers.flatMap((a) => a.json().decided)).toEqual([hold!.id]);
      expect(answers.flatMap((a) => a.json().skipped).sort()).toEqual(
        [missing, ...Array(5).fill(hold!.id)].sort(),
      );
      // What the decisions tell their callers: a decided hold is skipped, an unknown one not found.
      const decide = db.transaction(async (tx) => [
        await releaseHold(tx, hold!.id, 'ops', DEFAULT_POLICY),
        await denyHold(tx, hold!.id, 'ops', { category: 'other', note: null }),
        await releaseHold(tx, missing, 'ops', DEFAULT_POLICY),
        await denyHold(tx, missing, 'ops', { category: 'other', note: null }),
      ]);
      expect(await decide).toEqual(['skipped', 'skipped', 'not_found', 'not_found']);
      expect(await offerCard(m, offerId)).toMatchObject({
        status: 'completed',
        completed: true,
        review: null,
      });
      expect((await counters(m.userId)).total_completions).toBe(1);
      const audited = await query<{ action: string }>(
        db,
        sql`select action from admin_audit_log where target_type = 'reward_hold' and target_id = ${String(hold!.id)}`,
      );
      expect(audited).toEqual([{ action: 'reward.release' }]);
    });

    it('a denial closes it with its category: Not approved, nothing credited, and a claim on the offer is refused', async () => {
      const offerId = await insertOffer(db);
      const m = await mediumRiskMember('deny', 3);
      await postback(await click(m, offerId), 'approved');
      const [hold] = await holdsOf(m.userId);
      const noCategory = await admin.put('/api/admin/reviews.php', { hold_ids: [hold!.id], action: 'deny' });
      expect(noCategory.statusCode).toBe(400);
      const denied = await admin.put('/api/admin/reviews.php', {
        hold_ids: [hold!.id],
        action: 'deny',
        category: 'linked_accounts',
        note: 'three accounts, one phone',
      });
      expect(denied.json()).toMatchObject({ decided: [hold!.id], skipped: [] });
      const again = await admin.put('/api/admin/reviews.php', { hold_ids: [hold!.id], action: 'approve' });
      expect(again.json()).toMatchObject({ decided: [], skipped: [hold!.id] });

      expect(await offerCard(m, offerId)).toMatchObject({
        status: 'available',
        completed: false,
        review: { state: 'not_approved', category: 'linked_accounts', release_at: null },
      });
      expect(await counters(m.userId)).toEqual({ total_completions: 0, free_spins_remaining: 0 });
      // The conversion is closed with the denial's category, as operators see it in Conversions.
      const closed = await query<{ status: string; reversal_reason: string }>(
        db,
        sql`select status, reversal_reason from completions where user_id = ${m.userId}`,
      );
      expect(closed).toEqual([{ status: 'reversed', reversal_reason: 'Not approved: linked_accounts' }]);
      // A missing-conversion claim on a new click cannot grant it back.
      const later = await click(m, offerId);
      await execute(db, sql`update clicks set created_at = now() - interval '2 hours' where id = ${later}`);
      const claim = await app.inject({
        method: 'POST',
        url: '/api/claim.php',
        headers: { cookie: m.cookie },
        payload: { clickId: later },
      });
      expect([claim.statusCode, claim.json().error]).toEqual([409, CLAIM_MESSAGES.reversed]);
    });

    it('the timer releases it when its hold period is over, once', async () => {
      const offerId = await insertOffer(db);
      const m = await mediumRiskMember('timer', 4);
      await postback(await click(m, offerId), 'approved');
      const [hold] = await holdsOf(m.userId);
      await execute(
        db,
        sql`update reward_holds set release_at = now() - interval '1 minute' where id = ${hold!.id}`,
      );
      const [first, second] = await Promise.all([releaseDueHolds(db), releaseDueHolds(db)]);
      expect(first! + second!).toBeGreaterThanOrEqual(1);
      expect((await holdsOf(m.userId))[0]).toMatchObject({ status: 'released' });
      expect(await offerCard(m, offerId)).toMatchObject({ status: 'completed', review: null });
      expect((await counters(m.userId)).total_completions).toBe(1);
    });

    /**
     * A member (on 198.51.`third`.0/24) whose first conversion was approved at once, and whose second,
     * after two accounts registered on their device a day ago, waits for the timer: medium (2 × 20
     * shared_device + 15 new_account).
     */
    async function memberWithTimedHold(tag: string, third: number) {
      const [earlier, later] = [await insertOffer(db), await insertOffer(db)];
      const m = await signInFrom(`198.51.${third}.12`, { deviceFingerprint: `device-${tag}` });
      const earlierClick = await click(m, earlier);
      await postback(earlierClick, 'approved');
      expect(await holdsOf(m.userId)).toEqual([]);
      for (const last of [10, 11]) {
        const other = await signInFrom(`198.51.${third}.${last}`, { deviceFingerprint: `device-${tag}` });
        await execute(
          db,
          sql`update users set registration_date = now() - interval '1 day' where id = ${other.userId}`,
        );
      }
      await postback(await click(m, later), 'approved');
      const [held] = await holdsOf(m.userId);
      expect(held).toMatchObject({ level: 'medium', status: 'held', score: 55 });
      return { m, earlier, later, earlierClick, held: held! };
    }

    it("a partner's reversal of another of the member's conversions sends their timed hold to review", async () => {
      const { m, later, earlierClick, held } = await memberWithTimedHold('rejudge', 7);
      const [{ release_at: before }] = (await query<{ release_at: Date | null }>(
        db,
        sql`select release_at from reward_holds where id = ${held!.id}`,
      )) as [{ release_at: Date | null }];
      expect(before).not.toBeNull();

      // The partner reverses the earlier, approved conversion: 55 + 35 (reversals) = 90, high.
      await postback(earlierClick, 'reversed');
      const [after] = await holdsOf(m.userId);
      expect(after).toMatchObject({ id: held!.id, level: 'high', status: 'held', score: 90 });
      expect((after!.reasons as { code: string }[]).map((r) => r.code)).toEqual([
        'shared_device',
        'reversals',
        'new_account',
      ]);
      const [{ release_at: now }] = (await query<{ release_at: Date | null }>(
        db,
        sql`select release_at from reward_holds where id = ${held!.id}`,
      )) as [{ release_at: Date | null }];
      expect(now).toBeNull();
      // No timer releases it now: it waits for an operator.
      await execute(
        db,
        sql`update reward_holds set created_at = created_at - interval '10 days' where id = ${held!.id}`,
      );
      await releaseDueHolds(db);
      expect((await holdsOf(m.userId))[0]).toMatchObject({ status: 'held' });
      expect(await offerCard(m, later)).toMatchObject({ status: 'pending', completed: false });
    });

    it('with the checks off (TRUST_CHECKS=off, the incident switch), a reversal judges nothing again', async () => {
      const { m, earlier, later, earlierClick, held } = await memberWithTimedHold('switch', 41);
      // The operator turns the checks off; the partner then reverses the earlier conversion.
      const off = await createTestApp(database, { trustChecks: false });
      try {
        const res = await off.inject({
          url: signedPostbackUrl({
            click_id: earlierClick,
            transaction_id: `txn-${earlierClick}`,
            payout: '2',
            status: 'reversed',
          }),
        });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await off.close();
      }
      const reversed = await query<{ status: string }>(
        db,
        sql`select status from completions where user_id = ${m.userId} and offer_id = ${earlier}`,
      );
      expect(reversed).toEqual([{ status: 'reversed' }]);
      // The waiting reward keeps its judgement and its release time.
      const [after] = await holdsOf(m.userId);
      expect(after).toMatchObject({ id: held!.id, level: 'medium', status: 'held', score: 55 });
      expect(await offerCard(m, later)).toMatchObject({
        status: 'pending',
        review: { state: 'checking', release_at: expect.any(String) },
      });
    });

    it("a partner's reversal of a held conversion closes the hold: nothing to release", async () => {
      const offerId = await insertOffer(db);
      const m = await mediumRiskMember('reversal', 5);
      const clickId = await click(m, offerId);
      await postback(clickId, 'approved');
      await postback(clickId, 'reversed');
      const [hold] = await holdsOf(m.userId);
      expect(hold).toMatchObject({ status: 'denied' });
      const approve = await admin.put('/api/admin/reviews.php', { hold_ids: [hold!.id], action: 'approve' });
      expect(approve.json()).toMatchObject({ decided: [], skipped: [hold!.id] });
      expect((await counters(m.userId)).total_completions).toBe(0);
    });
  });

  describe('a very high-risk reward', () => {
    const pausedAt = async (userId: number) =>
      (
        await query<{ rewards_paused_at: Date | null }>(
          db,
          sql`select rewards_paused_at from users where id = ${userId}`,
        )
      )[0]!.rewards_paused_at;

    it("pauses the member: their waiting timers stop, and an operator's approval resumes them", async () => {
      const [first, second, third] = [await insertOffer(db), await insertOffer(db), await insertOffer(db)];
      const m = await mediumRiskMember('pause', 40);
      await postback(await click(m, first), 'approved');
      const [timed] = await holdsOf(m.userId);
      expect(timed).toMatchObject({ level: 'medium', status: 'held', score: 55 });
      expect(await offerCard(m, first)).toMatchObject({ review: { state: 'checking' } });

      // A bot-speed conversion on top: 55 + fast_conversion 70 = 125, very high.
      await postback(await click(m, second, 0), 'approved');
      const [, paused] = await holdsOf(m.userId);
      expect(paused).toMatchObject({ level: 'very_high', status: 'held', score: 125 });
      expect(await pausedAt(m.userId)).not.toBeNull();
      expect(await offerCard(m, second)).toMatchObject({
        status: 'pending',
        completed: false,
        review: { state: 'paused', release_at: null },
      });
      // The first reward's timer stopped: it waits for a review too, also once its time has passed.
      expect(await offerCard(m, first)).toMatchObject({
        status: 'pending',
        review: { state: 'under_review', release_at: null },
      });
      await execute(
        db,
        sql`update reward_holds set created_at = created_at - interval '10 days' where user_id = ${m.userId}`,
      );
      await releaseDueHolds(db);
      expect((await holdsOf(m.userId)).map((h) => h.status)).toEqual(['held', 'held']);
      expect(await counters(m.userId)).toEqual({ total_completions: 0, free_spins_remaining: 0 });

      // The operator approves the paused reward: granted, and the member's rewards resume.
      const approved = await admin.put('/api/admin/reviews.php', {
        hold_ids: [paused!.id],
        action: 'approve',
      });
      expect(approved.json()).toMatchObject({ decided: [paused!.id], skipped: [] });
      expect(await pausedAt(m.userId)).toBeNull();
      expect(await offerCard(m, second)).toMatchObject({
        status: 'completed',
        completed: true,
        review: null,
      });
      expect((await counters(m.userId)).total_completions).toBe(1);
      // The first still waits for its own decision; a later reward is judged as before the pause (medium,
      // with a release time).
      expect(await offerCard(m, first)).toMatchObject({
        status: 'pending',
        review: { state: 'under_review' },
      });
      await postback(await click(m, third), 'approved');
      expect(await offerCard(m, third)).toMatchObject({
        status: 'pending',
        review: { state: 'checking', release_at: expect.any(String) },
      });
    });
  });

  it("an operator sees a member's linked accounts: who shares the device, the address prefix or the mailbox", async () => {
    // Prefixes of its own: other tests' members would be linked, and theirs crowded by these.
    const base = newAccount('linked');
    const member = await signInFrom('198.51.77.70', { deviceFingerprint: 'linked-phone', account: base });
    const onDevice = await signInFrom('198.51.78.70', { deviceFingerprint: 'linked-phone' });
    const onPrefix = await signInFrom('198.51.77.71', { deviceFingerprint: 'linked-other' });
    // The same Gmail mailbox: dots and a +tag do not make another one.
    const [local] = base.email.split('@');
    await execute(
      db,
      sql`update users set email_normalised = ${`${local}@gmail.com`} where id = ${member.userId}`,
    );
    const sameMailbox = await signInFrom('198.51.79.70', {
      account: { ...newAccount('linked'), email: `${local!.replace('-', '.-')}+promo@gmail.com` },
    });
    await signInFrom('198.51.80.70', { deviceFingerprint: 'unrelated' });
    const risk = await admin.get(`/api/admin/risk.php?user_id=${member.userId}`);
    expect(risk.statusCode, risk.body).toBe(200);
    const links = Object.fromEntries(
      risk.json().linked_accounts.map((l: { user_id: number; links: string[] }) => [l.user_id, l.links]),
    );
    expect(links).toEqual({
      [onDevice.userId]: ['device'],
      [onPrefix.userId]: ['address'],
      [sameMailbox.userId]: ['email'],
    });
  });

  describe('referrals', () => {
    it('a friend who signs up from the referrer’s address with a random fingerprint earns the referrer nothing at once', async () => {
      const offerId = await insertOffer(db);
      const referrer = await signInFrom('203.0.113.20', { deviceFingerprint: 'ring-phone' });
      const friend = await signInFrom('203.0.113.21', {
        deviceFingerprint: `random-${Date.now()}`,
        referralCode: referrer.referralCode,
      });
      await postback(await click(friend, offerId), 'approved');
      // The friend's own conversion keeps the instant flow; the referral reward waits.
      expect(await offerCard(friend, offerId)).toMatchObject({ status: 'completed', review: null });
      expect(await counters(referrer.userId)).toMatchObject({ free_spins_remaining: 0 });
      const [hold] = await holdsOf(friend.userId);
      expect(hold).toMatchObject({ kind: 'referral', level: 'medium', score: 45, status: 'held' });
      expect(hold!.reasons).toEqual([
        expect.objectContaining({ code: 'referral_linked', weight: 45, user_ids: [referrer.userId] }),
      ]);
      const [referral] = await query<{ status: string }>(
        db,
        sql`select status from referrals where referred_user_id = ${friend.userId}`,
      );
      expect(referral).toEqual({ status: 'completed_waiting' });
      // The operator approves: the referrer's free spin, once.
      const answers = await Promise.all([
        admin.put('/api/admin/reviews.php', { user_id: friend.userId, action: 'approve' }),
        admin.put('/api/admin/reviews.php', { hold_ids: [hold!.id], action: 'approve' }),
      ]);
      expect(answers.flatMap((a) => (a.statusCode === 200 ? a.json().decided : []))).toEqual([hold!.id]);
      expect(await counters(referrer.userId)).toMatchObject({ free_spins_remaining: 1 });
      const [after] = await query<{ status: string }>(
        db,
        sql`select status from referrals where referred_user_id = ${friend.userId}`,
      );
      expect(after).toEqual({ status: 'successful' });
    });

    it('an operator denies a held referral reward once: the referral closes with its category, the referrer gets nothing', async () => {
      const offerId = await insertOffer(db);
      const referrer = await signInFrom('198.51.9.50', { deviceFingerprint: 'deny-ring-phone' });
      const friend = await signInFrom('198.51.9.51', {
        deviceFingerprint: `random-deny-${Date.now()}`,
        referralCode: referrer.referralCode,
      });
      await postback(await click(friend, offerId), 'approved');
      const [hold] = await holdsOf(friend.userId);
      expect(hold).toMatchObject({ kind: 'referral', status: 'held' });
      // Two operators at once, one of them also naming a hold that does not exist.
      const missing = 2_000_000_000;
      const deny = (ids: number[]) =>
        admin.put('/api/admin/reviews.php', { hold_ids: ids, action: 'deny', category: 'linked_accounts' });
      const answers = await Promise.all([deny([hold!.id]), deny([hold!.id, missing])]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers.flatMap((a) => a.json().decided)).toEqual([hold!.id]);
      expect(answers.flatMap((a) => a.json().skipped).sort()).toEqual([hold!.id, missing].sort());
      const [referral] = await query<{ status: string; free_spins_granted: number; review_reason: string }>(
        db,
        sql`select status, free_spins_granted, review_reason from referrals where referred_user_id = ${friend.userId}`,
      );
      expect(referral).toEqual({ status: 'denied', free_spins_granted: 0, review_reason: 'linked_accounts' });
      expect(await counters(referrer.userId)).toMatchObject({ free_spins_remaining: 0 });
      expect((await holdsOf(friend.userId))[0]).toMatchObject({ status: 'denied' });
      // The friend's own conversion was never held and stays theirs.
      expect(await offerCard(friend, offerId)).toMatchObject({ status: 'completed', review: null });
      // Approving it afterwards changes nothing: it was decided.
      const late = await admin.put('/api/admin/reviews.php', { hold_ids: [hold!.id], action: 'approve' });
      expect(late.json()).toMatchObject({ decided: [], skipped: [hold!.id] });
      expect(await counters(referrer.userId)).toMatchObject({ free_spins_remaining: 0 });
    });
  });

  describe('referrals, when the first conversion itself was held', () => {
    it('an operator releasing the conversion does not pay the referrer: the referral reward is judged and waits', async () => {
      const offerId = await insertOffer(db);
      const referrer = await signInFrom('198.51.100.30', { deviceFingerprint: 'held-ring-phone' });
      const friend = await signInFrom('198.51.100.31', {
        deviceFingerprint: `random-held-${Date.now()}`,
        referralCode: referrer.referralCode,
      });
      // A bot-speed first conversion: held high (fast_conversion 70 + new_account 15 = 85).
      await postback(await click(friend, offerId, 1), 'approved');
      const [conversionHold] = await holdsOf(friend.userId);
      expect(conversionHold).toMatchObject({ kind: 'conversion', level: 'high', score: 85, status: 'held' });
      const approved = await admin.put('/api/admin/reviews.php', {
        hold_ids: [conversionHold!.id],
        action: 'approve',
      });
      expect(approved.json().decided).toEqual([conversionHold!.id]);
      // The conversion is approved; its referral reward is judged on its own reasons (referral_linked 45).
      expect(await offerCard(friend, offerId)).toMatchObject({ status: 'completed' });
      expect(await counters(referrer.userId)).toMatchObject({ free_spins_remaining: 0 });
      const referralHolds = (await holdsOf(friend.userId)).filter((h) => h.kind === 'referral');
      expect(referralHolds).toEqual([
        expect.objectContaining({ kind: 'referral', level: 'medium', score: 45, status: 'held' }),
      ]);
      const [referral] = await query<{ status: string }>(
        db,
        sql`select status from referrals where referred_user_id = ${friend.userId}`,
      );
      expect(referral).toEqual({ status: 'completed_waiting' });
    });
  });

  describe('referrals, when the first completion is reversed while its reward waits', () => {
    it('an approval grants nothing and closes the referral as denied', async () => {
      const offerId = await insertOffer(db);
      const referrer = await signInFrom('203.0.113.40', { deviceFingerprint: 'rev-ring-phone' });
      const friend = await signInFrom('203.0.113.41', {
        deviceFingerprint: `random-rev-${Date.now()}`,
        referralCode: referrer.referralCode,
      });
      const clickId = await click(friend, offerId);
      await postback(clickId, 'approved');
      const [hold] = await holdsOf(friend.userId);
      expect(hold).toMatchObject({ kind: 'referral', status: 'held' });
      await postback(clickId, 'reversed');
      const approved = await admin.put('/api/admin/reviews.php', { hold_ids: [hold!.id], action: 'approve' });
      expect(approved.json()).toMatchObject({ decided: [hold!.id], skipped: [] });
      expect(await counters(referrer.userId)).toMatchObject({ free_spins_remaining: 0 });
      const [referral] = await query<{ status: string; free_spins_granted: number; review_reason: string }>(
        db,
        sql`select status, free_spins_granted, review_reason from referrals where referred_user_id = ${friend.userId}`,
      );
      expect(referral).toEqual({
        status: 'denied',
        free_spins_granted: 0,
        review_reason: 'first completion reversed',
      });
    });
  });

  describe('claims', () => {
    it('concurrent claims on one offer leave exactly one pending', async () => {
      const offerId = await insertOffer(db);
      const m = await signInFrom('127.0.0.1');
      const clicks = [];
      for (let i = 0; i < 6; i++) clicks.push(await click(m, offerId));
      await execute(
        db,
        sql`update clicks set created_at = now() - interval '2 hours' where user_id = ${m.userId}`,
      );
      const answers = await Promise.all(
        clicks.map((id) =>
          app.inject({
            method: 'POST',
            url: '/api/claim.php',
            headers: { cookie: m.cookie },
            payload: { clickId: id },
          }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
      const pending = await query<{ id: number }>(
        db,
        sql`select id from claims where user_id = ${m.userId} and offer_id = ${offerId} and status = 'pending'`,
      );
      expect(pending).toHaveLength(1);
    });
  });

  describe('the policy', () => {
    it('refuses thresholds that do not rise, audits a change, and a disabled rule no longer holds', async () => {
      const current = (await admin.get('/api/admin/risk-policy.php')).json().policy;
      expect(current).toEqual(DEFAULT_POLICY);
      const bad = await admin.put('/api/admin/risk-policy.php', {
        ...current,
        thresholds: { medium: 80, high: 70, very_high: 120 },
      });
      expect(bad.statusCode).toBe(400);
      const off = {
        ...current,
        rules: { ...current.rules, shared_device: { enabled: false, weight: 20 } },
      };
      const saved = await admin.put('/api/admin/risk-policy.php', off);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ policy: off, updated_by: 'root' });
      const [audit] = await query<{ action: string; after: unknown }>(
        db,
        sql`select action, after from admin_audit_log where action = 'risk_policy.edit' order by id desc limit 1`,
      );
      expect(audit!.after).toMatchObject({ rules: { shared_device: { enabled: false } } });

      // The receiver reads the policy at most 5 s old: wait it out, then a same-device member passes.
      await new Promise((r) => setTimeout(r, 5_100));
      const offerId = await insertOffer(db);
      const m = await mediumRiskMember('policy-off', 6);
      await postback(await click(m, offerId), 'approved');
      expect(await holdsOf(m.userId)).toEqual([]);
      expect(await offerCard(m, offerId)).toMatchObject({ status: 'completed' });
      await admin.put('/api/admin/risk-policy.php', DEFAULT_POLICY);
      await new Promise((r) => setTimeout(r, 5_100));
    });
  });
});
