// The authorisation matrix: every call under no session, a member, a blocked member, an
// admin, and a member's session id presented as the admin cookie. Members sign in through the real
// login call with Firebase Auth Emulator tokens; the admin through the admin login call.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../server/db/client';
import { hashSessionId } from '../../server/members/sessions-service';
import { randomId } from '../../server/lib/ids';
import {
  ADMIN_PASSWORD,
  REL_SESSION_SECRET,
  createAdmin,
  createMembers,
  createOffer,
  createScratchDatabase,
  stockVouchers,
  type ScratchDatabase,
} from './support/db';
import { account, inProcessApp } from './support/app';
import { emulatorIdToken } from '../../server/demo/emulator';
import { Scenario } from './support/report';
import { recordInvariants } from './support/races';

type Who = 'none' | 'member' | 'blocked member' | 'admin' | 'member sid as admin cookie';
type Guard = 'member' | 'admin' | 'open';

describe('authorisation matrix', () => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let database: Database;
  const cookies: Record<Who, string | undefined> = {
    none: undefined,
    member: undefined,
    'blocked member': undefined,
    admin: undefined,
    'member sid as admin cookie': undefined,
  };
  let offerId: number;
  let targetUserId: number;
  let voucherId: number;
  let emulatorHost: string;

  beforeAll(async () => {
    emulatorHost = inject('emulatorHost');
    db = await createScratchDatabase(inject('postgresUrl'), 'authz');
    ({ app, database } = await inProcessApp(db.url, emulatorHost));
    offerId = await createOffer(db.pool, [{ amount: 10, probability: 50 }]);
    await stockVouchers(db.pool, 10, 3);
    voucherId = (await db.pool.query<{ id: number }>(`select id from vouchers limit 1`)).rows[0]!.id;
    targetUserId = (await createMembers(db.pool, 1, { label: 'target' }))[0]!.userId;
    await createAdmin(db.pool, 'matrixadmin');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await db?.drop();
  });

  async function signInMember(who: { sub: string; email: string; name: string }) {
    return app.inject({
      method: 'POST',
      url: '/api/firebase-auth.php',
      payload: { idToken: await emulatorIdToken(emulatorHost, who), deviceFingerprint: who.sub },
    });
  }

  it('every call under every identity', async () => {
    const s = new Scenario('authorisation matrix: every call × 5 identities', inject('reportDir'));
    const req = async (o: InjectOptions) => {
      s.requests++;
      return app.inject(o);
    };

    // Identities through the real calls.
    const m = await signInMember(account('matrix-member'));
    s.requests++;
    s.check('member sign-in answers 200 with a sid cookie', m.statusCode === 200, m.body);
    const memberSid = m.cookies.find((c) => c.name === 'sid')!.value;
    cookies.member = `sid=${memberSid}`;
    // The member answers the first sign-in's questions, as the app asks (spins are refused before).
    const asked = await app.inject({
      method: 'GET',
      url: '/api/eligibility.php',
      headers: { cookie: cookies.member },
    });
    const answered = await app.inject({
      method: 'POST',
      url: '/api/eligibility.php',
      headers: { cookie: cookies.member },
      payload: {
        adult: true,
        state: 'KA',
        acceptTerms: true,
        termsVersion: asked.json().eligibility.terms_version,
      },
    });
    s.check("the member answers the first sign-in's questions", answered.statusCode === 200, answered.body);
    cookies['member sid as admin cookie'] = `admin_sid=${memberSid}`;
    const a = await req({
      method: 'POST',
      url: '/api/admin/login.php',
      payload: { username: 'matrixadmin', password: ADMIN_PASSWORD },
    });
    s.check('admin sign-in answers 200 with an admin_sid cookie', a.statusCode === 200, a.body);
    cookies.admin = `admin_sid=${a.cookies.find((c) => c.name === 'admin_sid')!.value}`;

    const blockedAccount = account('matrix-blocked');
    const b = await signInMember(blockedAccount);
    s.requests++;
    const blockedId = b.json().user.user_id as number;
    const oldBlockedCookie = `sid=${b.cookies.find((c) => c.name === 'sid')!.value}`;
    const block = await req({
      method: 'PUT',
      url: '/api/admin/users.php',
      headers: { cookie: cookies.admin },
      payload: { user_id: blockedId, action: 'flag' },
    });
    s.check('admin blocks a member (200)', block.statusCode === 200, block.body);
    // A session that outlived the block (as if a request raced it): the guard itself must refuse it.
    const sid = randomId(16);
    await db.pool.query(
      `insert into sessions (id_hash, public_id, kind, user_id, expires_at) values ($1, $2, 'member', $3, now() + interval '1 hour')`,
      [hashSessionId(REL_SESSION_SECRET, sid), randomId(9), blockedId],
    );
    cookies['blocked member'] = `sid=${sid}`;

    const calls: { guard: Guard; name: string; opts: () => InjectOptions }[] = [
      {
        guard: 'member',
        name: 'GET /api/offers.php',
        opts: () => ({ method: 'GET', url: '/api/offers.php' }),
      },
      {
        guard: 'member',
        name: 'GET /api/user-stats.php',
        opts: () => ({ method: 'GET', url: '/api/user-stats.php' }),
      },
      {
        guard: 'member',
        name: 'GET /api/referral-stats.php',
        opts: () => ({ method: 'GET', url: '/api/referral-stats.php' }),
      },
      {
        guard: 'member',
        name: 'POST /api/click-offer.php',
        opts: () => ({ method: 'POST', url: '/api/click-offer.php', payload: { offerId } }),
      },
      {
        guard: 'member',
        name: 'POST /api/slot-spin.php',
        opts: () => ({ method: 'POST', url: '/api/slot-spin.php', payload: { spinType: 'free' } }),
      },
      {
        guard: 'admin',
        name: 'GET /api/admin/dashboard.php',
        opts: () => ({ method: 'GET', url: '/api/admin/dashboard.php' }),
      },
      ...[
        'users',
        'offers',
        'vouchers',
        'referrals',
        'conversions',
        'offer-clicks',
        'audit-log',
        'networks',
        'network-presets',
        'postbacks',
        // Trust and safety (issue 33): the review queue and the hold policy.
        'reviews',
        'risk-policy',
      ].map((l) => ({
        guard: 'admin' as const,
        name: `GET /api/admin/${l}.php`,
        opts: (): InjectOptions => ({ method: 'GET', url: `/api/admin/${l}.php` }),
      })),
      {
        guard: 'admin',
        name: 'PUT /api/admin/users.php',
        opts: () => ({
          method: 'PUT',
          url: '/api/admin/users.php',
          payload: { user_id: targetUserId, action: 'unflag' },
        }),
      },
      {
        guard: 'admin',
        name: 'POST /api/admin/offers.php',
        opts: () => ({
          method: 'POST',
          url: '/api/admin/offers.php',
          payload: {
            title: 'Matrix offer',
            description: 'd',
            offer_url: 'https://partner.example.com/?c={click_id}',
            preview_url: null,
            external_offer_id: `matrix_${randomBytes(4).toString('hex')}`,
            category: null,
            model: 'CPR',
            targeting: 'ALL',
            reward_amount: 1,
            slot_config: { reels: [{ amount: 5, probability: 15 }] },
            is_active: true,
          },
        }),
      },
      {
        guard: 'admin',
        name: 'PUT /api/admin/offers.php',
        opts: () => ({
          method: 'PUT',
          url: '/api/admin/offers.php',
          payload: { offer_id: offerId, is_active: true },
        }),
      },
      {
        guard: 'admin',
        name: 'POST /api/admin/vouchers.php',
        opts: () => ({
          method: 'POST',
          url: '/api/admin/vouchers.php',
          payload: {
            voucher_brand: 'Matrix',
            voucher_amount: 10,
            voucher_codes: [`MX-${randomBytes(5).toString('hex')}`],
            expiry_date: '2099-12-31',
          },
        }),
      },
      {
        guard: 'admin',
        name: 'PUT /api/admin/vouchers.php',
        opts: () => ({
          method: 'PUT',
          url: '/api/admin/vouchers.php',
          payload: { voucher_id: voucherId, status: 'available' },
        }),
      },
      // Partner networks: refused calls (no such network or attempt) still pass the guard first.
      {
        guard: 'admin',
        name: 'POST /api/admin/networks.php',
        opts: () => ({ method: 'POST', url: '/api/admin/networks.php', payload: { name: 'x' } }),
      },
      {
        guard: 'admin',
        name: 'PUT /api/admin/networks.php',
        opts: () => ({
          method: 'PUT',
          url: '/api/admin/networks.php',
          payload: { network_id: 999_999, is_active: true },
        }),
      },
      {
        guard: 'admin',
        name: 'POST /api/admin/network-test.php',
        opts: () => ({
          method: 'POST',
          url: '/api/admin/network-test.php',
          payload: { network_id: 999_999 },
        }),
      },
      {
        guard: 'admin',
        name: 'POST /api/admin/postbacks.php',
        opts: () => ({
          method: 'POST',
          url: '/api/admin/postbacks.php',
          payload: { postback_id: 999_999, action: 'replay' },
        }),
      },
      {
        guard: 'admin',
        name: 'PUT /api/admin/reviews.php',
        opts: () => ({
          method: 'PUT',
          url: '/api/admin/reviews.php',
          payload: { hold_ids: [999_999], action: 'approve' },
        }),
      },
      {
        guard: 'admin',
        name: 'GET /api/admin/risk.php',
        opts: () => ({ method: 'GET', url: '/api/admin/risk.php?user_id=999999' }),
      },
      {
        guard: 'admin',
        // A policy that does not rise: refused (400) past the guard, so the matrix changes nothing.
        name: 'PUT /api/admin/risk-policy.php',
        opts: () => ({
          method: 'PUT',
          url: '/api/admin/risk-policy.php',
          payload: {
            thresholds: { medium: 9, high: 5, very_high: 1 },
            hold_hours: { default: 1, networks: {} },
            rules: {},
          },
        }),
      },
      { guard: 'open', name: 'GET /api/health.php', opts: () => ({ method: 'GET', url: '/api/health.php' }) },
      {
        guard: 'open',
        name: 'GET /api/client-config.json',
        opts: () => ({ method: 'GET', url: '/api/client-config.json' }),
      },
    ];

    const allowed = (status: number) => status !== 401 && status !== 403 && status < 500;
    const expected: Record<Guard, Record<Who, (st: number) => boolean>> = {
      member: {
        none: (st) => st === 401,
        member: allowed,
        'blocked member': (st) => st === 403,
        admin: (st) => st === 401,
        'member sid as admin cookie': (st) => st === 401,
      },
      admin: {
        none: (st) => st === 401,
        member: (st) => st === 401,
        'blocked member': (st) => st === 401,
        admin: allowed,
        'member sid as admin cookie': (st) => st === 401,
      },
      open: {
        none: (st) => st === 200,
        member: (st) => st === 200,
        'blocked member': (st) => st === 200,
        admin: (st) => st === 200,
        'member sid as admin cookie': (st) => st === 200,
      },
    };
    const table: string[] = [];
    for (const call of calls) {
      const row: string[] = [];
      for (const who of Object.keys(cookies) as Who[]) {
        const o = call.opts();
        const res = await req({
          ...o,
          headers: { ...(o.headers ?? {}), ...(cookies[who] ? { cookie: cookies[who] } : {}) },
        });
        const body = res.json() as { success?: boolean; error?: string };
        const ok =
          expected[call.guard][who](res.statusCode) &&
          (res.statusCode < 400 ? true : body.success === false && !!body.error);
        s.check(`${call.name} as ${who}`, ok, { status: res.statusCode, body: res.body.slice(0, 200) });
        row.push(String(res.statusCode));
      }
      table.push(`${call.name.padEnd(34)} ${row.map((r) => r.padEnd(6)).join('')}`);
    }
    console.log(
      `[reliability]   ${''.padEnd(34)} ${['none', 'member', 'blocked', 'admin', 'sid→admin'].map((h) => h.padEnd(6)).join('')}\n` +
        table.map((t) => `[reliability]   ${t}`).join('\n'),
    );

    // The blocked member: cannot sign in again (403, no cookie); the cookie from before the block is dead.
    const again = await signInMember(blockedAccount);
    s.requests++;
    s.check(
      'a blocked member signing in gets 403 and no session',
      again.statusCode === 403 && !again.cookies.some((c) => c.name === 'sid'),
      again.body,
    );
    const old = await req({ method: 'GET', url: '/api/offers.php', headers: { cookie: oldBlockedCookie } });
    s.check(
      "the blocked member's cookie from before the block is dead (401)",
      old.statusCode === 401,
      old.body,
    );

    // Logout is open, and ends only the caller's own session.
    const out = await req({ method: 'POST', url: '/api/logout.php', headers: { cookie: cookies.member! } });
    const after = await req({ method: 'GET', url: '/api/offers.php', headers: { cookie: cookies.member! } });
    s.check('member logout ends the session', out.statusCode === 200 && after.statusCode === 401, [
      out.statusCode,
      after.statusCode,
    ]);
    const aout = await req({
      method: 'POST',
      url: '/api/admin/logout.php',
      headers: { cookie: cookies.admin! },
    });
    const aafter = await req({
      method: 'GET',
      url: '/api/admin/dashboard.php',
      headers: { cookie: cookies.admin! },
    });
    s.check('admin logout ends the admin session', aout.statusCode === 200 && aafter.statusCode === 401, [
      aout.statusCode,
      aafter.statusCode,
    ]);
    await recordInvariants(s, db.pool);
    expect(s.finish()).toEqual([]);
  });
});
