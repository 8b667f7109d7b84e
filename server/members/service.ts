// Member sign-in (docs/product-rules.md#sessions and #referrals): create on first sign-in, apply a
// referral code only for a new user, record the device fingerprint, refuse blocked users.
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Queryable } from '../db/client';
import {
  findMemberByFirebaseUid,
  findReferrerByCode,
  insertMember,
  linkReferral,
  recordSignIn,
  type Member,
  type Sighting,
} from './repository';
import { findReferrerFirstName, insertReferral } from '../referrals/repository';
import { BLOCKED_MESSAGE, forbidden } from '../lib/errors';
import { newReferralCode } from '../lib/ids';
import { normaliseEmail } from '../trust/email';
import { lookupAddress } from '../trust/ip-networks';

export interface SignInInput {
  token: DecodedIdToken;
  deviceFingerprint: string | null;
  referralCode: string | null;
  /** The client address as TRUST_PROXY defines it (request.ip); loopback and private ones carry no evidence. */
  ip?: string | null | undefined;
  /**
   * false (TRUST_CHECKS=off): no address lookup; a returning member's sign-in records no sighting, a
   * registration records one with the device's fingerprint only. The Google-only rule stays.
   */
  trustChecks?: boolean;
}

/** Sign-in accepts Google accounts with a verified email only (issue 33). */
export const GOOGLE_ONLY_MESSAGE =
  'Only Google accounts can sign in. Please use "Continue with Google" with your Google account.';
export const UNVERIFIED_EMAIL_MESSAGE =
  "Your Google account's email address is not verified. Verify it with Google, then sign in again.";

/** Refuses anything but a Google sign-in with a verified email (anonymous, password, unverified). */
export function assertGoogleVerified(token: DecodedIdToken): string {
  if (token.firebase?.sign_in_provider !== 'google.com') throw forbidden(GOOGLE_ONLY_MESSAGE);
  if (token.email_verified !== true || !token.email) throw forbidden(UNVERIFIED_EMAIL_MESSAGE);
  return token.email;
}

const NO_SIGHTING: Sighting = {
  address: null,
  prefix: null,
  asn: null,
  org: null,
  hosting: false,
  fingerprint: null,
};

/** Where this sign-in came from, as the server sees it. */
function sightingOf(input: SignInInput): Sighting {
  if (input.trustChecks === false) return { ...NO_SIGHTING, fingerprint: input.deviceFingerprint };
  const info = lookupAddress(input.ip);
  return {
    address: info.private ? null : (input.ip ?? null),
    prefix: info.prefix,
    asn: info.asn,
    org: info.org,
    hosting: info.hosting,
    fingerprint: input.deviceFingerprint,
  };
}

export interface SignInResult {
  user: Member;
  isNewUser: boolean;
  referralUsed: boolean;
}

function splitName(token: DecodedIdToken, email: string): { first: string; last: string } {
  const name = typeof token.name === 'string' ? token.name.trim() : '';
  if (!name) return { first: email.split('@')[0]!.slice(0, 100), last: '' };
  const [first = '', ...rest] = name.split(/\s+/);
  return { first: first.slice(0, 100), last: rest.join(' ').slice(0, 100) };
}

/** A referral code as sign-in reads it: trimmed, upper case. */
export function normaliseReferralCode(code: string | null | undefined): string {
  return code?.trim().toUpperCase() ?? '';
}

/**
 * Whether a new member signing in with `code` would be referred (the referrer exists and is not
 * blocked), and the referrer's first name for the sign-in page's notice.
 */
export async function checkReferralCode(
  db: Queryable,
  code: string,
): Promise<{ valid: boolean; referrerFirstName: string | null }> {
  const firstName = await findReferrerFirstName(db, normaliseReferralCode(code));
  return firstName === null
    ? { valid: false, referrerFirstName: null }
    : { valid: true, referrerFirstName: firstName };
}

/** Signs a member in; `db` may be a transaction (a new member's rows are written in a nested one). */
export async function signInMember(db: Queryable, input: SignInInput): Promise<SignInResult> {
  const { token } = input;
  // Only a Google account with a verified email gets past this (issue 33): the email is always there.
  const email = assertGoogleVerified(token);
  const seen = sightingOf(input);
  const existing = await findMemberByFirebaseUid(db, token.uid);
  if (existing) {
    if (existing.isSuspicious) throw forbidden(BLOCKED_MESSAGE);
    // The last device is shown to operators; the registration's is kept apart and never overwritten.
    // One statement: the sign-in and, with the checks on, its sighting.
    const user = await recordSignIn(
      db,
      existing.id,
      { deviceFingerprint: input.deviceFingerprint ?? existing.deviceFingerprint, email },
      input.trustChecks !== false ? seen : null,
    );
    return { user, isNewUser: false, referralUsed: false };
  }

  const { first, last } = splitName(token, email);
  return db.transaction(async (tx) => {
    let created: Member | undefined;
    for (let attempt = 0; attempt < 5 && !created; attempt++) {
      created = await insertMember(tx, {
        firebaseUid: token.uid,
        email,
        firstName: first,
        lastName: last,
        // Google through Firebase Authentication, the only sign-in (the specification's 'email' method,
        // a password account, is refused since issue 33; older rows keep theirs).
        registrationMethod: 'firebase',
        referralCode: newReferralCode(),
        deviceFingerprint: input.deviceFingerprint,
        emailNormalised: normaliseEmail(email),
        seenFrom: seen,
      });
      if (!created) {
        // Either a concurrent first sign-in of the same account won, or the referral code collided.
        const again = await findMemberByFirebaseUid(tx, token.uid);
        if (again) {
          if (again.isSuspicious) throw forbidden(BLOCKED_MESSAGE);
          return { user: again, isNewUser: false, referralUsed: false };
        }
      }
    }
    if (!created) throw new Error('could not allocate a unique referral code');

    let referralUsed = false;
    const code = normaliseReferralCode(input.referralCode);
    if (code) {
      const referrer = await findReferrerByCode(tx, code);
      if (referrer && referrer.id !== created.id && !referrer.isSuspicious) {
        // Same device as the referrer (any fingerprint the referrer registered or signed in with): recorded
        // and shown to admins, but it earns nothing without a review. A friend who sends no fingerprint
        // or a random one is judged by the server's own signals when the reward is due (issue 33).
        const sameDevice =
          !!input.deviceFingerprint && referrer.fingerprints.includes(input.deviceFingerprint);
        await insertReferral(tx, {
          referrerUserId: referrer.id,
          referredUserId: created.id,
          referralCode: code,
          sameDevice,
        });
        created = await linkReferral(tx, created.id, referrer.id, code);
        referralUsed = true;
      }
    }
    return { user: created, isNewUser: true, referralUsed };
  });
}

/** The session user as the contract answers it (the sign-in call's `user`). */
export { toSessionUser } from './mapper';
