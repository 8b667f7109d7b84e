import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  DATABASE_KINDS,
  completeOffer,
  craftToken,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn,
  signedPostbackUrl,
  testAppPerSuite,
} from '../test/helpers';
import type { Db } from '../db/client';
import { emulatorIdToken } from '../demo/emulator';
import { completions, referrals, sessions, spins, users, vouchers } from '../db/schema';
import { TEST_EMULATOR_HOST } from '../test/helpers';
import { spin } from '../spins/service';
import { BLOCKED_MESSAGE } from '../lib/errors';
import { withDraw } from '../test/fixed-draw';

// A check that needs a win fixes the draw (withDraw), so it runs every time.
vi.mock('node:crypto', (original) =>
  import('../test/fixed-draw').then((m) => m.cryptoWithFixedDraw(original)),
);

describe.each(DATABASE_KINDS)('member API on %s', (kind) => {
  let app: FastifyInstance;
  let database: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    database = s.db;
  });

  const db = () => database;
  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

  describe('POST /api/firebase-auth.php', () => {
    it('creates a member on first sign-in with a unique 8-character referral code and a sid cookie', async () => {
      const account = newAccount('asha');
      const idToken = await emulatorIdToken(TEST_EMULATOR_HOST, { ...account, name: 'Asha Devi Patel' });
      const res = await post('/api/firebase-auth.php', { idToken, deviceFingerprint: 'abc123' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        isNewUser: true,
        referralUsed: false,
        user: { first_name: 'Asha', last_name: 'Devi Patel', email: account.email },
      });
      expect(body.user.referral_code).toMatch(/^[A-Z0-9]{8}$/);
      expect(typeof body.sessionId).toBe('string');
      const cookie = res.cookies.find((c) => c.name === 'sid')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      // The session id in the body is a public handle, not the cookie secret.
      expect(cookie.value).not.toBe(body.sessionId);
      const [row] = await db().select().from(users).where(eq(users.id, body.user.user_id));
      expect(row).toMatchObject({ registrationMethod: 'firebase', deviceFingerprint: 'abc123' });
    });

    it('recognises a returning member and issues a new session id each time', async () => {
      const account = newAccount('returning');
      const first = await signIn(app, account);
      const second = await signIn(app, account);
      expect(second.body.isNewUser).toBe(false);
      expect(second.userId).toBe(first.userId);
      expect(second.cookie).not.toBe(first.cookie);
    });

    it('applies a referral code only for a new user, and never twice', async () => {
      const referrer = await signIn(app, newAccount('referrer'));
      const friend = await signIn(app, newAccount('friend'), {
        referralCode: referrer.referralCode.toLowerCase(),
      });
      expect(friend.body.referralUsed).toBe(true);
      const rows = await db().select().from(referrals).where(eq(referrals.referrerUserId, referrer.userId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ referredUserId: friend.userId, status: 'pending', sameDevice: false });
      // A returning user presenting a code gets nothing applied.
      const again = await signIn(app, newAccount('other'));
      const returning = await app.inject({
        method: 'POST',
        url: '/api/firebase-auth.php',
        payload: {
          idToken: await emulatorIdToken(TEST_EMULATOR_HOST, {
            sub: again.body.user ? (again.body as { user: { email: string } }).user.email.split('@')[0]! : '',
            email: (again.body as { user: { email: string } }).user.email,
            name: 'Test Other',
          }),
          referralCode: referrer.referralCode,
        },
      });
      expect(returning.json().referralUsed).toBe(false);
      const [u] = await db()
        .select({ n: users.totalReferrals })
        .from(users)
        .where(eq(users.id, referrer.userId));
      expect(u!.n).toBe(1);
    });

    it('ignores an unknown referral code without failing the sign-in', async () => {
      const m = await signIn(app, newAccount('nocode'), { referralCode: 'ZZZZZZZZ' });
      expect(m.body.referralUsed).toBe(false);
      expect(m.body.isNewUser).toBe(true);
    });

    it('refuses a missing, forged, expired or wrong-audience token with 401 and creates nothing', async () => {
      const before = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(users);
      const cases = [
        { idToken: '' },
        { idToken: 'not-a-jwt' },
        {
          idToken: craftToken({
            exp: Math.floor(Date.now() / 1000) - 60,
            iat: Math.floor(Date.now() / 1000) - 4000,
          }),
        },
        {
          idToken: craftToken({
            aud: 'some-other-project',
            iss: 'https://securetoken.google.com/some-other-project',
          }),
        },
      ];
      const statuses = [];
      for (const payload of cases) {
        const res = await post('/api/firebase-auth.php', payload);
        statuses.push(res.statusCode);
        expect(res.json().success).toBe(false);
        expect(res.json().error).toEqual(expect.any(String));
        expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      }
      expect(statuses).toEqual([400, 401, 401, 401]);
      const after = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(users);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('refuses a well-formed token for an account the identity provider does not know', async () => {
      const res = await post('/api/firebase-auth.php', {
        idToken: craftToken({ sub: 'crafted-ok', user_id: 'crafted-ok', email: 'ok@example.com' }),
      });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a blocked member with 403 and no session', async () => {
      const account = newAccount('blocked');
      const m = await signIn(app, account);
      await db().update(users).set({ isSuspicious: true }).where(eq(users.id, m.userId));
      const idToken = await emulatorIdToken(TEST_EMULATOR_HOST, account);
      const res = await post('/api/firebase-auth.php', { idToken });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/blocked/i);
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      // Their existing session is refused too.
      const stats = await get('/api/user-stats.php', m.cookie);
      expect(stats.statusCode).toBe(403);
    });

    it('answers malformed JSON and wrong types with 400 JSON errors', async () => {
      const bad = await app.inject({
        method: 'POST',
        url: '/api/firebase-auth.php',
        headers: { 'content-type': 'application/json' },
        payload: '{"idToken": ',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, error: 'Malformed JSON body' });
      const wrongType = await post('/api/firebase-auth.php', { idToken: 42 });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().error).toMatch(/idToken/);
    });
  });

  describe('sessions and CSRF', () => {
    it('answers 401 to every member call without a session', async () => {
      for (const [method, url] of [
        ['GET', '/api/user-stats.php'],
        ['GET', '/api/offers.php'],
        ['GET', '/api/referral-stats.php'],
        ['POST', '/api/click-offer.php'],
        ['POST', '/api/slot-spin.php'],
      ] as const) {
        const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().success).toBe(false);
      }
    });

    it('logout deletes the session', async () => {
      const m = await signIn(app);
      const before = await db().select().from(sessions).where(eq(sessions.userId, m.userId));
      expect(before).toHaveLength(1);
      const res = await app.inject({ method: 'POST', url: '/api/logout.php', headers: { cookie: m.cookie } });
      expect(res.statusCode).toBe(200);
      expect((await get('/api/user-stats.php', m.cookie)).statusCode).toBe(401);
      const after = await db().select().from(sessions).where(eq(sessions.userId, m.userId));
      expect(after).toHaveLength(0);
    });

    it('logout accepts an empty body labelled JSON; prototype-poisoning JSON is refused', async () => {
      const m = await signIn(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/logout.php',
        headers: { cookie: m.cookie, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      const poisoned = await app.inject({
        method: 'POST',
        url: '/api/firebase-auth.php',
        headers: { 'content-type': 'application/json' },
        payload: '{"idToken":"x","__proto__":{"admin":true}}',
      });
      expect(poisoned.statusCode).toBe(400);
      expect(poisoned.json()).toEqual({ success: false, error: 'Malformed JSON body' });
    });

    it('refuses cross-origin and non-JSON state-changing calls', async () => {
      const m = await signIn(app);
      const offerId = await insertOffer(db());
      const crossOrigin = await app.inject({
        method: 'POST',
        url: '/api/click-offer.php',
        headers: { cookie: m.cookie, origin: 'https://evil.example' },
        payload: { offerId },
      });
      expect(crossOrigin.statusCode).toBe(403);
      const form = await app.inject({
        method: 'POST',
        url: '/api/click-offer.php',
        headers: { cookie: m.cookie, 'content-type': 'text/plain' },
        payload: JSON.stringify({ offerId }),
      });
      expect(form.statusCode).toBe(415);
      const sameOrigin = await app.inject({
        method: 'POST',
        url: '/api/click-offer.php',
        headers: { cookie: m.cookie, origin: 'http://localhost:3000' },
        payload: { offerId },
      });
      expect(sameOrigin.statusCode).toBe(200);
    });
  });

  describe('offers, clicks, spins', () => {
    it('lists active offers with the member state and freeSpinsRemaining', async () => {
      const m = await signIn(app);
      const offerId = await insertOffer(db(), { title: 'Visible' });
      const hidden = await insertOffer(db(), { title: 'Hidden', isActive: false });
      const res = await get('/api/offers.php', m.cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.freeSpinsRemaining).toBe(0);
      const offer = body.offers.find((o: { offer_id: number }) => o.offer_id === offerId);
      expect(offer).toEqual({
        offer_id: offerId,
        title: 'Visible',
        description: 'Do the thing',
        preview_url: null,
        offer_url: expect.stringContaining('{click_id}'),
        category: 'Gaming',
        completed: false,
        spinner_used: false,
        status: 'available',
        reward_type: 'none',
        voucher_code: null,
        slot_config: { reels: [{ amount: 10, probability: 50 }] },
        // What can be won now: the ₹10 reel when a ₹10 code is in stock (owed-vouchers.test.ts).
        slot_odds: { reels: expect.any(Array) },
        clicked_at: null,
        pending_since: null,
        can_claim: false,
        claim_status: null,
        claim_reason: null,
        review: null,
      });
      expect(body.offers.some((o: { offer_id: number }) => o.offer_id === hidden)).toBe(false);
    });

    it('records a click and substitutes click_id and user_id in the partner link', async () => {
      const m = await signIn(app);
      const offerId = await insertOffer(db(), { title: 'Clicky' });
      const res = await post('/api/click-offer.php', { offerId }, m.cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, offerTitle: 'Clicky', network: 'testnet' });
      expect(body.clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(body.redirectUrl).toBe(`https://partner.example.com/go?cid=${body.clickId}&u=${m.userId}`);
    });

    it('appends click_id when the link has no placeholder, and resolves relative demo links', async () => {
      const m = await signIn(app);
      const plain = await insertOffer(db(), { offerUrl: 'https://partner.example.com/land?x=1' });
      const demo = await insertOffer(db(), { offerUrl: '/partner/demo/x1?click_id={click_id}' });
      const a = (await post('/api/click-offer.php', { offerId: plain }, m.cookie)).json();
      expect(a.redirectUrl).toBe(`https://partner.example.com/land?x=1&click_id=${a.clickId}`);
      const b = (await post('/api/click-offer.php', { offerId: demo }, m.cookie)).json();
      expect(b.redirectUrl).toBe(`http://localhost:3000/partner/demo/x1?click_id=${b.clickId}`);
    });

    it('refuses unknown and inactive offers (404), bad ids (400) and completed offers (409)', async () => {
      const m = await signIn(app);
      expect((await post('/api/click-offer.php', { offerId: 999999 }, m.cookie)).statusCode).toBe(404);
      const inactive = await insertOffer(db(), { isActive: false });
      expect((await post('/api/click-offer.php', { offerId: inactive }, m.cookie)).statusCode).toBe(404);
      expect((await post('/api/click-offer.php', { offerId: 'abc' }, m.cookie)).statusCode).toBe(400);
      expect((await post('/api/click-offer.php', { offerId: -3 }, m.cookie)).statusCode).toBe(400);
      expect((await post('/api/click-offer.php', {}, m.cookie)).statusCode).toBe(400);
      const offerId = await insertOffer(db());
      await completeOffer(app, m, offerId);
      const again = await post('/api/click-offer.php', { offerId }, m.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatch(/already completed/);
    });

    it('an approved postback makes the offer ready to spin; one spin per completion', async () => {
      const m = await signIn(app);
      const offerId = await insertOffer(db(), { slotConfig: { reels: [{ amount: 10, probability: 99 }] } });
      await insertVouchers(db(), 10, 3);
      await completeOffer(app, m, offerId);
      const before = (await get('/api/offers.php', m.cookie))
        .json()
        .offers.find((o: { offer_id: number }) => o.offer_id === offerId);
      expect(before).toMatchObject({ completed: true, spinner_used: false, status: 'completed' });

      const res = await post('/api/slot-spin.php', { offerId, spinType: 'offer' }, m.cookie);
      expect(res.statusCode).toBe(200);
      const spin = res.json();
      expect(spin.spinType).toBe('offer');
      expect(spin.slotResult).toHaveLength(3);
      if (spin.isWinningCombination) {
        expect(spin.slotResult).toEqual([10, 10, 10]);
        expect(spin.rewardType).toBe('voucher_10');
        expect(spin.voucher).toMatchObject({
          amount: 10,
          brand: 'TestBrand',
          type: 'Gift Card',
          expiryDate: '2099-12-31',
        });
      } else {
        expect(new Set(spin.slotResult).size).toBeGreaterThan(1);
        expect(spin.voucher).toBeNull();
      }
      const after = (await get('/api/offers.php', m.cookie))
        .json()
        .offers.find((o: { offer_id: number }) => o.offer_id === offerId);
      expect(after).toMatchObject({ completed: true, spinner_used: true, reward_type: spin.rewardType });
      if (spin.isWinningCombination) expect(after.voucher_code).toBe(spin.voucher.code);

      const second = await post('/api/slot-spin.php', { offerId, spinType: 'offer' }, m.cookie);
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toMatch(/No spin available/);
      const rows = await db().select().from(spins).where(eq(spins.userId, m.userId));
      expect(rows).toHaveLength(1);
    });

    it('a win claims the earliest-expiring voucher of that amount and shows in user-stats', async () => {
      const m = await signIn(app);
      // 99% chance of 20; retry on a fresh completion in the rare miss.
      await insertVouchers(db(), 20, 1, { voucherBrand: 'Later', expiryDate: '2099-01-01' });
      await insertVouchers(db(), 20, 1, { voucherBrand: 'Sooner', expiryDate: '2098-01-01' });
      await insertVouchers(db(), 20, 1, { voucherBrand: 'Expired', expiryDate: '2001-01-01' });
      let won: { voucher: { brand: string; code: string } } | null = null;
      for (let i = 0; i < 5 && !won; i++) {
        const offerId = await insertOffer(db(), { slotConfig: { reels: [{ amount: 20, probability: 99 }] } });
        await completeOffer(app, m, offerId);
        const spin = (await post('/api/slot-spin.php', { offerId, spinType: 'offer' }, m.cookie)).json();
        if (spin.isWinningCombination) won = spin;
      }
      expect(won).not.toBeNull();
      expect(won!.voucher.brand).toBe('Sooner');
      const stats = (await get('/api/user-stats.php', m.cookie)).json();
      expect(stats.stats).toMatchObject({ total_vouchers_won: 1, total_voucher_value: 20 });
      expect(stats.userVouchers[0]).toMatchObject({
        voucher_code: won!.voucher.code,
        voucher_amount: 20,
        voucher_brand: 'Sooner',
        voucher_source: 'offer_completion',
      });
      expect(stats.voucherBreakdown).toEqual([
        { voucher_amount: 20, voucher_brand: 'Sooner', count: 1, total_value: 20 },
      ]);
    });

    it('a winning draw with no stock left is a miss, never an error', async () => {
      const m = await signIn(app);
      const offerId = await insertOffer(db(), { slotConfig: { reels: [{ amount: 777, probability: 99 }] } });
      await completeOffer(app, m, offerId);
      const res = await post('/api/slot-spin.php', { offerId, spinType: 'offer' }, m.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isWinningCombination: false, rewardType: 'none', voucher: null });
      expect(new Set(res.json().slotResult).size).toBeGreaterThan(1);
    });

    it('a refused spin changes nothing; an unknown offer is a 404', async () => {
      const m = await signIn(app);
      const offerId = await insertOffer(db(), { slotConfig: { reels: [{ amount: 10, probability: 99 }] } });
      await insertVouchers(db(), 10, 2);
      await completeOffer(app, m, offerId);
      // Blocked between the session check and the spin (the block races the request): the spin's
      // statement finds the member blocked after spending the completion, and takes it all back.
      await db().update(users).set({ isSuspicious: true }).where(eq(users.id, m.userId));
      await expect(spin(db(), { userId: m.userId, spinType: 'offer', offerId })).rejects.toMatchObject({
        statusCode: 403,
        message: BLOCKED_MESSAGE,
      });
      const [c] = await db().select().from(completions).where(eq(completions.userId, m.userId));
      expect(c).toMatchObject({ spinnerUsed: false, rewardType: 'none', voucherId: null });
      expect(await db().select().from(spins).where(eq(spins.userId, m.userId))).toHaveLength(0);
      const [u] = await db().select().from(users).where(eq(users.id, m.userId));
      expect(u).toMatchObject({ spinsUsed: 0, totalVouchersWon: 0 });
      const available = await db().select().from(vouchers).where(eq(vouchers.status, 'available'));
      expect(available.length).toBeGreaterThanOrEqual(2);

      await db().update(users).set({ isSuspicious: false }).where(eq(users.id, m.userId));
      const unknown = await post('/api/slot-spin.php', { offerId: 987654, spinType: 'offer' }, m.cookie);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ success: false, error: 'Offer not found.' });
    });

    it('refuses a free spin with nothing to spend (409) and an offer spin without offerId (400), changing nothing', async () => {
      const m = await signIn(app);
      const free = await post('/api/slot-spin.php', { spinType: 'free' }, m.cookie);
      expect(free.statusCode).toBe(409);
      expect(free.json().error).toBe('You have no free spins left.');
      const noId = await post('/api/slot-spin.php', { spinType: 'offer' }, m.cookie);
      expect(noId.statusCode).toBe(400);
      const badType = await post('/api/slot-spin.php', { spinType: 'bonus' }, m.cookie);
      expect(badType.statusCode).toBe(400);
      const [u] = await db().select().from(users).where(eq(users.id, m.userId));
      expect(u).toMatchObject({ spinsUsed: 0, freeSpinsRemaining: 0 });
    });

    it('pending shows Verifying (status pending); reversed takes back an unused spin', async () => {
      const m = await signIn(app);
      const offerId = await insertOffer(db());
      const clickId = await completeOffer(app, m, offerId, 'pending');
      let offer = (await get('/api/offers.php', m.cookie))
        .json()
        .offers.find((o: { offer_id: number }) => o.offer_id === offerId);
      expect(offer).toMatchObject({ status: 'pending', completed: false });
      await app.inject({
        url: signedPostbackUrl({
          click_id: clickId,
          transaction_id: `txn-${clickId}`,
          payout: '2.5000',
          currency: 'USD',
          status: 'approved',
        }),
      });
      offer = (await get('/api/offers.php', m.cookie))
        .json()
        .offers.find((o: { offer_id: number }) => o.offer_id === offerId);
      expect(offer).toMatchObject({ status: 'completed', completed: true, spinner_used: false });
      await app.inject({
        url: signedPostbackUrl({
          click_id: clickId,
          transaction_id: `txn-${clickId}`,
          payout: '2.5000',
          currency: 'USD',
          status: 'reversed',
        }),
      });
      offer = (await get('/api/offers.php', m.cookie))
        .json()
        .offers.find((o: { offer_id: number }) => o.offer_id === offerId);
      expect(offer).toMatchObject({ status: 'available', completed: false });
      const spin = await post('/api/slot-spin.php', { offerId, spinType: 'offer' }, m.cookie);
      expect(spin.statusCode).toBe(409);
      const [u] = await db().select().from(users).where(eq(users.id, m.userId));
      expect(u!.totalCompletions).toBe(0);
    });
  });

  describe('referrals', () => {
    it("the referred friend's first approved completion gives the referrer exactly one free spin", async () => {
      const referrer = await signIn(app, newAccount('ref'), { deviceFingerprint: 'device-A' });
      const friend = await signIn(app, newAccount('fr'), {
        referralCode: referrer.referralCode,
        deviceFingerprint: 'device-B',
      });
      const o1 = await insertOffer(db());
      const o2 = await insertOffer(db());
      const clickId = await completeOffer(app, friend, o1);
      // Replaying the same approved postback changes nothing.
      const replay = await app.inject({
        url: signedPostbackUrl({
          click_id: clickId,
          transaction_id: `txn-${clickId}`,
          payout: '2.5000',
          currency: 'USD',
          status: 'approved',
        }),
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.json().duplicate).toBe(true);
      await completeOffer(app, friend, o2); // a second completion is not a first one

      const stats = (await get('/api/referral-stats.php', referrer.cookie)).json();
      expect(stats.referralCode).toBe(referrer.referralCode);
      expect(stats.shareUrl).toBe(`http://localhost:3000/?ref=${referrer.referralCode}`);
      expect(stats.summary).toEqual({
        totalReferrals: 1,
        successfulReferrals: 1,
        pendingReferrals: 0,
        totalFreeSpinsEarned: 1,
        conversionRate: 100,
      });
      expect(stats.referralDetails).toHaveLength(1);
      expect(stats.referralDetails[0]).toMatchObject({
        first_name: 'Test',
        total_completions: 2,
        status: 'completed_and_rewarded',
      });
      expect(stats.monthlyPerformance).toEqual([
        { month: new Date().toISOString().slice(0, 7), registrations: 1, successful: 1 },
      ]);

      const offers = (await get('/api/offers.php', referrer.cookie)).json();
      expect(offers.freeSpinsRemaining).toBe(1);
      const [c] = await db().select().from(completions).where(eq(completions.clickId, clickId));
      expect(c).toMatchObject({
        isFirstCompletion: true,
        completionType: 'triggered_referral_reward',
        referralRewardProcessed: true,
      });

      // Spend it: a free spin omits offerId. The draw is fixed to the default reels' first amount (10,
      // roll 0 of 10 000) and stock of 10 exists, so the spin wins and the voucher's source is checked.
      await insertVouchers(db(), 10, 5);
      const spin = await withDraw(0, () => post('/api/slot-spin.php', { spinType: 'free' }, referrer.cookie));
      expect(spin.statusCode).toBe(200);
      expect(spin.json()).toMatchObject({
        spinType: 'free',
        freeSpinsRemaining: 0,
        isWinningCombination: true,
        voucher: { amount: 10 },
      });
      const [v] = await db()
        .select()
        .from(vouchers)
        .where(eq(vouchers.voucherCode, spin.json().voucher.code));
      expect(v!.assignmentContext).toBe('free_spin_from_referral');
      // What the member sees: the voucher listed as a free-spin reward, not an offer's.
      const mine = (await get('/api/user-stats.php', referrer.cookie)).json().userVouchers;
      expect(mine).toEqual([
        expect.objectContaining({ voucher_code: spin.json().voucher.code, voucher_source: 'free_spin' }),
      ]);
      expect((await post('/api/slot-spin.php', { spinType: 'free' }, referrer.cookie)).statusCode).toBe(409);
    });

    it('same device as the referrer: recorded, nothing granted', async () => {
      const referrer = await signIn(app, newAccount('same'), { deviceFingerprint: 'shared-device' });
      const friend = await signIn(app, newAccount('samefr'), {
        referralCode: referrer.referralCode,
        deviceFingerprint: 'shared-device',
      });
      await completeOffer(app, friend, await insertOffer(db()));
      const [r] = await db().select().from(referrals).where(eq(referrals.referredUserId, friend.userId));
      expect(r).toMatchObject({ sameDevice: true, status: 'completed_waiting', freeSpinsGranted: 0 });
      const stats = (await get('/api/referral-stats.php', referrer.cookie)).json();
      expect(stats.summary.totalFreeSpinsEarned).toBe(0);
      expect(stats.referralDetails[0]).toMatchObject({ status: 'completed_waiting', under_review: true });
    });
  });

  it('user-stats reports the session user and zeroed stats for a newcomer', async () => {
    const m = await signIn(app, newAccount('fresh'));
    const res = await get('/api/user-stats.php', m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      user: m.body.user,
      stats: {
        total_completions: 0,
        total_vouchers_won: 0,
        successful_referrals: 0,
        total_voucher_value: 0,
        spins_used: 0,
        free_spins_remaining: 0,
        total_free_spins_earned: 0,
        referral_conversion_rate: 0,
      },
      completions: [],
      voucherBreakdown: [],
      userVouchers: [],
      owedVouchers: [],
    });
  });

  it('health reports the database reachable', async () => {
    const res = await get('/api/health.php');
    expect(res.json()).toMatchObject({ success: true, status: 'ready', database: kind });
  });
});
