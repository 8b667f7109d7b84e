// signInMember() and checkReferralCode() (server/members/service.ts): what issue 33's sign-in rules
// store and answer, beside what users-rules.test.ts pins down. The evidence a sign-in leaves (the
// registration's address, network, hosting flag and fingerprint on the member's row, kept once; one
// member_sightings row per place and device a day, with the network's number and name), the new member's email and
// its normalised form, what TRUST_CHECKS=off leaves out (no address evidence, no sighting of a later
// sign-in, the Google-only rule still on), and how the sign-in page's referral-code check reads a code.
// Written for the mutants npm run test:mutation found alive in service.ts (docs/testing.md, "Scores").
import type { DecodedIdToken } from 'firebase-admin/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, query, type Db } from '../db/client';
import { DATABASE_KINDS, createTestDatabase, decodedGoogleToken, type TestDatabase } from '../test/helpers';
import {
  GOOGLE_ONLY_MESSAGE,
  UNVERIFIED_EMAIL_MESSAGE,
  checkReferralCode,
  normaliseReferralCode,
  signInMember,
  type SignInInput,
} from './service';

/** Addresses of the bundled ASN dataset (server/trust/ip-networks.ts): a hosting network and a home one. */
const AWS = { ip: '52.95.110.1', prefix: '52.95.110.0/24', asn: 16509, org: 'Amazon.com, Inc.' };
const CLOUDFLARE = { ip: '1.1.1.1', prefix: '1.1.1.0/24', asn: 13335, org: 'Cloudflare, Inc.' };
const GOOGLE_DNS = { ip: '8.8.8.8', prefix: '8.8.8.0/24', asn: 15169, org: 'Google LLC' };

const token = (fields: Record<string, unknown> = {}) => decodedGoogleToken('evidence', fields);

describe.each(DATABASE_KINDS)('sign-in evidence on %s', (kind) => {
  let tdb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    db = tdb.database.db;
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  const signIn = (t: DecodedIdToken, extra: Partial<Omit<SignInInput, 'token'>> = {}) =>
    signInMember(db, { token: t, deviceFingerprint: null, referralCode: null, ...extra });

  async function registration(id: number) {
    const [r] = await query<Record<string, unknown>>(
      db,
      sql`select email, email_normalised, registration_method, registration_fingerprint, registration_address,
                 registration_prefix, registration_asn, registration_hosting, device_fingerprint
            from users where id = ${id}`,
    );
    return r!;
  }
  const sightings = (id: number) =>
    query<Record<string, unknown>>(
      db,
      sql`select kind, address, prefix, asn, org, hosting, fingerprint
            from member_sightings where user_id = ${id} order by id`,
    );
  const count = async (table: 'users' | 'member_sightings') =>
    (await query<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

  describe('with the trust checks on (the default)', () => {
    it("keeps the registration's hosting network on the member, and each sign-in's network as history", async () => {
      const t = token();
      const { user } = await signIn(t, { ip: AWS.ip, deviceFingerprint: 'dc-box' });
      expect(await registration(user.id)).toMatchObject({
        registration_fingerprint: 'dc-box',
        registration_address: AWS.ip,
        registration_prefix: AWS.prefix,
        registration_asn: AWS.asn,
        registration_hosting: true,
      });
      await signIn(t, { ip: GOOGLE_DNS.ip, deviceFingerprint: 'phone' });
      await signIn(t, { ip: CLOUDFLARE.ip });
      expect(await sightings(user.id)).toEqual([
        {
          kind: 'registration',
          address: AWS.ip,
          prefix: AWS.prefix,
          asn: AWS.asn,
          org: AWS.org,
          hosting: true,
          fingerprint: 'dc-box',
        },
        {
          kind: 'sign_in',
          address: GOOGLE_DNS.ip,
          prefix: GOOGLE_DNS.prefix,
          asn: GOOGLE_DNS.asn,
          org: GOOGLE_DNS.org,
          hosting: false,
          fingerprint: 'phone',
        },
        {
          kind: 'sign_in',
          address: CLOUDFLARE.ip,
          prefix: CLOUDFLARE.prefix,
          asn: CLOUDFLARE.asn,
          org: CLOUDFLARE.org,
          hosting: true,
          fingerprint: null,
        },
      ]);
      // Kept once: the later sign-ins changed the last device, not the registration.
      expect(await registration(user.id)).toMatchObject({
        registration_fingerprint: 'dc-box',
        registration_address: AWS.ip,
        registration_hosting: true,
        device_fingerprint: 'phone',
      });
    });

    it('a private address or none is no address evidence', async () => {
      for (const ip of ['10.1.2.3', '192.168.0.7', '::1', undefined, null]) {
        const { user } = await signIn(token(), { ip, deviceFingerprint: 'lan' });
        expect(await sightings(user.id), String(ip)).toEqual([
          {
            kind: 'registration',
            address: null,
            prefix: null,
            asn: null,
            org: null,
            hosting: false,
            fingerprint: 'lan',
          },
        ]);
        expect(await registration(user.id), String(ip)).toMatchObject({
          registration_address: null,
          registration_prefix: null,
          registration_asn: null,
          registration_hosting: false,
        });
      }
    });
  });

  it('keeps where a member was seen, not each sign-in: a repeat of a sighting of the last day adds no row', async () => {
    const t = token();
    const first = await signIn(t, { ip: AWS.ip, deviceFingerprint: 'phone' });
    await signIn(t, { ip: CLOUDFLARE.ip, deviceFingerprint: 'phone' });
    await signIn(t, { ip: CLOUDFLARE.ip, deviceFingerprint: 'phone' });
    await signIn(t, { ip: CLOUDFLARE.ip, deviceFingerprint: 'laptop' });
    await signIn(t, { ip: AWS.ip, deviceFingerprint: 'phone' });
    const rows = async () => (await sightings(first.user.id)).map((s) => [s.kind, s.address, s.fingerprint]);
    expect(await rows()).toEqual([
      ['registration', AWS.ip, 'phone'],
      ['sign_in', CLOUDFLARE.ip, 'phone'],
      ['sign_in', CLOUDFLARE.ip, 'laptop'],
    ]);
    // A day later the same place and device are recorded again (the signals' windows count days).
    await execute(
      db,
      sql`update member_sightings set created_at = created_at - interval '25 hours' where user_id = ${first.user.id}`,
    );
    await signIn(t, { ip: CLOUDFLARE.ip, deviceFingerprint: 'phone' });
    expect(await rows()).toEqual([
      ['registration', AWS.ip, 'phone'],
      ['sign_in', CLOUDFLARE.ip, 'phone'],
      ['sign_in', CLOUDFLARE.ip, 'laptop'],
      ['sign_in', CLOUDFLARE.ip, 'phone'],
    ]);
  });

  describe('with TRUST_CHECKS=off', () => {
    it('keeps no address evidence at registration, only the device, and no sighting of a later sign-in', async () => {
      const t = token();
      const first = await signIn(t, { ip: AWS.ip, deviceFingerprint: 'reg-device', trustChecks: false });
      expect(first).toMatchObject({ isNewUser: true, referralUsed: false });
      expect(await registration(first.user.id)).toMatchObject({
        registration_fingerprint: 'reg-device',
        registration_address: null,
        registration_prefix: null,
        registration_asn: null,
        registration_hosting: false,
      });
      expect(await sightings(first.user.id)).toEqual([
        {
          kind: 'registration',
          address: null,
          prefix: null,
          asn: null,
          org: null,
          hosting: false,
          fingerprint: 'reg-device',
        },
      ]);
      const again = await signIn(t, {
        ip: CLOUDFLARE.ip,
        deviceFingerprint: 'later-device',
        trustChecks: false,
      });
      expect(again).toMatchObject({ isNewUser: false, referralUsed: false });
      expect(again.user.deviceFingerprint).toBe('later-device');
      expect(await sightings(first.user.id)).toHaveLength(1);
      // Switched back on, the next sign-in is recorded again.
      await signIn(t, { ip: CLOUDFLARE.ip, trustChecks: true });
      expect((await sightings(first.user.id)).map((s) => [s.kind, s.address])).toEqual([
        ['registration', null],
        ['sign_in', CLOUDFLARE.ip],
      ]);
    });

    it('still refuses anything but a Google account with a verified email, and creates nothing', async () => {
      const [users, seen] = [await count('users'), await count('member_sightings')];
      const refusals = [];
      for (const t of [
        token({ firebase: { identities: {}, sign_in_provider: 'password' } }),
        token({ firebase: { identities: {}, sign_in_provider: 'anonymous' } }),
        token({ email_verified: false }),
        token({ email_verified: 'true' }),
        token({ email: '' }),
      ])
        refusals.push(
          await signIn(t, { ip: AWS.ip, trustChecks: false }).then(
            () => 'signed in',
            (e: { statusCode: number; message: string }) => [e.statusCode, e.message],
          ),
        );
      expect(refusals).toEqual([
        [403, GOOGLE_ONLY_MESSAGE],
        [403, GOOGLE_ONLY_MESSAGE],
        [403, UNVERIFIED_EMAIL_MESSAGE],
        [403, UNVERIFIED_EMAIL_MESSAGE],
        [403, UNVERIFIED_EMAIL_MESSAGE],
      ]);
      expect([await count('users'), await count('member_sightings')]).toEqual([users, seen]);
    });
  });

  describe("a new member's email", () => {
    it("is the token's, kept as given, with its normalised form for the same-mailbox check", async () => {
      const t = token({ email: 'A.Sha.V+promo@googlemail.com' });
      const { user } = await signIn(t);
      expect(user.email).toBe('A.Sha.V+promo@googlemail.com');
      expect(await registration(user.id)).toMatchObject({
        email: 'A.Sha.V+promo@googlemail.com',
        email_normalised: 'ashav@gmail.com',
        registration_method: 'firebase',
      });
      // A returning sign-in updates the email, never the registration's normalised form.
      await signIn({ ...t, email: 'other@example.com' } as DecodedIdToken);
      expect(await registration(user.id)).toMatchObject({
        email: 'other@example.com',
        email_normalised: 'ashav@gmail.com',
      });
    });
  });

  describe("the sign-in page's referral-code check", () => {
    it('reads a code trimmed and in any case, answering the referrer’s first name', async () => {
      const referrer = await signIn(token({ name: 'Kavya Rao' }));
      const code = referrer.user.referralCode;
      for (const typed of [code, code.toLowerCase(), `  ${code.toLowerCase()}\t`])
        expect(await checkReferralCode(db, typed), typed).toEqual({
          valid: true,
          referrerFirstName: 'Kavya',
        });
    });

    it("answers an unknown code, and a blocked referrer's, as not valid", async () => {
      expect(await checkReferralCode(db, 'NOSUCH234')).toEqual({ valid: false, referrerFirstName: null });
      const blocked = await signIn(token({ name: 'Blocked Referrer' }));
      await execute(db, sql`update users set is_suspicious = true where id = ${blocked.user.id}`);
      expect(await checkReferralCode(db, blocked.user.referralCode)).toEqual({
        valid: false,
        referrerFirstName: null,
      });
    });

    it('normalises a code as sign-in reads it: trimmed, upper case, none is empty', () => {
      expect(normaliseReferralCode('  ab12cd \n')).toBe('AB12CD');
      expect(normaliseReferralCode('AB12CD')).toBe('AB12CD');
      expect(normaliseReferralCode('   ')).toBe('');
      expect(normaliseReferralCode(null)).toBe('');
      expect(normaliseReferralCode(undefined)).toBe('');
    });
  });
});
