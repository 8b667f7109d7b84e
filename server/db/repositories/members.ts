// Members (the users table): sign-in, the referral link between two members, and the counters the
// postback and spin transactions keep on the member row.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../client';
import { num } from '../row-mappers';

/** The member row as the services use it (every column the member calls read or answer). */
export interface Member {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  referralCode: string;
  deviceFingerprint: string | null;
  isSuspicious: boolean;
  freeSpinsRemaining: number;
  totalFreeSpinsEarned: number;
  totalCompletions: number;
  totalVouchersWon: number;
  totalVoucherValue: number;
  spinsUsed: number;
  totalReferrals: number;
  successfulReferrals: number;
}

const memberColumns = sql`id, first_name as "firstName", last_name as "lastName", email,
  referral_code as "referralCode", device_fingerprint as "deviceFingerprint", is_suspicious as "isSuspicious",
  free_spins_remaining as "freeSpinsRemaining", total_free_spins_earned as "totalFreeSpinsEarned",
  total_completions as "totalCompletions", total_vouchers_won as "totalVouchersWon",
  total_voucher_value as "totalVoucherValue", spins_used as "spinsUsed", total_referrals as "totalReferrals",
  successful_referrals as "successfulReferrals"`;

/** numeric arrives as text from node-postgres: one mapping for every member read here. */
const toMember = (r: Member): Member => ({ ...r, totalVoucherValue: num(r.totalVoucherValue) });

export async function findMemberById(db: Queryable, id: number): Promise<Member | undefined> {
  const [row] = await query<Member>(db, sql`select ${memberColumns} from users where id = ${id} limit 1`);
  return row && toMember(row);
}

export async function findMemberByFirebaseUid(db: Queryable, uid: string): Promise<Member | undefined> {
  const [row] = await query<Member>(
    db,
    sql`select ${memberColumns} from users where firebase_uid = ${uid} limit 1`,
  );
  return row && toMember(row);
}

/** A returning member's sign-in: activity now, the device and email as the token gives them. */
export async function recordSignIn(
  db: Queryable,
  id: number,
  values: { deviceFingerprint: string | null; email: string },
): Promise<Member> {
  const [row] = await query<Member>(
    db,
    sql`update users set last_activity = now(), device_fingerprint = ${values.deviceFingerprint},
                         email = ${values.email}
         where id = ${id}
     returning ${memberColumns}`,
  );
  if (!row) throw new Error(`member ${id} vanished during sign-in`);
  return toMember(row);
}

export interface NewMember {
  firebaseUid: string;
  email: string;
  firstName: string;
  lastName: string;
  registrationMethod: 'firebase' | 'email';
  referralCode: string;
  deviceFingerprint: string | null;
}

/** The new member, or undefined when the Firebase uid or the referral code is taken (unique indexes). */
export async function insertMember(db: Queryable, m: NewMember): Promise<Member | undefined> {
  const [row] = await query<Member>(
    db,
    sql`insert into users (firebase_uid, email, first_name, last_name, registration_method, referral_code,
                           device_fingerprint, last_activity)
        values (${m.firebaseUid}, ${m.email}, ${m.firstName}, ${m.lastName}, ${m.registrationMethod},
                ${m.referralCode}, ${m.deviceFingerprint}, now())
        on conflict do nothing
        returning ${memberColumns}`,
  );
  return row && toMember(row);
}

export interface Referrer {
  id: number;
  deviceFingerprint: string | null;
  isSuspicious: boolean;
}

export async function findReferrerByCode(db: Queryable, code: string): Promise<Referrer | undefined> {
  const [row] = await query<Referrer>(
    db,
    sql`select id, device_fingerprint as "deviceFingerprint", is_suspicious as "isSuspicious"
          from users where referral_code = ${code} limit 1`,
  );
  return row;
}

/** Links a new member to the member whose code they used, and counts the referral on the referrer. */
export async function linkReferral(
  db: Queryable,
  memberId: number,
  referrerId: number,
  code: string,
): Promise<Member> {
  const [row] = await query<Member>(
    db,
    sql`update users set referred_by_user_id = ${referrerId}, referred_by_code = ${code}
         where id = ${memberId}
     returning ${memberColumns}`,
  );
  await query(db, sql`update users set total_referrals = total_referrals + 1 where id = ${referrerId}`);
  if (!row) throw new Error(`member ${memberId} vanished during sign-in`);
  return toMember(row);
}

/**
 * Counts an approved completion on the member, unless the member is blocked (the block is the
 * update's condition, so an approval and a concurrent block are ordered by this row's lock). Returns
 * the member's completions after it, or null for a blocked member (nothing changed).
 */
export async function creditCompletion(
  db: Queryable,
  userId: number,
  payout: number,
): Promise<number | null> {
  const [row] = await query<{ totalCompletions: number }>(
    db,
    sql`update users set total_completions = total_completions + 1,
                         total_revenue_generated = total_revenue_generated + ${payout},
                         last_activity = now()
         where id = ${userId} and is_suspicious = false
     returning total_completions as "totalCompletions"`,
  );
  return row ? row.totalCompletions : null;
}

/** Takes back what creditCompletion added (a reversed approved completion). */
export async function debitCompletion(db: Queryable, userId: number, payout: number): Promise<void> {
  await query(
    db,
    sql`update users set total_completions = total_completions - 1,
                         total_revenue_generated = total_revenue_generated - ${payout}
         where id = ${userId}`,
  );
}

/** The referrer's reward: one free spin (it never expires) and a successful referral. */
export async function grantReferralSpin(db: Queryable, referrerId: number): Promise<void> {
  await query(
    db,
    sql`update users set free_spins_remaining = free_spins_remaining + 1,
                         total_free_spins_earned = total_free_spins_earned + 1,
                         successful_referrals = successful_referrals + 1
         where id = ${referrerId}`,
  );
}

/** The member row locked for a block or an unblock; undefined when there is no such member. */
export async function lockMemberBlockState(
  db: Queryable,
  id: number,
): Promise<{ id: number; isSuspicious: boolean; email: string } | undefined> {
  const [row] = await query<{ id: number; isSuspicious: boolean; email: string }>(
    db,
    sql`select id, is_suspicious as "isSuspicious", email from users where id = ${id} limit 1 for update`,
  );
  return row;
}

/** An administrator's block or unblock; an unblock also ends a hold (held_at). */
export async function setBlocked(db: Queryable, id: number, blocked: boolean): Promise<void> {
  await query(
    db,
    sql`update users set is_suspicious = ${blocked}, held_at = case when ${blocked} then held_at end
         where id = ${id}`,
  );
}

/**
 * Blocks a member pending an administrator's review (held_at says the hold rule did it). Returns false
 * when the member was already blocked (nothing changed).
 */
export async function holdMember(db: Queryable, id: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`update users set is_suspicious = true, held_at = now()
         where id = ${id} and is_suspicious = false
     returning id`,
  );
  return rows.length > 0;
}
