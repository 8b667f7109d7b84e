// Program-wide totals read from the counters kept on the users row (one pass over users, never over
// completions): the conversions summary, referral impact, user types and the clicks tiles.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../../db/client';
import { cached } from '../../db/admin/cache';
import { money, num, percent } from '../../db/row-mappers';

export interface ConversionTotals {
  totalConversions: number;
  totalRevenue: number;
  voucherValue: number;
  voucherWins: number;
  spinsUsed: number;
  uniqueUsers: number;
  referralDrivenConversions: number;
  referralDrivenRevenue: number;
  firstCompletions: number;
  firstCompletionsReferred: number;
  firebaseUsers: number;
  emailUsers: number;
  voucherWinRate: number;
}

export function conversionTotals(db: Queryable): Promise<ConversionTotals> {
  return cached(db, 'conversion-totals', () => computeConversionTotals(db));
}

/** The sums over users: bigint counts arrive as text from node-postgres, numeric sums as text from both drivers. */
interface ConversionTotalsRow {
  conversions: string | number;
  revenue: string;
  voucher_value: string;
  voucher_wins: string | number;
  spins_used: string | number;
  unique_users: number;
  referral_conversions: string | number;
  referral_revenue: string;
  first_referred: number;
  firebase_users: number;
  email_users: number;
}

async function computeConversionTotals(db: Queryable): Promise<ConversionTotals> {
  const [r] = await query<ConversionTotalsRow>(
    db,
    sql`select coalesce(sum(total_completions), 0)::bigint as conversions,
               coalesce(sum(total_revenue_generated), 0) as revenue,
               coalesce(sum(total_voucher_value), 0) as voucher_value,
               coalesce(sum(total_vouchers_won), 0)::bigint as voucher_wins,
               coalesce(sum(spins_used), 0)::bigint as spins_used,
               count(*) filter (where total_completions > 0)::int as unique_users,
               coalesce(sum(total_completions) filter (where referred_by_user_id is not null), 0)::bigint as referral_conversions,
               coalesce(sum(total_revenue_generated) filter (where referred_by_user_id is not null), 0) as referral_revenue,
               count(*) filter (where total_completions > 0 and referred_by_user_id is not null)::int as first_referred,
               count(*) filter (where total_completions > 0 and registration_method = 'firebase')::int as firebase_users,
               count(*) filter (where total_completions > 0 and registration_method = 'email')::int as email_users
        from users`,
  );
  const wins = num(r?.voucher_wins);
  const spins = num(r?.spins_used);
  return {
    totalConversions: num(r?.conversions),
    totalRevenue: money(r?.revenue),
    voucherValue: money(r?.voucher_value),
    voucherWins: wins,
    spinsUsed: spins,
    uniqueUsers: num(r?.unique_users),
    referralDrivenConversions: num(r?.referral_conversions),
    referralDrivenRevenue: money(r?.referral_revenue),
    // A member's first approved completion is their first completion: one per converting member.
    firstCompletions: num(r?.unique_users),
    firstCompletionsReferred: num(r?.first_referred),
    firebaseUsers: num(r?.firebase_users),
    emailUsers: num(r?.email_users),
    voucherWinRate: percent(wins, spins),
  };
}
