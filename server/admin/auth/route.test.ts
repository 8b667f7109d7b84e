// Admin sign-in, sessions, the sign-in limits and the authorisation matrix, on PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { DATABASE_KINDS, newAccount, signIn } from '../../test/helpers';
import { adminAuditLog, admins, adminLoginAttempts } from '../../db/schema';
import { BLOCKED_MESSAGE } from '../../lib/errors';
import { pairDelaySeconds, upsertAdmin } from './service';
import { emulatorIdToken } from '../../demo/emulator';
import { TEST_EMULATOR_HOST } from '../../test/helpers';
import type { Db } from '../../db/client';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  adminCookie,
  adminLogin,
  adminTestApp,
  client,
  createAdmin,
} from '../../test/admin';

/** Every admin call except sign-in and sign-out (shared/contract/admin). */
const ADMIN_CALLS: { method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/admin/dashboard.php' },
  { method: 'GET', url: '/api/admin/users.php' },
  { method: 'PUT', url: '/api/admin/users.php', body: { user_id: 1, action: 'flag' } },
  { method: 'GET', url: '/api/admin/offers.php' },
  { method: 'POST', url: '/api/admin/offers.php', body: { title: 'x' } },
  { method: 'PUT', url: '/api/admin/offers.php', body: { offer_id: 1, is_active: false } },
  { method: 'GET', url: '/api/admin/vouchers.php' },
  { method: 'POST', url: '/api/admin/vouchers.php', body: { voucher_codes: ['A'] } },
  { method: 'PUT', url: '/api/admin/vouchers.php', body: { voucher_id: 1, status: 'expired' } },
  { method: 'GET', url: '/api/admin/referrals.php' },
  { method: 'PUT', url: '/api/admin/referrals.php', body: { referral_id: 1, action: 'deny' } },
  { method: 'GET', url: '/api/admin/conversions.php' },
  { method: 'GET', url: '/api/admin/offer-clicks.php' },
  { method: 'GET', url: '/api/admin/audit-log.php' },
  { method: 'GET', url: '/api/admin/push-summary.php' },
  { method: 'GET', url: '/api/admin/brand-settings.php' },
  {
    method: 'PUT',
    url: '/api/admin/brand-settings.php',
    body: { brand: 'X', redeem_url: null, redeem_steps: null },
  },
];

describe.each(DATABASE_KINDS)('admin sign-in and authorisation on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  adminTestApp(kind, (setup) => {
    ({ app, db } = setup);
  });

  const call = (c: (typeof ADMIN_CALLS)[number], cookie?: string) =>
    app.inject({
      method: c.method,
      url: c.url,
      headers: cookie ? { cookie } : {},
      ...(c.body ? { payload: c.body as object } : {}),
    });

  it('sign-in, a refused sign-in and sign-out go into the audit log, never with the password', async () => {
    const address = '198.51.100.77';
    const fromId = Math.max(0, ...(await db.select().from(adminAuditLog)).map((r) => r.id));
    const wrong = 'wrong-password-never-logged';
    expect((await adminLogin(app, ADMIN_USERNAME, wrong, address)).statusCode).toBe(401);
    expect((await adminLogin(app, 'nobody-such', `${wrong}-2`, address)).statusCode).toBe(401);
    const ok = await adminLogin(app, ADMIN_USERNAME, ADMIN_PASSWORD, address);
    expect(ok.statusCode).toBe(200);
    const cookie = `admin_sid=${ok.cookies.find((c) => c.name === 'admin_sid')!.value}`;
    expect((await client(app, cookie).post('/api/admin/logout.php', {})).statusCode).toBe(200);
    // A cookie whose session has ended signs nobody out.
    await client(app, cookie).post('/api/admin/logout.php', {});

    const rows = (await db.select().from(adminAuditLog).orderBy(adminAuditLog.id)).filter(
      (r) => r.id > fromId && r.targetType === 'admin',
    );
    const adminId = ok.json().admin.id as number;
    expect(rows.map((r) => [r.action, r.adminId, r.adminUsername, r.targetId, r.after, r.ip])).toEqual([
      [
        'admin.sign_in_failed',
        adminId,
        ADMIN_USERNAME,
        String(adminId),
        { result: 'wrong_password' },
        address,
      ],
      ['admin.sign_in_failed', null, 'nobody-such', '', { result: 'unknown_username' }, address],
      ['admin.sign_in', adminId, ADMIN_USERNAME, String(adminId), null, address],
      ['admin.sign_out', adminId, ADMIN_USERNAME, String(adminId), null, '127.0.0.1'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(wrong);
    expect(JSON.stringify(rows)).not.toContain(ADMIN_PASSWORD);

    // The console lists them, filtered by the new target type.
    const admin = client(app, await adminCookie(app));
    const listed = (
      await admin.get('/api/admin/audit-log.php?target_type=admin&action=admin.sign_out')
    ).json();
    expect(listed.entries[0]).toMatchObject({ action: 'admin.sign_out', admin_username: ADMIN_USERNAME });
  });

  it('signs in with the right password: admin record and an HttpOnly admin_sid cookie of 12 hours', async () => {
    const res = await adminLogin(app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      admin: { id: expect.any(Number), username: ADMIN_USERNAME, email: `${ADMIN_USERNAME}@example.com` },
    });
    const cookie = res.cookies.find((c) => c.name === 'admin_sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    const hours = (new Date(cookie.expires!).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it("refuses a wrong password or an unknown username with 'Invalid username or password'", async () => {
    for (const payload of [
      { username: ADMIN_USERNAME, password: 'wrong' },
      { username: 'nobody', password: ADMIN_PASSWORD },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login.php',
        payload,
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, error: 'Invalid username or password' });
      expect(res.cookies.find((c) => c.name === 'admin_sid')).toBeUndefined();
    }
  });

  it('requires both username and password', async () => {
    for (const payload of [
      { username: ADMIN_USERNAME },
      { password: 'x' },
      { username: '  ', password: 'x' },
      {},
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/login.php', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: 'Username and password are required' });
    }
  });

  it('gives a new session id at every sign-in and ends the previous one of the same browser', async () => {
    const first = await adminCookie(app);
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/login.php',
      headers: { cookie: first },
      payload: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    const second = `admin_sid=${again.cookies.find((c) => c.name === 'admin_sid')!.value}`;
    expect(second).not.toBe(first);
    expect((await client(app, first).get('/api/admin/dashboard.php')).statusCode).toBe(401);
    expect((await client(app, second).get('/api/admin/dashboard.php')).statusCode).toBe(200);
  });

  it('signs out: the session is deleted and the cookie cleared', async () => {
    const cookie = await adminCookie(app);
    expect((await client(app, cookie).get('/api/admin/dashboard.php')).statusCode).toBe(200);
    const out = await client(app, cookie).post('/api/admin/logout.php', {});
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(out.cookies.find((c) => c.name === 'admin_sid')?.value).toBe('');
    const after = await client(app, cookie).get('/api/admin/dashboard.php');
    expect(after.statusCode).toBe(401);
    // Signing out without a session still answers success (the console navigates away regardless).
    expect((await app.inject({ method: 'POST', url: '/api/admin/logout.php' })).json()).toEqual({
      success: true,
    });
  });

  it('answers 401 on every admin call without a session, with a made-up session, and with a member session', async () => {
    const member = await signIn(app, newAccount('matrix'));
    // The member session is real: it opens member calls.
    expect(
      (await app.inject({ method: 'GET', url: '/api/user-stats.php', headers: { cookie: member.cookie } }))
        .statusCode,
    ).toBe(200);
    const memberAsAdmin = `admin_sid=${member.cookie.split('=')[1]}`;
    for (const c of ADMIN_CALLS) {
      for (const cookie of [undefined, 'admin_sid=not-a-session', member.cookie, memberAsAdmin]) {
        const res = await call(c, cookie);
        expect(res.statusCode, `${c.method} ${c.url} with ${cookie ?? 'no cookie'}`).toBe(401);
        expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
      }
    }
  });

  it('answers 401 on every admin call once the administrator is deactivated', async () => {
    await createAdmin(db, 'temp-admin', 'temp-password-1');
    const cookie = await adminCookie(app, 'temp-admin', 'temp-password-1');
    expect((await client(app, cookie).get('/api/admin/dashboard.php')).statusCode).toBe(200);
    await db.update(admins).set({ isActive: false }).where(eq(admins.username, 'temp-admin'));
    for (const c of ADMIN_CALLS) expect((await call(c, cookie)).statusCode).toBe(401);
    const login = await adminLogin(app, 'temp-admin', 'temp-password-1', '10.7.7.7');
    expect(login.statusCode).toBe(401);
  });

  it('an admin session opens no member call', async () => {
    const cookie = await adminCookie(app);
    const res = await app.inject({ method: 'GET', url: '/api/user-stats.php', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('blocking a member ends their sessions at once; the next call and the next sign-in are refused', async () => {
    const account = newAccount('blocked');
    const member = await signIn(app, account);
    const admin = client(app, await adminCookie(app));
    const block = await admin.put('/api/admin/users.php', { user_id: member.userId, action: 'flag' });
    expect(block.statusCode).toBe(200);
    expect(block.json()).toEqual({ success: true });

    const next = await app.inject({
      method: 'GET',
      url: '/api/offers.php',
      headers: { cookie: member.cookie },
    });
    expect(next.statusCode).toBe(401);
    const idToken = await emulatorIdToken(TEST_EMULATOR_HOST, account);
    const again = await app.inject({ method: 'POST', url: '/api/firebase-auth.php', payload: { idToken } });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ success: false, error: BLOCKED_MESSAGE });
    expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    const row = (await admin.get(`/api/admin/users.php?search=${encodeURIComponent(account.email)}`)).json();
    expect(row.users).toHaveLength(1);
    expect(row.users[0]).toMatchObject({ user_id: member.userId, is_suspicious: true });

    const unblock = await admin.put('/api/admin/users.php', { user_id: member.userId, action: 'unflag' });
    expect(unblock.statusCode).toBe(200);
    const back = await app.inject({ method: 'POST', url: '/api/firebase-auth.php', payload: { idToken } });
    expect(back.statusCode).toBe(200);

    const audit = (
      await admin.get(`/api/admin/audit-log.php?target_type=user&target_id=${member.userId}`)
    ).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['user.unblock', 'user.block']);
    expect(audit.entries[1]).toMatchObject({
      admin_username: ADMIN_USERNAME,
      target_type: 'user',
      target_id: String(member.userId),
      before: { is_suspicious: false },
      after: { is_suspicious: true },
    });
  });

  it('PUT users.php: unknown user 404, bad action 400', async () => {
    const admin = client(app, await adminCookie(app));
    const missing = await admin.put('/api/admin/users.php', { user_id: 999999, action: 'flag' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: 'User not found' });
    const bad = await admin.put('/api/admin/users.php', { user_id: 1, action: 'delete' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid action: must be one of: flag, unflag');
  });

  describe('sign-in limits (stored in the database; docs/decisions/admin-sign-in-limits.md)', () => {
    /** Moves the recorded attempts of a username back in time, as if that much time had passed. */
    const age = (username: string, ms: number) =>
      db
        .update(adminLoginAttempts)
        .set({ attemptedAt: sql`${adminLoginAttempts.attemptedAt} - make_interval(secs => ${ms / 1000})` })
        .where(eq(adminLoginAttempts.username, username));

    it('10 failures for a username from anywhere do not lock its administrator out of a known address', async () => {
      await createAdmin(db, 'limited', 'limited-password');
      // The administrator's usual address: one earlier sign-in with the right password.
      expect((await adminLogin(app, 'limited', 'limited-password', '10.1.1.1')).statusCode).toBe(200);
      // The attack: wrong passwords for the username from ten other addresses.
      for (let i = 0; i < 10; i++) {
        const res = await adminLogin(app, 'limited', `wrong-${i}`, `10.1.0.${i}`);
        expect(res.statusCode).toBe(401);
      }
      // The right password from the known address still signs in (the old limit answered 429 here).
      expect((await adminLogin(app, 'limited', 'limited-password', '10.1.1.1')).statusCode).toBe(200);
      // From an address the username never signed in from, no password is checked until the window passes.
      // (The count ignores case: 'LIMITED' is the same username to it.)
      const blocked = await adminLogin(app, 'LIMITED', 'limited-password', '10.1.1.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        success: false,
        error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      // A wrong password from the known address is still only a failure, not a way around the limit.
      expect((await adminLogin(app, 'limited', 'wrong-again', '10.1.1.1')).statusCode).toBe(401);
      // Other usernames from other addresses are unaffected.
      expect((await adminLogin(app, ADMIN_USERNAME, ADMIN_PASSWORD, '10.1.1.2')).statusCode).toBe(200);
      // Once the window has passed the username opens from anywhere again.
      await age('limited', 16 * 60_000);
      expect((await adminLogin(app, 'limited', 'limited-password', '10.1.1.9')).statusCode).toBe(200);
    });

    it('30 failures from an address stop it, except for a username it has signed in with before', async () => {
      await createAdmin(db, 'behind-nat', 'behind-nat-password');
      expect((await adminLogin(app, 'behind-nat', 'behind-nat-password', '10.2.2.2')).statusCode).toBe(200);
      for (let i = 0; i < 30; i++) {
        const res = await adminLogin(app, `guess-${i}`, 'nope', '10.2.2.2');
        expect(res.statusCode).toBe(401);
      }
      const res = await adminLogin(app, ADMIN_USERNAME, ADMIN_PASSWORD, '10.2.2.2');
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatch(/^Too many failed sign-in attempts/);
      // The administrator who works from that address is not locked out by the guesser beside them.
      expect((await adminLogin(app, 'behind-nat', 'behind-nat-password', '10.2.2.2')).statusCode).toBe(200);
      expect((await adminLogin(app, ADMIN_USERNAME, ADMIN_PASSWORD, '10.2.2.3')).statusCode).toBe(200);
    });

    it('one address guessing one username: 5 free failures, then a wait that doubles after each failure', async () => {
      await createAdmin(db, 'slowed', 'slowed-password');
      for (let i = 0; i < 5; i++)
        expect((await adminLogin(app, 'slowed', `bad-${i}`, '10.4.0.1')).statusCode).toBe(401);
      // The 6th attempt right away: refused unchecked, even with the right password.
      const sixth = await adminLogin(app, 'slowed', 'slowed-password', '10.4.0.1');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error).toMatch(
        /^Too many failed sign-in attempts\. Please wait \d+ seconds and try again\.$/,
      );
      const first = Number(sixth.headers['retry-after']);
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(15);
      // Another address is not slowed by this one's failures.
      expect((await adminLogin(app, 'slowed', 'slowed-password', '10.4.0.2')).statusCode).toBe(200);
      // After the wait, one more try; failing it doubles the wait.
      await age('slowed', 16_000);
      expect((await adminLogin(app, 'slowed', 'bad-6', '10.4.0.1')).statusCode).toBe(401);
      const seventh = await adminLogin(app, 'slowed', 'slowed-password', '10.4.0.1');
      expect(seventh.statusCode).toBe(429);
      expect(Number(seventh.headers['retry-after'])).toBeGreaterThan(15);
      expect(Number(seventh.headers['retry-after'])).toBeLessThanOrEqual(30);
      await age('slowed', 31_000);
      expect((await adminLogin(app, 'slowed', 'slowed-password', '10.4.0.1')).statusCode).toBe(200);
    });

    it('a successful sign-in forgives the failures of its own address, not those of other addresses', async () => {
      await createAdmin(db, 'reset-me', 'reset-password');
      for (let i = 0; i < 4; i++)
        expect((await adminLogin(app, 'reset-me', 'bad', '10.3.1.1')).statusCode).toBe(401);
      for (let i = 0; i < 5; i++) await adminLogin(app, 'reset-me', 'bad', `10.3.0.${i}`);
      expect((await adminLogin(app, 'reset-me', 'reset-password', '10.3.1.1')).statusCode).toBe(200);
      // Its own address starts again with 5 free failures...
      for (let i = 0; i < 5; i++)
        expect((await adminLogin(app, 'reset-me', 'bad', '10.3.1.1')).statusCode).toBe(401);
      // ...while the username's count kept the other addresses' failures: 5 + 5 = 10 reaches the limit.
      expect((await adminLogin(app, 'reset-me', 'reset-password', '10.3.9.9')).statusCode).toBe(429);
      expect((await adminLogin(app, 'reset-me', 'reset-password', '10.3.0.0')).statusCode).toBe(429);
    });

    it('the waits grow 15 s, 30 s, 1 min, … and stop at one hour', () => {
      expect([0, 4, 5, 6, 7, 8, 12, 13, 40].map(pairDelaySeconds)).toEqual([
        0, 0, 15, 30, 60, 120, 1920, 3600, 3600,
      ]);
    });
  });

  it('admin:create setting a new password ends every session of that administrator', async () => {
    await createAdmin(db, 'rotated', 'old-password-1');
    const stolen = await adminCookie(app, 'rotated', 'old-password-1');
    const other = await adminCookie(app);
    expect((await client(app, stolen).get('/api/admin/dashboard.php')).statusCode).toBe(200);
    // What `npm run admin:create -- --username rotated --password …` does (server/scripts/admin-create.ts).
    expect(await upsertAdmin(db, { username: 'rotated', password: 'new-password-2' })).toMatchObject({
      created: false,
    });
    for (const c of ADMIN_CALLS) expect((await call(c, stolen)).statusCode).toBe(401);
    expect((await adminLogin(app, 'rotated', 'old-password-1', '10.8.8.8')).statusCode).toBe(401);
    expect((await adminLogin(app, 'rotated', 'new-password-2', '10.8.8.8')).statusCode).toBe(200);
    // Another administrator's session is untouched.
    expect((await client(app, other).get('/api/admin/dashboard.php')).statusCode).toBe(200);
  });
});
