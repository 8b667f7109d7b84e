// GET /api/admin/dashboard.php: program-wide figures from the counters on users and offers, today's
// figures through the date indexes, the short lists (8 recent users and conversions, 10 top referrers),
// and the chart's daily series over the last 7, 30 or 90 days.
import { sql } from 'drizzle-orm';
import { query, type Db } from '../../db/client';
import type { AdminDashboardResponse } from '../../../shared/contract/admin/dashboard';
import { cached } from '../../db/admin/cache';
import { memberOf, type MemberColumnsRow } from '../mapper';
import { iso, money, num, numOrNull, percent, str, strOrNull } from '../../db/row-mappers';
import { dateRangeBounds } from '../../lib/date-range';

export const RECENT_USERS = 8;
export const RECENT_CONVERSIONS = 8;
export const TOP_REFERRERS = 10;
/** The chart's days when the call names none. */
export const DAILY_DAYS = 30;

/** The program-wide tiles over users: bigint sums arrive as text from node-postgres, numeric sums as text. */
interface UserTotalsRow {
  total_users: number;
  new_users_today: number;
  firebase_users: number;
  total_conversions: string | number;
  total_revenue: string;
  total_rewards_given: string | number;
  total_voucher_value: string;
  free_spins_remaining: string | number;
  free_spins_granted: string | number;
  held_members: number;
}

interface ReferralCountsRow {
  total: number;
  successful: number;
  completed_first: number;
  rewarded: number;
  today: number;
}

interface RecentUserRow extends MemberColumnsRow {
  total_completions: number;
}

interface RecentConversionRow {
  id: number;
  title: string;
  first_name: string;
  completed_at: Date | string;
  payout_amount: string;
  voucher_id: number | null;
  voucher_amount: string | null;
  completion_type: string;
}

interface TopReferrerRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  referral_code: string;
  successful_referrals: number;
  total_referrals: number;
}

/** Conversions and revenue (numeric, as text) of one UTC day, 'YYYY-MM-DD'. */
interface DailyRow {
  day: string;
  conversions: number;
  revenue: string;
}

/** `days`: the chart's days (one of the contract's ranges, 7, 30 or 90); the tiles do not depend on it. */
export async function dashboard(
  db: Db,
  days: number = DAILY_DAYS,
): Promise<Omit<AdminDashboardResponse, 'success' | 'money' | 'gettingStarted'>> {
  const today = dateRangeBounds('today')!.from;
  const todayIso = today.toISOString();
  const firstDay = new Date(today.getTime() - (days - 1) * 86_400_000);

  // Program-wide tiles and funnel: cached for a few seconds (cache.ts); the chart's days before today
  // for 10 minutes, per range (dailyHistory); the short lists and today's chart figures are live.
  const [
    [users, offersRow, todayRow, vouchersRow, referralsRow, clawbacksRow],
    daily,
    [todayDaily, recentUsers, recentConversions, topReferrers],
  ] = await Promise.all([
    cached(db, `dashboard:${todayIso}`, () =>
      Promise.all([
        query<UserTotalsRow>(
          db,
          sql`select count(*)::int as total_users,
                   count(*) filter (where registration_date >= ${todayIso})::int as new_users_today,
                   count(*) filter (where registration_method = 'firebase')::int as firebase_users,
                   coalesce(sum(total_completions), 0)::bigint as total_conversions,
                   coalesce(sum(total_revenue_generated), 0) as total_revenue,
                   coalesce(sum(total_vouchers_won), 0)::bigint as total_rewards_given,
                   coalesce(sum(total_voucher_value), 0) as total_voucher_value,
                   coalesce(sum(free_spins_remaining), 0)::bigint as free_spins_remaining,
                   coalesce(sum(total_free_spins_earned), 0)::bigint as free_spins_granted,
                   count(*) filter (where held_at is not null and is_suspicious)::int as held_members
            from users`,
        ),
        query<{ active_offers: number }>(
          db,
          sql`select count(*) filter (where is_active)::int as active_offers from offers`,
        ),
        query<{ conversions_today: number; revenue_today: string }>(
          db,
          sql`select count(*)::int as conversions_today, coalesce(sum(payout_amount), 0) as revenue_today
            from completions where completed_at >= ${todayIso} and status = 'approved'`,
        ),
        query<{ available: number; distributed: number }>(
          db,
          sql`select count(*) filter (where status = 'available')::int as available,
                   count(*) filter (where status in ('assigned', 'used'))::int as distributed
            from vouchers`,
        ),
        query<ReferralCountsRow>(
          db,
          sql`select count(*)::int as total,
                   count(*) filter (where status = 'successful')::int as successful,
                   count(*) filter (where status in ('successful', 'completed_waiting', 'denied'))::int as completed_first,
                   count(*) filter (where free_spins_granted > 0)::int as rewarded,
                   count(*) filter (where created_at >= ${todayIso})::int as today
            from referrals`,
        ),
        query<{ count: number; value: string }>(
          db,
          sql`select count(*)::int as count, coalesce(sum(voucher_value), 0) as value
            from clawbacks where created_at >= now() - interval '30 days'`,
        ),
      ]),
    ),
    dailyHistory(db, today, days),
    Promise.all([
      dailyOf(db, today, null),
      query<RecentUserRow>(
        db,
        sql`select id, first_name, last_name, email, registration_date, registration_method, total_completions
            from users order by registration_date desc, id desc limit ${RECENT_USERS}`,
      ),
      query<RecentConversionRow>(
        db,
        sql`select c.id, o.title, u.first_name, c.completed_at, c.payout_amount, c.voucher_id,
                   v.voucher_amount, c.completion_type
            from (select * from completions where status = 'approved' and completed_at is not null
                  order by completed_at desc, id desc limit ${RECENT_CONVERSIONS}) c
            join users u on u.id = c.user_id
            join offers o on o.id = c.offer_id
            left join vouchers v on v.id = c.voucher_id
            order by c.completed_at desc, c.id desc`,
      ),
      query<TopReferrerRow>(
        db,
        sql`select id, first_name, last_name, email, referral_code, successful_referrals, total_referrals
            from users where total_referrals > 0
            order by successful_referrals desc, total_referrals desc, id
            limit ${TOP_REFERRERS}`,
      ),
    ]),
  ]);

  const u: Partial<UserTotalsRow> = users[0] ?? {};
  const ref: Partial<ReferralCountsRow> = referralsRow[0] ?? {};
  const totalReferrals = num(ref.total);
  const successful = num(ref.successful);
  const completedFirst = num(ref.completed_first);
  const rewarded = num(ref.rewarded);
  const byDay = new Map([...daily, ...todayDaily].map((d) => [String(d.day), d]));

  return {
    stats: {
      total_users: num(u.total_users),
      new_users_today: num(u.new_users_today),
      firebase_users: num(u.firebase_users),
      active_offers: num(offersRow[0]?.active_offers),
      total_conversions: num(u.total_conversions),
      conversions_today: num(todayRow[0]?.conversions_today),
      total_revenue: money(u.total_revenue),
      revenue_today: money(todayRow[0]?.revenue_today),
      available_vouchers: num(vouchersRow[0]?.available),
      distributed_vouchers: num(vouchersRow[0]?.distributed),
      total_rewards_given: num(u.total_rewards_given),
      total_voucher_value: money(u.total_voucher_value),
      total_referrals: totalReferrals,
      successful_referrals: successful,
      referrals_today: num(ref.today),
      total_free_spins_remaining: num(u.free_spins_remaining),
      total_free_spins_granted: num(u.free_spins_granted),
      referral_conversion_rate: percent(successful, totalReferrals),
      clawbacks30d: { count: num(clawbacksRow[0]?.count), value: money(clawbacksRow[0]?.value) },
      heldMembers: num(u.held_members),
    },
    recentUsers: recentUsers.map((r) => ({
      ...memberOf(r),
      total_completions: num(r.total_completions),
    })),
    recentConversions: recentConversions.map((r) => ({
      completion_id: num(r.id),
      title: strOrNull(r.title),
      first_name: str(r.first_name),
      completed_at: iso(r.completed_at),
      payout_amount: num(r.payout_amount),
      voucher_won: r.voucher_id !== null && r.voucher_id !== undefined,
      voucher_amount: numOrNull(r.voucher_amount),
      completion_type: str(r.completion_type),
    })),
    topReferrers: topReferrers.map((r) => ({
      user_id: num(r.id),
      referrer_name: `${str(r.first_name)} ${str(r.last_name)}`.trim(),
      referrer_email: str(r.email),
      referral_code: str(r.referral_code),
      successful_referrals: num(r.successful_referrals),
      total_referrals: num(r.total_referrals),
      conversion_rate: percent(num(r.successful_referrals), num(r.total_referrals)),
    })),
    referralFunnel: {
      total_referrals: totalReferrals,
      completed_first_offer: completedFirst,
      rewards_granted: rewarded,
      completion_rate: percent(completedFirst, totalReferrals),
      reward_success_rate: percent(rewarded, completedFirst),
    },
    // Every one of the last `days` days (UTC), oldest first, zero when nothing converted.
    dailyConversions: Array.from({ length: days }, (_, i) => {
      const day = new Date(firstDay.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      const d = byDay.get(day);
      return { day, conversions: num(d?.conversions), revenue: money(d?.revenue) };
    }),
  };
}

/** Conversions and revenue per UTC day from `from` (inclusive) to `to` (exclusive, or open). */
function dailyOf(db: Db, from: Date, to: Date | null): Promise<DailyRow[]> {
  return query<DailyRow>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as day, conversions, revenue from (
          select date_trunc('day', completed_at at time zone 'UTC') as d, count(*)::int as conversions,
                 coalesce(sum(payout_amount), 0) as revenue
          from completions
          where status = 'approved' and completed_at >= ${from.toISOString()}
                ${to ? sql`and completed_at < ${to.toISOString()}` : sql``}
          group by 1) days`,
  );
}

/**
 * The `days - 1` days before today change only through late reversals: kept for 10 minutes, one entry
 * per range, so a dashboard call reads today's completions only.
 */
function dailyHistory(db: Db, today: Date, days: number) {
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  return cached(db, `daily-history:${days}:${today.toISOString()}`, () => dailyOf(db, from, today), 600_000);
}
