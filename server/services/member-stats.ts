// user-stats.php and referral-stats.php (spec section 3). Counters come from the member row, kept
// in the transactions that change them; lists are bounded.
import { eq, sql } from 'drizzle-orm';
import { query, type Queryable } from '../db/client';
import { users } from '../db/schema';
import { isoOrNull as iso, num, numOrNull } from '../db/row-mappers';
import type { ReferralStatsResponse, UserStatsResponse, MemberReferralStatus } from '../../shared/api-types';

export async function userStats(db: Queryable, userId: number): Promise<Omit<UserStatsResponse, 'success'>> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new Error('member vanished');

  const completions = await query(
    db,
    sql`
    select o.title, o.category, c.completed_at, v.voucher_code, v.voucher_brand, v.voucher_amount, c.reward_type
    from completions c
    join offers o on o.id = c.offer_id
    left join vouchers v on v.id = c.voucher_id
    where c.user_id = ${userId} and c.status = 'approved'
    order by c.completed_at desc
    limit 100`,
  );
  const breakdown = await query(
    db,
    sql`
    select voucher_amount, voucher_brand, count(*)::int as count, sum(voucher_amount) as total_value
    from vouchers where assigned_to_user_id = ${userId}
    group by voucher_amount, voucher_brand
    order by voucher_amount desc, voucher_brand`,
  );
  const vouchersRows = await query(
    db,
    sql`
    select v.id as voucher_id, v.voucher_code, v.voucher_amount, v.voucher_brand, v.voucher_description,
           coalesce(o.title, 'Free Spin Bonus') as title, v.assigned_at, c.completed_at, v.assignment_context
    from vouchers v
    left join completions c on c.id = v.completion_id
    left join offers o on o.id = c.offer_id
    where v.assigned_to_user_id = ${userId}
    order by v.assigned_at desc
    limit 200`,
  );

  return {
    user: {
      user_id: u.id,
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email,
      referral_code: u.referralCode,
    },
    stats: {
      total_completions: u.totalCompletions,
      total_vouchers_won: u.totalVouchersWon,
      successful_referrals: u.successfulReferrals,
      total_voucher_value: Number(u.totalVoucherValue),
      spins_used: u.spinsUsed,
      free_spins_remaining: u.freeSpinsRemaining,
      total_free_spins_earned: u.totalFreeSpinsEarned,
      referral_conversion_rate:
        u.totalReferrals > 0 ? Math.round((u.successfulReferrals / u.totalReferrals) * 1000) / 10 : 0,
    },
    completions: completions.map((r) => ({
      title: r.title as string,
      category: (r.category as string) ?? null,
      completed_at: iso(r.completed_at)!,
      voucher_code: (r.voucher_code as string) ?? null,
      voucher_brand: (r.voucher_brand as string) ?? null,
      voucher_amount: numOrNull(r.voucher_amount),
      reward_type: r.reward_type as string,
    })),
    voucherBreakdown: breakdown.map((r) => ({
      voucher_amount: num(r.voucher_amount),
      voucher_brand: r.voucher_brand as string,
      count: num(r.count),
      total_value: num(r.total_value),
    })),
    userVouchers: vouchersRows.map((r) => ({
      voucher_id: num(r.voucher_id),
      voucher_code: r.voucher_code as string,
      voucher_amount: num(r.voucher_amount),
      voucher_brand: r.voucher_brand as string,
      voucher_description: (r.voucher_description as string) ?? null,
      title: (r.title as string) ?? null,
      assigned_at: iso(r.assigned_at)!,
      completed_at: iso(r.completed_at),
      voucher_source: r.assignment_context === 'free_spin_from_referral' ? 'free_spin' : 'offer_completion',
    })),
  };
}

const MEMBER_STATUS: Record<string, MemberReferralStatus> = {
  pending: 'registered_only',
  completed_waiting: 'completed_waiting',
  successful: 'completed_and_rewarded',
};

export async function referralStats(
  db: Queryable,
  userId: number,
  publicUrl: string,
): Promise<Omit<ReferralStatsResponse, 'success'>> {
  const [u] = await db
    .select({
      referralCode: users.referralCode,
      totalReferrals: users.totalReferrals,
      successfulReferrals: users.successfulReferrals,
      totalFreeSpinsEarned: users.totalFreeSpinsEarned,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) throw new Error('member vanished');
  const monthly = await query(
    db,
    sql`
    select to_char(date_trunc('month', created_at), 'YYYY-MM') as month,
           count(*)::int as registrations,
           count(*) filter (where status = 'successful')::int as successful
    from referrals
    where referrer_user_id = ${userId} and created_at >= date_trunc('month', now()) - interval '11 months'
    group by 1 order by 1`,
  );
  const details = await query(
    db,
    sql`
    select u.first_name, u.last_name, u.registration_date, r.first_completion_date, u.total_completions, r.status
    from referrals r join users u on u.id = r.referred_user_id
    where r.referrer_user_id = ${userId}
    order by r.created_at desc
    limit 200`,
  );
  const counts = await query(
    db,
    sql`
    select count(*) filter (where status = 'pending')::int as pending from referrals where referrer_user_id = ${userId}`,
  );
  const pending = num(counts[0]?.pending);
  return {
    referralCode: u.referralCode,
    shareUrl: `${publicUrl}/?ref=${encodeURIComponent(u.referralCode)}`,
    summary: {
      totalReferrals: u.totalReferrals,
      successfulReferrals: u.successfulReferrals,
      pendingReferrals: pending,
      totalFreeSpinsEarned: u.totalFreeSpinsEarned,
      conversionRate:
        u.totalReferrals > 0 ? Math.round((u.successfulReferrals / u.totalReferrals) * 1000) / 10 : 0,
    },
    monthlyPerformance: monthly.map((r) => ({
      month: r.month as string,
      registrations: num(r.registrations),
      successful: num(r.successful),
    })),
    referralDetails: details.map((r) => ({
      first_name: r.first_name as string,
      last_name: r.last_name as string,
      registration_date: iso(r.registration_date)!,
      first_completion_date: iso(r.first_completion_date),
      total_completions: num(r.total_completions),
      status: MEMBER_STATUS[r.status as string] ?? ('registered_only' as const),
    })),
  };
}
