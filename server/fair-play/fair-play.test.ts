// Fair play (issue 37): the official rules from live data and their versions, eligibility at the first
// sign-in (18 or older and the state; under 18 keeps nothing; excluded states get no spins), the terms'
// acceptance, and the daily free spin.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { execute, query, type Db } from '../db/client';
import {
  DATABASE_KINDS,
  createTestApp,
  emulatorHasAccount,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn as signInAnswered,
  testAppPerSuite,
  testConfig,
  type SignedInMember,
  type SuiteApp,
} from '../test/helpers';
import { UNDER_AGE_MESSAGE } from '../../shared/fair-play';
import { tableOdds } from '../../shared/slot';

const TERMS = '2026.1';

/** A sign-in that leaves the first sign-in's questions unanswered: this suite answers them itself. */
const signIn = (
  app: FastifyInstance,
  account?: ReturnType<typeof newAccount>,
  extra: { referralCode?: string } = {},
) => signInAnswered(app, account, { ...extra, answer: false });
const DEMO = testConfig().fairPlay;
const DAILY_TABLE = { reels: [{ amount: 5, probability: 99 }] };

describe.each(DATABASE_KINDS)('fair play on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let suite: SuiteApp;
  testAppPerSuite(
    kind,
    (s) => {
      app = s.app;
      db = s.db;
      suite = s;
    },
    // The test configuration is demo mode's; here the daily table pays ₹5 nearly always.
    { config: { fairPlay: { ...DEMO, dailySpin: { ...DEMO.dailySpin, table: DAILY_TABLE } } } },
  );

  const get = (url: string, m?: SignedInMember) =>
    app.inject({ method: 'GET', url, headers: m ? { cookie: m.cookie } : {} });
  const post = (url: string, m: SignedInMember | null, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: m ? { cookie: m.cookie } : {}, payload });
  const confirm = (m: SignedInMember, state = 'KA') =>
    post('/api/eligibility.php', m, { adult: true, state, acceptTerms: true, termsVersion: TERMS });

  describe('the official rules (GET /api/rules.php)', () => {
    it('are public and state every active offer with odds equal to its table, the stock and the operator', async () => {
      const table = {
        reels: [
          { amount: 50, probability: 2.5 },
          { amount: 10, probability: 20 },
          { amount: 0, probability: 0 },
        ],
      };
      const offerId = await insertOffer(db, { title: 'Rules Offer', slotConfig: table });
      const inactive = await insertOffer(db, { title: 'Hidden Offer', isActive: false });
      await insertVouchers(db, 50, 3, { voucherBrand: 'Amazon' });
      const res = await get('/api/rules.php');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const offer = body.rules.offers.find((o: { offer_id: number }) => o.offer_id === offerId);
      expect(offer.table).toEqual(table);
      expect(offer.odds).toEqual({ prizes: tableOdds(table).prizes, try_again: 77.5 });
      expect(body.rules.offers.some((o: { offer_id: number }) => o.offer_id === inactive)).toBe(false);
      expect(body.rules.stock).toContainEqual({ brand: 'Amazon', amount: 50, count: 3 });
      expect(body.rules.operator.support_email).toMatch(/@/);
      expect(body.rules.eligibility.minimum_age).toBe(18);
      expect(body.rules.eligibility.excluded_states.map((s: { code: string }) => s.code)).toEqual([
        'AS',
        'TG',
      ]);
      expect(body.rules.daily_spin.enabled).toBe(true);
      expect(body.current).toBe(true);
      expect(body.versions[0].hash).toBe(body.version.hash);
    });

    it('publish a new version when the stock changes, and keep the old one readable by its hash', async () => {
      const before = (await get('/api/rules.php')).json();
      const again = (await get('/api/rules.php')).json();
      expect(again.version.hash).toBe(before.version.hash);
      await insertVouchers(db, 20, 2, { voucherBrand: 'Flipkart' });
      const after = (await get('/api/rules.php')).json();
      expect(after.version.hash).not.toBe(before.version.hash);
      expect(after.versions.map((v: { hash: string }) => v.hash)).toContain(before.version.hash);
      const past = await get(`/api/rules.php?version=${before.version.hash}`);
      expect(past.statusCode).toBe(200);
      expect(past.json()).toMatchObject({ current: false, version: { hash: before.version.hash } });
      expect(past.json().rules.stock).toEqual(before.rules.stock);
      expect((await get(`/api/rules.php?version=${'0'.repeat(64)}`)).statusCode).toBe(404);
      expect((await get('/api/rules.php?version=nope')).statusCode).toBe(400);
    });

    it('name the operator and the states through the public operator call', async () => {
      const res = await get('/api/operator.php');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ terms_version: TERMS, daily_spin_enabled: true });
      expect(res.json().states).toContainEqual({ code: 'KA', name: 'Karnataka' });
    });
  });

  describe('eligibility at the first sign-in', () => {
    it('asks a new member first, then records the state and the terms accepted, with the time', async () => {
      const m = await signIn(app);
      const first = await get('/api/eligibility.php', m);
      expect(first.json().eligibility).toMatchObject({
        needs: 'eligibility',
        adult_confirmed: false,
        state: null,
      });
      const res = await confirm(m);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        kept: true,
        eligibility: { needs: null, adult_confirmed: true, state: 'KA', accepted_terms_version: TERMS },
      });
      const rows = await query<{ terms_version: string }>(
        db,
        sql`select terms_version from terms_acceptances where user_id = ${m.userId}`,
      );
      expect(rows).toEqual([{ terms_version: TERMS }]);
    });

    it('refuses an answer without the state or the terms', async () => {
      const m = await signIn(app);
      expect((await post('/api/eligibility.php', m, { adult: true, state: 'KA' })).statusCode).toBe(400);
      expect(
        (
          await post('/api/eligibility.php', m, {
            adult: true,
            state: 'XX',
            acceptTerms: true,
            termsVersion: TERMS,
          })
        ).statusCode,
      ).toBe(400);
      expect((await post('/api/eligibility.php', null, { adult: false })).statusCode).toBe(401);
    });

    it('under 18: ends the sign-up, keeps no account, and the same Google account later starts afresh', async () => {
      const referrer = await signIn(app);
      const account = newAccount('minor');
      const m = await signIn(app, account, { referralCode: referrer.referralCode });
      const [{ uid }] = (await query<{ uid: string }>(
        db,
        sql`select firebase_uid as uid from users where id = ${m.userId}`,
      )) as [{ uid: string }];
      expect(await emulatorHasAccount(uid)).toBe(true);
      const res = await post('/api/eligibility.php', m, { adult: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kept: false, message: UNDER_AGE_MESSAGE });
      for (const table of ['users', 'member_sightings', 'sessions', 'terms_acceptances']) {
        const column = table === 'users' ? 'id' : 'user_id';
        const left = await query<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${m.userId}`,
        );
        expect(left[0]!.n, table).toBe(0);
      }
      const referrals = await query<{ total_referrals: number }>(
        db,
        sql`select total_referrals from users where id = ${referrer.userId}`,
      );
      expect(referrals[0]!.total_referrals).toBe(0);
      expect((await get('/api/user-stats.php', m)).statusCode).toBe(401);
      // The Firebase account of that sign-in is deleted too (Admin SDK, against the emulator).
      expect(await emulatorHasAccount(uid)).toBe(false);
      const again = await signIn(app, account);
      expect(again.body.isNewUser).toBe(true);
      expect(again.userId).not.toBe(m.userId);
    });

    it('refuses every spin until the questions are answered, however the call is made', async () => {
      const m = await signIn(app);
      const offerId = await insertOffer(db, { title: 'Unanswered Offer' });
      await execute(db, sql`update users set free_spins_remaining = 1 where id = ${m.userId}`);
      const free = await post('/api/slot-spin.php', m, { spinType: 'free' });
      expect(free.statusCode).toBe(403);
      expect(free.json().error).toBe('Please confirm your age and state first.');
      const offer = await post('/api/slot-spin.php', m, { spinType: 'offer', offerId });
      expect(offer.statusCode).toBe(403);
      expect((await post('/api/daily-spin.php', m, {})).statusCode).toBe(403);
      // Nothing was spent; once answered, the free spin is there to play.
      expect((await confirm(m)).statusCode).toBe(200);
      const after = await post('/api/slot-spin.php', m, { spinType: 'free' });
      expect(after.statusCode).toBe(200);
      const left = await query<{ free_spins_remaining: number }>(
        db,
        sql`select free_spins_remaining from users where id = ${m.userId}`,
      );
      expect(left[0]!.free_spins_remaining).toBe(0);
    });

    it('an excluded state is recorded, told, and gets no spins (neither free nor daily)', async () => {
      const m = await signIn(app);
      const res = await confirm(m, 'AS');
      expect(res.json().eligibility).toMatchObject({ state_excluded: true, daily_spin: { available: 0 } });
      await execute(db, sql`update users set free_spins_remaining = 1 where id = ${m.userId}`);
      const spin = await post('/api/slot-spin.php', m, { spinType: 'free' });
      expect(spin.statusCode).toBe(403);
      expect(spin.json().error).toMatch(/not offered in your state/);
      const daily = await post('/api/daily-spin.php', m, {});
      expect(daily.statusCode).toBe(403);
      const left = await query<{ free_spins_remaining: number }>(
        db,
        sql`select free_spins_remaining from users where id = ${m.userId}`,
      );
      expect(left[0]!.free_spins_remaining).toBe(1);
    });
  });

  describe('new terms', () => {
    it('asks a member to accept a new version once, and records it beside the old one', async () => {
      const m = await signIn(app);
      await confirm(m);
      const next = await createTestApp(suite.database, {
        fairPlay: { ...app.config.fairPlay, termsVersion: '2027-01-15' },
      });
      try {
        const asked = await next.inject({
          method: 'GET',
          url: '/api/eligibility.php',
          headers: { cookie: m.cookie },
        });
        expect(asked.json().eligibility).toMatchObject({ needs: 'terms', accepted_terms_version: TERMS });
        const stale = await next.inject({
          method: 'POST',
          url: '/api/terms-acceptance.php',
          headers: { cookie: m.cookie },
          payload: { termsVersion: TERMS },
        });
        expect(stale.statusCode).toBe(409);
        const ok = await next.inject({
          method: 'POST',
          url: '/api/terms-acceptance.php',
          headers: { cookie: m.cookie },
          payload: { termsVersion: '2027-01-15' },
        });
        expect(ok.json().eligibility).toMatchObject({ needs: null, accepted_terms_version: '2027-01-15' });
        const rows = await query<{ terms_version: string }>(
          db,
          sql`select terms_version from terms_acceptances where user_id = ${m.userId} order by terms_version`,
        );
        expect(rows.map((r) => r.terms_version)).toEqual([TERMS, '2027-01-15']);
      } finally {
        await next.close();
      }
    });
  });

  describe('the daily free spin (POST /api/daily-spin.php)', () => {
    it('gives an eligible member one spin a day without any offer, drawn from the daily table', async () => {
      await insertVouchers(db, 5, 5);
      const m = await signIn(app);
      expect((await post('/api/daily-spin.php', m, {})).statusCode).toBe(403); // not answered yet
      await confirm(m);
      const before = (await get('/api/eligibility.php', m)).json().eligibility.daily_spin;
      expect(before).toMatchObject({ enabled: true, per_day: 1, claimed_today: 0, available: 1 });
      const res = await post('/api/daily-spin.php', m, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, spinType: 'free', freeSpinsRemaining: 0 });
      // Drawn from the daily table: ₹5 or nothing, never the free-spin table's other amounts.
      expect(['voucher_5', 'none']).toContain(res.json().rewardType);
      const spins = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from spins where user_id = ${m.userId} and spin_type = 'free'`,
      );
      expect(spins[0]!.n).toBe(1);
      const second = await post('/api/daily-spin.php', m, {});
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toMatch(/Come back tomorrow/);
      expect((await get('/api/eligibility.php', m)).json().eligibility.daily_spin).toMatchObject({
        claimed_today: 1,
        available: 0,
      });
    });
  });
});

describe.each(DATABASE_KINDS)('the daily free spin switched off on %s', (kind) => {
  let app: FastifyInstance;
  testAppPerSuite(
    kind,
    (s) => {
      app = s.app;
    },
    { config: { fairPlay: { ...DEMO, dailySpin: { ...DEMO.dailySpin, enabled: false } } } },
  );

  it('is refused and the rules say it is off', async () => {
    const m = await signIn(app);
    await app.inject({
      method: 'POST',
      url: '/api/eligibility.php',
      headers: { cookie: m.cookie },
      payload: { adult: true, state: 'KA', acceptTerms: true, termsVersion: TERMS },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/daily-spin.php',
      headers: { cookie: m.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    const rules = await app.inject({ method: 'GET', url: '/api/rules.php' });
    expect(rules.json().rules.daily_spin.enabled).toBe(false);
  });
});
