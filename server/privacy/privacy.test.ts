// The privacy centre (issue 37, item 5): a member downloads everything held about them (and nothing of
// anyone else), corrects their name, and deletes their account: personal data erased everywhere (the
// whole database scanned afterwards, every table's text and JSON columns, read from
// information_schema so a future table is covered too), the money rows kept consistent under the
// anonymous id, a late postback answered without bringing anything back, and the same Google account
// starting a new member.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { execute, query, type Db } from '../db/client';
import {
  DATABASE_KINDS,
  emulatorHasAccount,
  clickOffer,
  completeOffer,
  insertOffer,
  insertVouchers,
  signIn,
  signedPostbackUrl,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';
import { DELETION_ACTION } from './service';
import { adminClient, createAdmin } from '../test/admin';

interface Person {
  sub: string;
  email: string;
  name: string;
  lastName: string;
  fingerprint: string;
}

/** An account whose email, name and fingerprint appear nowhere else, so a scan can look for them. */
function person(label: string): Person {
  const tag = randomBytes(4).toString('hex');
  const lastName = `Quimby${tag}`;
  return {
    sub: `privacy-${label}-${tag}`,
    email: `privacy.${label}.${tag}@example.com`,
    name: `Zelda${label} ${lastName}`,
    lastName,
    fingerprint: `fp-${label}-${randomBytes(8).toString('hex')}`,
  };
}

/** Every place of the database (table.column) whose text holds one of `needles`: text, varchar, json(b). */
async function findAnywhere(db: Db, needles: string[]): Promise<string[]> {
  const columns = await query<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
           and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
         order by c.table_name, c.column_name`,
  );
  expect(columns.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      // Identifiers from information_schema itself, quoted: no request data reaches this text.
      const rows = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
             where strpos(lower(${sql.identifier(column_name)}::text), lower(${needle})) > 0`,
      );
      if (rows[0]!.n > 0) found.push(`${table_name}.${column_name} holds ${needle}`);
    }
  }
  return found;
}

/** The money invariants of the reliability suite (tests/reliability/support/db.ts) this work could break. */
async function brokenInvariants(db: Db): Promise<string[]> {
  const checks: Record<string, ReturnType<typeof sql>> = {
    'member counters equal their rows': sql`select count(*)::int as n from users u
      where u.spins_used <> (select count(*) from spins s where s.user_id = u.id)
         or u.total_vouchers_won <> (select count(*) from spins s where s.user_id = u.id and s.is_win)
         or u.total_completions <> (select count(*) from completions c where c.user_id = u.id and c.status = 'approved')
         or u.successful_referrals <> (select count(*) from referrals r
                                       where r.referrer_user_id = u.id and r.status = 'successful')`,
    'free spins remaining = earned - free spins recorded': sql`select count(*)::int as n from users u
      where u.free_spins_remaining < 0 or u.free_spins_remaining <> u.total_free_spins_earned
            - (select count(*) from spins s where s.user_id = u.id and s.spin_type = 'free')`,
    'each winning spin holds an assigned voucher of its member': sql`select count(*)::int as n from spins s
      left join vouchers v on v.id = s.voucher_id
      where s.is_win and (v.id is null or v.status <> 'assigned' or v.assigned_to_user_id <> s.user_id)
        and not exists (select 1 from owed_vouchers d where d.spin_id = s.id and d.user_id = s.user_id)`,
    'each spent offer spin has exactly one spin record': sql`select count(*)::int as n from completions c
      where (select count(*) from spins s where s.completion_id = c.id) <> (case when c.spinner_used then 1 else 0 end)`,
    'an approval is held only while its member is blocked or held by risk': sql`select count(*)::int as n
      from completions c join users u on u.id = c.user_id
      where c.approval_held_at is not null and (c.status <> 'pending' or (not u.is_suspicious
            and not exists (select 1 from reward_holds h where h.completion_id = c.id and h.status = 'held')))`,
    'a referral reward is granted exactly when the referral is successful': sql`select count(*)::int as n
      from referrals r where (r.status = 'successful') <> (r.free_spins_granted = 1)`,
  };
  const broken: string[] = [];
  for (const [name, statement] of Object.entries(checks)) {
    const [row] = await query<{ n: number }>(db, statement);
    if (row!.n > 0) broken.push(`${name}: ${row!.n}`);
  }
  return broken;
}

/** Whether the Auth Emulator still has the account (the Admin SDK deleted it, or not). */

describe.each(DATABASE_KINDS)('the privacy centre on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let offerId: number;
  let secondOfferId: number;
  testAppPerSuite(kind, async (s) => {
    app = s.app;
    db = s.db;
    offerId = await insertOffer(db, { title: 'Privacy offer one' });
    secondOfferId = await insertOffer(db, { title: 'Privacy offer two' });
    await insertVouchers(db, 10, 20);
    await createAdmin(db);
  });

  const signInAs = (p: Person, extra: { referralCode?: string } = {}) =>
    signIn(app, { sub: p.sub, email: p.email, name: p.name }, { deviceFingerprint: p.fingerprint, ...extra });

  const exportOf = (m: SignedInMember) =>
    app.inject({ method: 'GET', url: '/api/privacy-export.php', headers: { cookie: m.cookie } });

  const deleteAccount = (m: SignedInMember, body: unknown = { confirm: true }) =>
    app.inject({
      method: 'POST',
      url: '/api/privacy-delete.php',
      headers: { cookie: m.cookie },
      payload: body as Record<string, unknown>,
    });

  const spin = (m: SignedInMember, forOffer: number) =>
    app.inject({
      method: 'POST',
      url: '/api/slot-spin.php',
      headers: { cookie: m.cookie },
      payload: { offerId: forOffer, spinType: 'offer' },
    });

  /** A referrer and a referred member with every kind of record: click, conversion, spin, claim, sighting. */
  async function memberWithHistory() {
    const referrerPerson = person('ref');
    const memberPerson = person('mem');
    const referrer = await signInAs(referrerPerson);
    const member = await signInAs(memberPerson, { referralCode: referrer.referralCode });
    await completeOffer(app, member, offerId);
    expect((await spin(member, offerId)).statusCode).toBe(200);
    const openClick = await clickOffer(app, member, secondOfferId);
    await execute(db, sql`update clicks set created_at = now() - interval '2 hours' where id = ${openClick}`);
    await app.memberAnswers.sync(db);
    const claim = await app.inject({
      method: 'POST',
      url: '/api/claim.php',
      headers: { cookie: member.cookie },
      payload: { clickId: openClick, note: `Please check, ${memberPerson.name} here` },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    // Eligibility and the terms accepted (consent records), and a browser subscribed to notifications.
    const eligibility = await app.inject({
      method: 'POST',
      url: '/api/eligibility.php',
      headers: { cookie: member.cookie },
      payload: {
        adult: true,
        state: 'KA',
        acceptTerms: true,
        termsVersion: app.config.fairPlay.termsVersion,
      },
    });
    expect(eligibility.statusCode, eligibility.body).toBe(200);
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/push-subscribe.php',
      headers: { cookie: member.cookie },
      payload: {
        endpoint: `https://fcm.googleapis.com/fcm/send/privacy-${member.userId}`,
        expirationTime: null,
        keys: {
          p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    return { referrer, referrerPerson, member, memberPerson, openClick };
  }

  it('exports every kind of record of the member as a JSON file, and nothing of another member', async () => {
    const { referrer, referrerPerson, member, memberPerson, openClick } = await memberWithHistory();
    const started = Date.now();
    const res = await exportOf(member);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="spinrewards-my-data-\d+-/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.member).toMatchObject({
      user_id: member.userId,
      email: memberPerson.email,
      last_name: memberPerson.lastName,
      device_fingerprint: memberPerson.fingerprint,
      registration_fingerprint: memberPerson.fingerprint,
      referred_by_code: referrer.referralCode,
    });
    expect(data.clicks.map((c: { id: string }) => c.id)).toContain(openClick);
    expect(data.clicks).toHaveLength(2);
    expect(data.conversions).toHaveLength(1);
    expect(data.conversions[0]).toMatchObject({ offer_id: offerId, status: 'approved' });
    expect(data.spins).toHaveLength(1);
    expect(data.spins[0].reels).toHaveLength(3);
    expect(data.vouchers.length + data.owed_vouchers.length).toBe(data.spins[0].is_win ? 1 : 0);
    expect(data.claims).toHaveLength(1);
    expect(data.claims[0].note).toContain(memberPerson.name);
    expect(data.referred_by).toMatchObject({ referral_code: referrer.referralCode });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sightings.map((s: { fingerprint: string }) => s.fingerprint)).toContain(
      memberPerson.fingerprint,
    );
    for (const key of ['holds', 'clawbacks', 'referrals_made']) expect(Array.isArray(data[key])).toBe(true);
    expect(data.member).toMatchObject({ residence_state: 'KA', adult_confirmed_at: expect.any(String) });
    expect(data.terms_acceptances).toEqual([
      { terms_version: app.config.fairPlay.termsVersion, accepted_at: expect.any(String) },
    ]);
    expect(data.daily_spins).toEqual([]);
    // The browser's push service by its host only, never the endpoint's token.
    expect(data.notifications.devices).toEqual([
      { push_service: 'fcm.googleapis.com', created_at: expect.any(String), last_sent_at: null },
    ]);
    expect(res.body).not.toContain(`privacy-${member.userId}`);

    // Nothing of the referrer: not their id, email, name, fingerprint or sightings.
    const text = res.body.toLowerCase();
    for (const other of [referrerPerson.email, referrerPerson.lastName, referrerPerson.fingerprint])
      expect(text).not.toContain(other.toLowerCase());
    expect(text).not.toContain(`"referrer_user_id"`);

    // The referrer's own export has the referral, nothing of the friend.
    const theirs = await exportOf(referrer);
    expect(theirs.json().referrals_made).toHaveLength(1);
    for (const other of [memberPerson.email, memberPerson.lastName, memberPerson.fingerprint])
      expect(theirs.body.toLowerCase()).not.toContain(other.toLowerCase());

    expect((await app.inject({ method: 'GET', url: '/api/privacy-export.php' })).statusCode).toBe(401);
  });

  it('corrects the member’s name, and refuses a blank first name or markup', async () => {
    const m = await signInAs(person('name'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/privacy-name.php',
      headers: { cookie: m.cookie },
      payload: { first_name: '  Ada ', last_name: 'Lovelace' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, first_name: 'Ada', last_name: 'Lovelace' });
    const stats = await app.inject({
      method: 'GET',
      url: '/api/user-stats.php',
      headers: { cookie: m.cookie },
    });
    expect(stats.json().user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });

    for (const bad of [
      { first_name: '   ' },
      { first_name: '<b>Ada</b>' },
      { first_name: 'x'.repeat(101) },
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/privacy-name.php',
        headers: { cookie: m.cookie },
        payload: bad,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatch(/First name/);
    }
  });

  it('deletes the account: signed out, Firebase account gone, personal data nowhere, money rows kept', async () => {
    const { referrer, member, memberPerson } = await memberWithHistory();
    const [{ uid }] = (await query<{ uid: string }>(
      db,
      sql`select firebase_uid as uid from users where id = ${member.userId}`,
    )) as [{ uid: string }];
    expect(await emulatorHasAccount(uid)).toBe(true);
    const moneyBefore = await query<{ spins: number; completions: number; vouchers: number; free: number }>(
      db,
      sql`select (select count(*)::int from spins where user_id = ${member.userId}) as spins,
                 (select count(*)::int from completions where user_id = ${member.userId}) as completions,
                 (select count(*)::int from vouchers where assigned_to_user_id = ${member.userId}) as vouchers,
                 (select total_free_spins_earned from users where id = ${referrer.userId}) as free`,
    );
    // A deliberate act: the confirmation is required.
    expect((await deleteAccount(member, {})).statusCode).toBe(400);
    expect((await deleteAccount(member, { confirm: 'yes' })).statusCode).toBe(400);

    const res = await deleteAccount(member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, deleted: true });
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');

    // Signed out everywhere: the session no longer opens anything.
    const after = await app.inject({
      method: 'GET',
      url: '/api/user-stats.php',
      headers: { cookie: member.cookie },
    });
    expect(after.statusCode).toBe(401);
    expect((await exportOf(member)).statusCode).toBe(401);
    expect(await emulatorHasAccount(uid)).toBe(false);
    // Their browsers are told nothing more, and their state of residence is gone.
    const [left] = await query<{ subscriptions: number; state: string | null }>(
      db,
      sql`select (select count(*)::int from push_subscriptions where user_id = ${member.userId}) as subscriptions,
                 (select residence_state from users where id = ${member.userId}) as state`,
    );
    expect(left).toEqual({ subscriptions: 0, state: null });

    // Nothing of the member readable anywhere: every table's text and JSON columns scanned.
    expect(
      await findAnywhere(db, [memberPerson.email, memberPerson.lastName, memberPerson.fingerprint, uid]),
    ).toEqual([]);
    // The rows money and partners need, under the anonymous id; the referrer keeps the spin earned.
    const moneyAfter = await query<(typeof moneyBefore)[number]>(
      db,
      sql`select (select count(*)::int from spins where user_id = ${member.userId}) as spins,
                 (select count(*)::int from completions where user_id = ${member.userId}) as completions,
                 (select count(*)::int from vouchers where assigned_to_user_id = ${member.userId}) as vouchers,
                 (select total_free_spins_earned from users where id = ${referrer.userId}) as free`,
    );
    expect(moneyAfter).toEqual(moneyBefore);
    expect(await brokenInvariants(db)).toEqual([]);
    // The operator sees the deletion in the audit log.
    const audit = await query<{ admin_username: string }>(
      db,
      sql`select admin_username from admin_audit_log
           where action = ${DELETION_ACTION} and target_type = 'user' and target_id = ${String(member.userId)}`,
    );
    expect(audit).toEqual([{ admin_username: 'member' }]);
    // The console's members list shows the id anonymised.
    const [row] = await query<{ first_name: string; email: string; deleted: boolean }>(
      db,
      sql`select first_name, email, deleted_at is not null as deleted from users where id = ${member.userId}`,
    );
    expect(row).toEqual({
      first_name: 'Deleted',
      email: `deleted-${member.userId}@deleted.invalid`,
      deleted: true,
    });
    // The operator cannot unblock the anonymous row: it never earns or spins again.
    const admin = await adminClient(app);
    const unblock = await admin.put('/api/admin/users.php', { user_id: member.userId, action: 'unflag' });
    expect(unblock.statusCode).toBe(409);
    expect(unblock.json().error).toBe('This account was deleted by its member and cannot be unblocked');

    // Irreversible and final: the same Google account starts a new member.
    const again = await signInAs(memberPerson);
    expect(again.userId).not.toBe(member.userId);
    expect(again.body.isNewUser).toBe(true);
    const fresh = await exportOf(again);
    expect(fresh.json()).toMatchObject({
      clicks: [],
      conversions: [],
      spins: [],
      claims: [],
      referred_by: null,
    });
  });

  it('answers and records a postback for a deleted member’s click without bringing back personal data', async () => {
    const { member, memberPerson, openClick } = await memberWithHistory();
    expect((await deleteAccount(member)).statusCode).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: signedPostbackUrl({
        click_id: openClick,
        transaction_id: `txn-late-${openClick}`,
        payout: '1.5000',
        currency: 'USD',
        status: 'approved',
      }),
    });
    expect(res.statusCode).toBe(200);
    // Recorded for the partner's accounts, granting nothing to the deleted id.
    const [conversion] = await query<{ status: string; held: boolean }>(
      db,
      sql`select status, approval_held_at is not null as held from completions where click_id = ${openClick}`,
    );
    expect(conversion).toEqual({ status: 'pending', held: true });
    const logged = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from postback_log where click_id = ${openClick}`,
    );
    expect(logged[0]!.n).toBe(1);
    expect(
      await findAnywhere(db, [memberPerson.email, memberPerson.lastName, memberPerson.fingerprint]),
    ).toEqual([]);
    expect(await brokenInvariants(db)).toEqual([]);
  });

  it('is safe beside a concurrent postback and spin of the same member', async () => {
    const p = person('race');
    const m = await signInAs(p);
    await completeOffer(app, m, offerId);
    const click = await clickOffer(app, m, secondOfferId);
    const answers = await Promise.all([
      deleteAccount(m),
      spin(m, offerId),
      app.inject({
        method: 'GET',
        url: signedPostbackUrl({
          click_id: click,
          transaction_id: `txn-race-${click}`,
          payout: '1.0000',
          currency: 'USD',
          status: 'approved',
        }),
      }),
    ]);
    expect(answers[0].statusCode).toBe(200);
    // The spin ran before the deletion (200) or was refused after it (401 or 403); never a failure.
    expect([200, 401, 403]).toContain(answers[1].statusCode);
    expect(answers[2].statusCode).toBe(200);
    expect(await findAnywhere(db, [p.email, p.lastName, p.fingerprint])).toEqual([]);
    expect(await brokenInvariants(db)).toEqual([]);
    const [row] = await query<{ email: string; uid: string | null }>(
      db,
      sql`select email, firebase_uid as uid from users where id = ${m.userId}`,
    );
    expect(row).toEqual({ email: `deleted-${m.userId}@deleted.invalid`, uid: null });
  });

  it('changes nothing when Firebase refuses the deletion, and the member can try again', async () => {
    const p = person('retry');
    const m = await signInAs(p);
    const real = app.tokenVerifier.deleteAccount;
    app.tokenVerifier.deleteAccount = async () => {
      throw new Error('firebase unavailable');
    };
    try {
      const refused = await deleteAccount(m);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toMatch(/Nothing was changed/);
    } finally {
      app.tokenVerifier.deleteAccount = real;
    }
    const stats = await app.inject({
      method: 'GET',
      url: '/api/user-stats.php',
      headers: { cookie: m.cookie },
    });
    expect(stats.json().user.email).toBe(p.email);
    expect((await deleteAccount(m)).statusCode).toBe(200);
  });
});
