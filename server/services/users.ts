// Member sign-in (DESIGN.md section 4): create on first sign-in, apply a referral code only for a
// new user, record the device fingerprint, refuse blocked users.
import { and, eq, sql } from 'drizzle-orm';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Db } from '../db/client';
import { referrals, users } from '../db/schema';
import { BLOCKED_MESSAGE, forbidden } from '../lib/errors';
import { newReferralCode } from '../lib/ids';

export interface SignInInput {
  token: DecodedIdToken;
  deviceFingerprint: string | null;
  referralCode: string | null;
}

export interface SignInResult {
  user: typeof users.$inferSelect;
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

export async function signInMember(db: Db, input: SignInInput): Promise<SignInResult> {
  const { token } = input;
  const existing = await db.select().from(users).where(eq(users.firebaseUid, token.uid)).limit(1);
  if (existing[0]) {
    const user = existing[0];
    if (user.isSuspicious) throw forbidden(BLOCKED_MESSAGE);
    const [updated] = await db
      .update(users)
      .set({
        lastActivity: sql`now()`,
        deviceFingerprint: input.deviceFingerprint ?? user.deviceFingerprint,
        email: token.email ?? user.email,
      })
      .where(eq(users.id, user.id))
      .returning();
    return { user: updated!, isNewUser: false, referralUsed: false };
  }

  const { first, last } = splitName(token);
  return db.transaction(async (tx) => {
    let created: typeof users.$inferSelect | undefined;
    for (let attempt = 0; attempt < 5 && !created; attempt++) {
      const rows = await tx
        .insert(users)
        .values({
          firebaseUid: token.uid,
          email: token.email ?? `${token.uid}@users.invalid`,
          firstName: first,
          lastName: last,
          registrationMethod: token.firebase?.sign_in_provider === 'password' ? 'email' : 'firebase',
          referralCode: newReferralCode(),
          deviceFingerprint: input.deviceFingerprint,
          lastActivity: sql`now()`,
        })
        .onConflictDoNothing()
        .returning();
      created = rows[0];
      if (!created) {
        // Either a concurrent first sign-in of the same account won, or the referral code collided.
        const again = await tx.select().from(users).where(eq(users.firebaseUid, token.uid)).limit(1);
        if (again[0]) {
          if (again[0].isSuspicious) throw forbidden(BLOCKED_MESSAGE);
          return { user: again[0], isNewUser: false, referralUsed: false };
        }
      }
    }
    if (!created) throw new Error('could not allocate a unique referral code');

    let referralUsed = false;
    const code = input.referralCode?.trim().toUpperCase();
    if (code) {
      const [referrer] = await tx
        .select({
          id: users.id,
          deviceFingerprint: users.deviceFingerprint,
          isSuspicious: users.isSuspicious,
        })
        .from(users)
        .where(eq(users.referralCode, code))
        .limit(1);
      if (referrer && referrer.id !== created.id && !referrer.isSuspicious) {
        // Same device as the referrer: recorded and shown to admins, but it will earn nothing.
        const sameDevice =
          !!input.deviceFingerprint && referrer.deviceFingerprint === input.deviceFingerprint;
        await tx.insert(referrals).values({
          referrerUserId: referrer.id,
          referredUserId: created.id,
          referralCode: code,
          sameDevice,
        });
        const [withReferrer] = await tx
          .update(users)
          .set({ referredByUserId: referrer.id, referredByCode: code })
          .where(eq(users.id, created.id))
          .returning();
        created = withReferrer!;
        await tx
          .update(users)
          .set({ totalReferrals: sql`${users.totalReferrals} + 1` })
          .where(and(eq(users.id, referrer.id)));
        referralUsed = true;
      }
    }
    return { user: created, isNewUser: true, referralUsed };
  });
}
