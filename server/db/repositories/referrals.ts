// Referrals: recorded at a new member's sign-in, settled by the member's first approved completion.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../client';

export async function insertReferral(
  db: Queryable,
  r: { referrerUserId: number; referredUserId: number; referralCode: string; sameDevice: boolean },
): Promise<void> {
  await query(
    db,
    sql`insert into referrals (referrer_user_id, referred_user_id, referral_code, same_device)
        values (${r.referrerUserId}, ${r.referredUserId}, ${r.referralCode}, ${r.sameDevice})`,
  );
}

/**
 * Settles the pending referral of `referredUserId` with its first completion: successful (one free
 * spin granted) or, for a same-device pair, completed_waiting (nothing granted). Only the transaction
 * that moves the referral out of 'pending' gets a row back, so the reward is granted exactly once.
 */
export async function settlePendingReferral(
  db: Queryable,
  referredUserId: number,
  completionId: number,
): Promise<{ referrerUserId: number; sameDevice: boolean } | undefined> {
  const [row] = await query<{ referrerUserId: number; sameDevice: boolean }>(
    db,
    sql`update referrals
           set status = case when same_device then 'completed_waiting' else 'successful' end,
               first_completion_id = ${completionId}, first_completion_date = now(),
               free_spins_granted = case when same_device then 0 else 1 end,
               reward_granted_at = case when same_device then null else now() end
         where referred_user_id = ${referredUserId} and status = 'pending'
     returning referrer_user_id as "referrerUserId", same_device as "sameDevice"`,
  );
  return row;
}

/** Registrations and successes per month over the last 12 months, of the member's referrals. */
export function monthlyReferralsOf(db: Queryable, referrerId: number) {
  return query(
    db,
    sql`
    select to_char(date_trunc('month', created_at), 'YYYY-MM') as month,
           count(*)::int as registrations,
           count(*) filter (where status = 'successful')::int as successful
    from referrals
    where referrer_user_id = ${referrerId} and created_at >= date_trunc('month', now()) - interval '11 months'
    group by 1 order by 1`,
  );
}

/** The members the member referred, newest first, as raw rows. */
export function listReferredMembers(db: Queryable, referrerId: number) {
  return query(
    db,
    sql`
    select u.first_name, u.last_name, u.registration_date, r.first_completion_date, u.total_completions, r.status,
           r.same_device
    from referrals r join users u on u.id = r.referred_user_id
    where r.referrer_user_id = ${referrerId}
    order by r.created_at desc
    limit 200`,
  );
}

export async function countPendingReferralsOf(db: Queryable, referrerId: number): Promise<number> {
  const [row] = await query(
    db,
    sql`
    select count(*) filter (where status = 'pending')::int as pending from referrals where referrer_user_id = ${referrerId}`,
  );
  return Number(row?.pending ?? 0);
}
