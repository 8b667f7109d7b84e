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
} from '../db/repositories/members';
import { findReferrerFirstName, insertReferral } from '../db/repositories/referrals';
import { BLOCKED_MESSAGE, forbidden } from '../lib/errors';
import { newReferralCode } from '../lib/ids';

export interface SignInInput {
  token: DecodedIdToken;
  deviceFingerprint: string | null;
  referralCode: string | null;
}

export interface SignInResult {
  user: Member;
  isNewUser: boolean;
  referralUsed: boolean;
}

function splitName(token: DecodedIdToken): { first: string; last: string } {
  const name = typeof token.name === 'string' ? token.name.trim() : '';
  if (!name) {
    const local = (token.email ?? '').split('@')[0] ?? '';
    return { first: local.slice(0, 100), last: '' };
  }
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
  const existing = await findMemberByFirebaseUid(db, token.uid);
  if (existing) {
    if (existing.isSuspicious) throw forbidden(BLOCKED_MESSAGE);
    const user = await recordSignIn(db, existing.id, {
      deviceFingerprint: input.deviceFingerprint ?? existing.deviceFingerprint,
      email: token.email ?? existing.email,
    });
    return { user, isNewUser: false, referralUsed: false };
  }

  const { first, last } = splitName(token);
  return db.transaction(async (tx) => {
    let created: Member | undefined;
    for (let attempt = 0; attempt < 5 && !created; attempt++) {
      created = await insertMember(tx, {
        firebaseUid: token.uid,
        email: token.email ?? `${token.uid}@users.invalid`,
        firstName: first,
        lastName: last,
        registrationMethod: token.firebase?.sign_in_provider === 'password' ? 'email' : 'firebase',
        referralCode: newReferralCode(),
        deviceFingerprint: input.deviceFingerprint,
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
        // Same device as the referrer: recorded and shown to admins, but it will earn nothing.
        const sameDevice =
          !!input.deviceFingerprint && referrer.deviceFingerprint === input.deviceFingerprint;
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
