// signInMember(): the member sign-in rules a caller relies on that the route suite
// (server/members/route.test.ts) does not pin down: the names and email a new member gets from the
// token, the registration method, what a returning member's sign-in keeps or replaces, how a referral
// code is read and when it is ignored (blocked referrer, own code), the same-device flag, a referral
// code collision, and a concurrent first sign-in of the same account. Written for the mutants
// npm run test:mutation found alive in server/members/service.ts (docs/testing.md).
import type { DecodedIdToken } from 'firebase-admin/auth';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { execute, query, type Db } from '../db/client';
import * as members from './repository';
import { BLOCKED_MESSAGE } from '../lib/errors';
import { newReferralCode } from '../lib/ids';
import { DATABASE_KINDS, createTestDatabase, decodedGoogleToken, type TestDatabase } from '../test/helpers';
import { GOOGLE_ONLY_MESSAGE, UNVERIFIED_EMAIL_MESSAGE, signInMember } from './service';

vi.mock('../lib/ids', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/ids')>();
  return { ...actual, newReferralCode: vi.fn(actual.newReferralCode) };
});
vi.mock('./repository', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./repository')>();
  return { ...actual, findMemberByFirebaseUid: vi.fn(actual.findMemberByFirebaseUid) };
});

const actualIds = await vi.importActual<typeof import('../lib/ids')>('../lib/ids');
const actualMembers = await vi.importActual<typeof import('./repository')>('./repository');
const findByUid = actualMembers.findMemberByFirebaseUid;

const token = (fields: Record<string, unknown> = {}) => decodedGoogleToken('rules', fields);

describe.each(DATABASE_KINDS)('signInMember on %s', (kind) => {
  let tdb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    db = tdb.database.db;
  });
  afterAll(async () => {
    await tdb?.drop();
  });
  afterEach(() => {
    // Back to the real implementations.
    vi.mocked(newReferralCode).mockReset().mockImplementation(actualIds.newReferralCode);
    vi.mocked(members.findMemberByFirebaseUid).mockReset().mockImplementation(findByUid);
  });

  const signIn = (
    t: DecodedIdToken,
    extra: { deviceFingerprint?: string | null; referralCode?: string | null; ip?: string } = {},
  ) =>
    signInMember(db, {
      token: t,
      deviceFingerprint: extra.deviceFingerprint ?? null,
      referralCode: extra.referralCode ?? null,
      ip: extra.ip ?? '127.0.0.1',
    });

  async function row(id: number) {
    const [r] = await query<{
      registration_method: string;
      referred_by_user_id: number | null;
      referred_by_code: string | null;
      total_referrals: number;
    }>(
      db,
      sql`select registration_method, referred_by_user_id, referred_by_code, total_referrals
            from users where id = ${id}`,
    );
    return r!;
  }

  async function referralOf(referredId: number) {
    return query<{ referrer_user_id: number; referral_code: string; same_device: boolean }>(
      db,
      sql`select referrer_user_id, referral_code, same_device from referrals where referred_user_id = ${referredId}`,
    );
  }

  describe("a new member's names and email", () => {
    it('first word is the first name, the rest (single-spaced) the last name, trimmed', async () => {
      const { user, isNewUser, referralUsed } = await signIn(token({ name: '  Ada \t Byron   King  ' }));
      expect({ isNewUser, referralUsed }).toEqual({ isNewUser: true, referralUsed: false });
      expect([user.firstName, user.lastName]).toEqual(['Ada', 'Byron King']);
    });

    it('each name is cut to 100 characters', async () => {
      const long = 'a'.repeat(150);
      const { user } = await signIn(token({ name: `${long} ${'b'.repeat(80)} ${'c'.repeat(80)}` }));
      expect(user.firstName).toBe('a'.repeat(100));
      expect(user.lastName).toBe(`${'b'.repeat(80)} ${'c'.repeat(19)}`);
    });

    it("without a usable name, the first name is the email's local part (cut to 100) and no last name", async () => {
      for (const name of [undefined, '   ', 42]) {
        const t = token({ name });
        const { user } = await signIn(t);
        expect([user.firstName, user.lastName]).toEqual([t.uid, '']);
      }
      const local = 'x'.repeat(120);
      const { user } = await signIn(token({ name: undefined, email: `${local}@example.com` }));
      expect([user.firstName, user.lastName]).toEqual(['x'.repeat(100), '']);
    });

    it("without a name: the email's local part is the first name", async () => {
      const t = token({ name: undefined, email: 'asha.v@example.com' });
      const { user } = await signIn(t);
      expect([user.firstName, user.lastName]).toEqual(['asha.v', '']);
    });

    it('refuses anything but a Google sign-in with a verified email, and creates nothing', async () => {
      const refused = [
        token({ firebase: { identities: {}, sign_in_provider: 'password' } }),
        token({ firebase: { identities: {}, sign_in_provider: 'anonymous' } }),
        token({ firebase: undefined }),
        token({ email_verified: false }),
        token({ email: undefined }),
      ];
      const messages = [];
      for (const t of refused) {
        const err = await signIn(t).catch((e: unknown) => e as { statusCode: number; message: string });
        expect(err).toMatchObject({ statusCode: 403 });
        messages.push((err as { message: string }).message);
        expect(await findByUid(db, t.uid)).toBeUndefined();
      }
      expect(messages).toEqual([
        GOOGLE_ONLY_MESSAGE,
        GOOGLE_ONLY_MESSAGE,
        GOOGLE_ONLY_MESSAGE,
        UNVERIFIED_EMAIL_MESSAGE,
        UNVERIFIED_EMAIL_MESSAGE,
      ]);
      const byGoogle = await signIn(token());
      expect((await row(byGoogle.user.id)).registration_method).toBe('firebase');
    });

    it('records the device fingerprint given at the first sign-in', async () => {
      const { user } = await signIn(token(), { deviceFingerprint: 'first-device' });
      expect(user.deviceFingerprint).toBe('first-device');
    });
  });

  describe("a returning member's sign-in", () => {
    it('keeps the last device when the sign-in gives none, replaces device and email when it does', async () => {
      const t = token();
      const first = await signIn(t, { deviceFingerprint: 'device-1' });
      const keep = await signIn(t);
      expect({ isNewUser: keep.isNewUser, referralUsed: keep.referralUsed }).toEqual({
        isNewUser: false,
        referralUsed: false,
      });
      expect(keep.user.id).toBe(first.user.id);
      expect([keep.user.deviceFingerprint, keep.user.email]).toEqual(['device-1', t.email]);
      const replaced = await signIn({ ...t, email: 'new@example.com' } as DecodedIdToken, {
        deviceFingerprint: 'device-2',
      });
      expect([replaced.user.deviceFingerprint, replaced.user.email]).toEqual(['device-2', 'new@example.com']);
    });

    it('a referral code at a later sign-in is ignored', async () => {
      const referrer = await signIn(token());
      const t = token();
      await signIn(t);
      const again = await signIn(t, { referralCode: referrer.user.referralCode });
      expect(again.referralUsed).toBe(false);
      expect(await referralOf(again.user.id)).toEqual([]);
    });

    it('a blocked member is refused with 403 and the blocked message', async () => {
      const t = token();
      const { user } = await signIn(t);
      await execute(db, sql`update users set is_suspicious = true where id = ${user.id}`);
      await expect(signIn(t)).rejects.toMatchObject({ statusCode: 403, message: BLOCKED_MESSAGE });
    });
  });

  describe('a referral code at the first sign-in', () => {
    it('is read trimmed and case-insensitively, links the member and counts on the referrer', async () => {
      const referrer = await signIn(token());
      const friend = await signIn(token(), {
        referralCode: `  ${referrer.user.referralCode.toLowerCase()} `,
      });
      expect(friend.referralUsed).toBe(true);
      expect(await row(friend.user.id)).toMatchObject({
        referred_by_user_id: referrer.user.id,
        referred_by_code: referrer.user.referralCode,
      });
      expect((await row(referrer.user.id)).total_referrals).toBe(1);
      expect(await referralOf(friend.user.id)).toEqual([
        { referrer_user_id: referrer.user.id, referral_code: referrer.user.referralCode, same_device: false },
      ]);
    });

    it("a blocked referrer's code is ignored: no link, no referral, nothing counted", async () => {
      const referrer = await signIn(token());
      await execute(db, sql`update users set is_suspicious = true where id = ${referrer.user.id}`);
      const friend = await signIn(token(), { referralCode: referrer.user.referralCode });
      expect(friend).toMatchObject({ isNewUser: true, referralUsed: false });
      expect(await referralOf(friend.user.id)).toEqual([]);
      expect((await row(referrer.user.id)).total_referrals).toBe(0);
    });

    it("the member's own new code is not a referral", async () => {
      vi.mocked(newReferralCode).mockReturnValueOnce('SELF2345');
      const m = await signIn(token(), { referralCode: 'self2345' });
      expect(m.user.referralCode).toBe('SELF2345');
      expect(m.referralUsed).toBe(false);
      expect(await row(m.user.id)).toMatchObject({ referred_by_user_id: null, total_referrals: 0 });
      expect(await referralOf(m.user.id)).toEqual([]);
    });

    it('the registration fingerprint and address are kept once; later sign-ins are history', async () => {
      const t = token();
      const first = await signIn(t, { deviceFingerprint: 'reg-device', ip: '203.0.113.9' });
      await signIn(t, { deviceFingerprint: 'later-device', ip: '198.51.100.7' });
      await signIn(t, { deviceFingerprint: null, ip: '127.0.0.1' });
      const [kept] = await query<Record<string, unknown>>(
        db,
        sql`select registration_fingerprint, registration_address, registration_prefix, device_fingerprint
              from users where id = ${first.user.id}`,
      );
      expect(kept).toEqual({
        registration_fingerprint: 'reg-device',
        registration_address: '203.0.113.9',
        registration_prefix: '203.0.113.0/24',
        device_fingerprint: 'later-device',
      });
      const seen = await query<{ kind: string; address: string | null; fingerprint: string | null }>(
        db,
        sql`select kind, address, fingerprint from member_sightings where user_id = ${first.user.id} order by id`,
      );
      // A loopback address carries no address evidence.
      expect(seen).toEqual([
        { kind: 'registration', address: '203.0.113.9', fingerprint: 'reg-device' },
        { kind: 'sign_in', address: '198.51.100.7', fingerprint: 'later-device' },
        { kind: 'sign_in', address: null, fingerprint: null },
      ]);
    });

    it("same device when the friend's fingerprint is one the referrer registered or signed in with", async () => {
      const t = token();
      const referrer = await signIn(t, { deviceFingerprint: 'phone' });
      await signIn(t, { deviceFingerprint: 'laptop' });
      for (const [fp, same] of [
        ['phone', true],
        ['laptop', true],
        ['stranger', false],
      ] as const) {
        const friend = await signIn(token(), {
          referralCode: referrer.user.referralCode,
          deviceFingerprint: fp,
        });
        expect((await referralOf(friend.user.id)).map((r) => r.same_device)).toEqual([same]);
      }
    });

    it('same device only when the friend gives a fingerprint equal to the referrer’s', async () => {
      const withDevice = await signIn(token(), { deviceFingerprint: 'shared' });
      const withoutDevice = await signIn(token());
      const cases: [string, string | null, boolean][] = [
        [withDevice.user.referralCode, 'shared', true],
        [withDevice.user.referralCode, 'other', false],
        [withDevice.user.referralCode, null, false],
        [withoutDevice.user.referralCode, null, false],
      ];
      for (const [code, deviceFingerprint, sameDevice] of cases) {
        const friend = await signIn(token(), { referralCode: code, deviceFingerprint });
        expect(friend.referralUsed).toBe(true);
        expect((await referralOf(friend.user.id)).map((r) => r.same_device)).toEqual([sameDevice]);
      }
    });
  });

  describe('a taken referral code or uid at the insert', () => {
    it('another code is drawn when the first collides', async () => {
      const taken = await signIn(token());
      vi.mocked(newReferralCode).mockReturnValueOnce(taken.user.referralCode).mockReturnValueOnce('FRESH234');
      const m = await signIn(token());
      expect(m).toMatchObject({ isNewUser: true, referralUsed: false });
      expect(m.user.referralCode).toBe('FRESH234');
    });

    it('five collisions in a row fail the sign-in and leave no member behind', async () => {
      const taken = await signIn(token());
      vi.mocked(newReferralCode).mockClear().mockReturnValue(taken.user.referralCode);
      const t = token();
      await expect(signIn(t)).rejects.toThrow('could not allocate a unique referral code');
      expect(vi.mocked(newReferralCode)).toHaveBeenCalledTimes(5);
      expect(await findByUid(db, t.uid)).toBeUndefined();
    });

    it('a concurrent first sign-in of the same account that won is answered as a returning member', async () => {
      const t = token();
      const winner = await signIn(t, { deviceFingerprint: 'winner-device' });
      // This sign-in looked before the winner's row existed.
      vi.mocked(members.findMemberByFirebaseUid).mockResolvedValueOnce(undefined);
      vi.mocked(newReferralCode).mockClear();
      const late = await signIn(t, { deviceFingerprint: 'late-device' });
      expect(late).toMatchObject({ isNewUser: false, referralUsed: false });
      expect(late.user.id).toBe(winner.user.id);
      expect(late.user.deviceFingerprint).toBe('winner-device');
      expect(vi.mocked(newReferralCode)).toHaveBeenCalledTimes(1);
    });

    it('…and refused when that member is blocked', async () => {
      const t = token();
      const { user } = await signIn(t);
      await execute(db, sql`update users set is_suspicious = true where id = ${user.id}`);
      vi.mocked(members.findMemberByFirebaseUid).mockResolvedValueOnce(undefined);
      await expect(signIn(t)).rejects.toMatchObject({ statusCode: 403, message: BLOCKED_MESSAGE });
    });
  });
});
