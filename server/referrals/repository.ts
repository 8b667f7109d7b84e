// Referrals: recorded at a new member's sign-in, settled by the member's first approved completion.
import { sql } from 'drizzle-orm';
import { execute, query, type Queryable } from '../db/client';

export async function insertReferral(
  db: Queryable,
  r: { referrerUserId: number; referredUserId: number; referralCode: string; sameDevice: boolean },
): Promise<void> {
  await execute(
    db,
    sql`insert into referrals (referrer_user_id, referred_user_id, referral_code, same_device)
        values (${r.referrerUserId}, ${r.referredUserId}, ${r.referralCode}, ${r.sameDevice})`,
  );
}

/**
 * Settles the pending referral of `referredUserId` with its first completion: successful (one free
 * spin granted) or, for a same-device pair or a reward held by risk (`held`, issue 33),
 * completed_waiting (nothing granted yet). Only the transaction that moves the referral out of
 * 'pending' gets a row back, so the reward is granted exactly once.
 */
export async function settlePendingReferral(
  db: Queryable,
  referredUserId: number,
  completionId: number,
  held: boolean,
): Promise<{ id: number; referrerUserId: number; sameDevice: boolean } | undefined> {
  const wait = sql`(same_device or ${held})`;
  const [row] = await query<{ id: number; referrerUserId: number; sameDevice: boolean }>(
    db,
    sql`update referrals
           set status = case when ${wait} then 'completed_waiting' else 'successful' end,
               first_completion_id = ${completionId}, first_completion_date = now(),
               free_spins_granted = case when ${wait} then 0 else 1 end,
               reward_granted_at = case when ${wait} then null else now() end
         where referred_user_id = ${referredUserId} and status = 'pending'
     returning id, referrer_user_id as "referrerUserId", same_device as "sameDevice"`,
  );
  return row;
}

/**
 * A referral reward held by risk, decided in the review queue (the caller locked the referral):
 * granted (successful, one free spin, which the caller gives the referrer) or denied. False when the
 * referral no longer waits.
 */
export async function decideRiskHeldReferral(
  db: Queryable,
  id: number,
  grant: boolean,
  reason: string | null,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`update referrals
           set status = ${grant ? 'successful' : 'denied'},
               free_spins_granted = ${grant ? 1 : 0},
               reward_granted_at = ${grant ? sql`now()` : sql`null`},
               reviewed_at = now(), review_reason = ${reason}
         where id = ${id} and not same_device and status = 'completed_waiting'
     returning id`,
  );
  return rows.length === 1;
}

/** A referral as an administrator's decision sees it, locked until the decision's transaction ends. */
export interface ReferralForDecision {
  id: number;
  status: 'pending' | 'completed_waiting' | 'successful' | 'denied';
  sameDevice: boolean;
  referrerUserId: number;
  referredUserId: number;
  firstCompletionId: number | null;
  freeSpinsGranted: number;
  referrerEmail: string;
  referredEmail: string;
}

/**
 * The referral row locked (FOR UPDATE), so concurrent decisions on it run one after the other and each
 * sees what the previous one committed; undefined when there is no such referral.
 */
export async function lockReferralForDecision(
  db: Queryable,
  id: number,
): Promise<ReferralForDecision | undefined> {
  const [row] = await query<ReferralForDecision>(
    db,
    sql`select r.id, r.status, r.same_device as "sameDevice", r.referrer_user_id as "referrerUserId",
               r.referred_user_id as "referredUserId", r.first_completion_id as "firstCompletionId",
               r.free_spins_granted as "freeSpinsGranted",
               rr.email as "referrerEmail", rd.email as "referredEmail"
          from referrals r
          join users rr on rr.id = r.referrer_user_id
          join users rd on rd.id = r.referred_user_id
         where r.id = ${id}
         for update of r`,
  );
  return row;
}

/**
 * The status of the completion that settled a referral, share-locked so a concurrent reversal of it
 * waits for the decision (or the decision sees the reversal). Undefined when there is none.
 */
export async function firstCompletionStatus(
  db: Queryable,
  completionId: number,
): Promise<string | undefined> {
  const [row] = await query<{ status: string }>(
    db,
    sql`select status from completions where id = ${completionId} for share`,
  );
  return row?.status;
}

/**
 * An administrator's decision on a held same-device referral: 'grant' makes it successful with its one
 * free spin, 'deny' closes it. Only a referral still held (same device, completed_waiting) changes, so
 * of two decisions only the first gets `true`.
 */
export async function decideHeldReferral(
  db: Queryable,
  id: number,
  d: { decision: 'grant' | 'deny'; adminId: number; reason: string | null },
): Promise<boolean> {
  const grant = d.decision === 'grant';
  const rows = await query<{ id: number }>(
    db,
    sql`update referrals
           set status = ${grant ? 'successful' : 'denied'},
               free_spins_granted = ${grant ? 1 : 0},
               reward_granted_at = ${grant ? sql`now()` : sql`null`},
               reviewed_at = now(), reviewed_by_admin_id = ${d.adminId}, review_reason = ${d.reason}
         where id = ${id} and same_device and status = 'completed_waiting'
     returning id`,
  );
  return rows.length === 1;
}

/** The first name of the member whose referral code this is, when they may refer (not blocked). */
export async function findReferrerFirstName(db: Queryable, code: string): Promise<string | null> {
  const [row] = await query<{ firstName: string }>(
    db,
    sql`select first_name as "firstName" from users
          where referral_code = ${code} and not is_suspicious limit 1`,
  );
  return row ? row.firstName : null;
}
