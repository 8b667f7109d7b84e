// GET /api/admin/conversions.php: approved completions. Summary, referral
// impact and user types are program-wide (filters change only the rows) and come from counters.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Db, type Queryable } from '../../db/client';
import type { AdminConversionsResponse } from '../../../shared/contract/admin/conversions';
import {
  inIds,
  dateRangeCondition,
  hasFilter,
  searchPattern,
  sortedPage,
  whereOf,
  type SortedPageInput,
} from '../../db/admin/list-sql';
import { countRows, EXACT_COUNT_LIMIT_LARGE } from '../../db/admin/count';
import { matchingOfferIds, matchingUserIds } from '../../db/admin/search';
import { paginationOf, toConversionRow, type ConversionListRow } from '../mapper';
import { percent } from '../../db/row-mappers';
import { conversionTotals } from '../dashboard/totals-repository';
import type { ConversionSortField } from '../../../shared/contract/admin/conversions';

const SORTS: Record<ConversionSortField, SQL> = {
  completed_at: sql`c.completed_at`,
  payout_amount: sql`c.payout_amount`,
};

/**
 * Filters:
 *   voucherFilter   won = the spin won a voucher; lost = spun and won nothing
 *   userTypeFilter  the member's registration_method (firebase or email)
 *   referralFilter  referred_users / organic_users (signed up with / without a referral code),
 *                   first_completions (the member's first completion), referral_trigger (the
 *                   completion that earned the referrer a free spin)
 */
export interface ConversionFilters {
  search?: string;
  offer?: number;
  dateRange?: string;
  voucherFilter?: string;
  userTypeFilter?: string;
  referralFilter?: string;
}

export interface ConversionListInput extends SortedPageInput, ConversionFilters {
  /** approved when absent; see CONVERSION_STATUS_FILTER. */
  status?: 'approved' | 'reversed' | 'all';
}

const STATUS_CONDITIONS = {
  approved: sql`c.status = 'approved'`,
  reversed: sql`c.status = 'reversed'`,
  all: sql`c.status in ('approved', 'reversed')`,
};

export async function conversionConditions(
  db: Queryable,
  input: ConversionFilters,
): Promise<(SQL | undefined)[]> {
  const pattern = searchPattern(input.search);
  let searchCondition: SQL | undefined;
  if (pattern) {
    // Resolved to ids first, so completions are read through their member and offer indexes.
    const [userIds, offerIds] = await Promise.all([
      matchingUserIds(db, pattern),
      matchingOfferIds(db, pattern),
    ]);
    const byUser = userIds
      ? inIds(sql`c.user_id`, userIds)
      : sql`c.user_id in (select s.id from users s where s.email ilike ${pattern}
              or (s.first_name || ' ' || s.last_name) ilike ${pattern} or s.referral_code ilike ${pattern})`;
    searchCondition = sql`(${byUser} or ${inIds(sql`c.offer_id`, offerIds)})`;
  }
  return [
    searchCondition,
    input.offer ? sql`c.offer_id = ${input.offer}` : undefined,
    dateRangeCondition(sql`c.completed_at`, input.dateRange),
    input.voucherFilter === 'won'
      ? sql`c.voucher_id is not null`
      : input.voucherFilter === 'lost'
        ? sql`(c.spinner_used and c.voucher_id is null)`
        : undefined,
    input.userTypeFilter === 'firebase' || input.userTypeFilter === 'email'
      ? sql`c.user_id in (select t.id from users t where t.registration_method = ${input.userTypeFilter})`
      : undefined,
    input.referralFilter === 'referred_users'
      ? sql`c.user_id in (select t.id from users t where t.referred_by_user_id is not null)`
      : input.referralFilter === 'organic_users'
        ? sql`c.user_id in (select t.id from users t where t.referred_by_user_id is null)`
        : input.referralFilter === 'first_completions'
          ? sql`c.is_first_completion`
          : input.referralFilter === 'referral_trigger'
            ? sql`c.completion_type = 'triggered_referral_reward'`
            : undefined,
  ];
}

export async function listConversions(
  db: Db,
  input: ConversionListInput,
): Promise<Omit<AdminConversionsResponse, 'success'>> {
  const conditions = await conversionConditions(db, input);
  const status = input.status ?? 'approved';
  // Unfiltered approved conversions are counted by a counter; any other status is counted.
  const filtered = hasFilter(conditions) || status !== 'approved';
  const where = whereOf([STATUS_CONDITIONS[status], ...conditions]);
  const { order, page } = sortedPage(SORTS, input, sql`c.id`);
  const [rows, count, totals] = await Promise.all([
    query<ConversionListRow>(
      db,
      sql`select c.id, c.user_id, c.offer_id, c.click_id, u.first_name, u.last_name, u.email, u.registration_method, u.referral_code,
                 u.referred_by_code, u.referred_by_user_id,
                 case when r.id is null then null
                      else trim(r.first_name || ' ' || r.last_name) || ' <' || r.email || '>' end as referrer_info,
                 o.title, o.category, o.external_offer_id, c.payout_amount, c.payout_currency, c.completed_at,
                 c.is_first_completion, c.completion_type, c.referral_reward_processed, c.spinner_used,
                 c.reward_type, v.id as voucher_id, v.voucher_brand, v.voucher_amount, v.voucher_code,
                 v.voucher_type, v.voucher_description, v.expiry_date as voucher_expiry, v.status as voucher_status,
                 c.status, c.reversed_at, c.reversal_reason, cl.voucher_value as clawback_value
          from (select c.* from completions c ${where} ${page}) c
          left join clawbacks cl on cl.completion_id = c.id
          join users u on u.id = c.user_id
          left join users r on r.id = u.referred_by_user_id
          join offers o on o.id = c.offer_id
          left join vouchers v on v.id = c.voucher_id
          ${order}`,
    ),
    filtered
      ? countRows(db, sql`from completions c ${where}`, {
          limit: EXACT_COUNT_LIMIT_LARGE,
          estimateFirst: true,
        })
      : null,
    conversionTotals(db),
  ]);
  return {
    conversions: rows.map((r) => toConversionRow(r, input.status !== undefined)),
    summary: {
      totalConversions: totals.totalConversions,
      totalRevenue: totals.totalRevenue,
      voucherValue: totals.voucherValue,
      voucherWins: totals.voucherWins,
      voucherWinRate: totals.voucherWinRate,
      spinsUsed: totals.spinsUsed,
      uniqueUsers: totals.uniqueUsers,
    },
    referralImpact: {
      referralDrivenConversions: totals.referralDrivenConversions,
      referralImpactRate: percent(totals.referralDrivenConversions, totals.totalConversions),
      firstCompletions: totals.firstCompletions,
      firstCompletionsReferred: totals.firstCompletionsReferred,
      referralDrivenRevenue: totals.referralDrivenRevenue,
      firstCompletionRate: percent(totals.firstCompletions, totals.totalConversions),
    },
    userTypeBreakdown: { firebaseUsers: totals.firebaseUsers, emailUsers: totals.emailUsers },
    // Unfiltered, the total is the approved-completions counter (kept on users).
    pagination: paginationOf(input, count, totals.totalConversions),
  };
}
