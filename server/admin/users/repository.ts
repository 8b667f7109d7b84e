// GET/PUT /api/admin/users.php. Filters and sorts read the counters kept
// on the users row, so a page never aggregates completions, vouchers or referrals.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Db, type Queryable } from '../../db/client';
import type { AdminUsersResponse } from '../../../shared/contract/admin/users';
import { cached } from '../../db/admin/cache';
import {
  dateRangeCondition,
  filtersOf,
  mappedFilter,
  searchPattern,
  sortedPage,
  type SortedPageInput,
} from '../../db/admin/list-sql';
import { countRows } from '../../db/admin/count';
import { paginationOf, toUserRow, type UserListRow } from '../mapper';
import { num } from '../../db/row-mappers';

export const INACTIVE_DAYS = 30;

const PERFORMANCE: Record<string, SQL> = {
  high_performers: sql`u.total_completions >= 10`,
  high: sql`u.total_completions >= 10`,
  medium_performers: sql`u.total_completions between 5 and 9`,
  medium: sql`u.total_completions between 5 and 9`,
  low_performers: sql`u.total_completions between 1 and 4`,
  low: sql`u.total_completions between 1 and 4`,
};
const REFERRAL: Record<string, SQL> = {
  top_referrers: sql`u.successful_referrals >= 3`,
  active_referrers: sql`u.successful_referrals >= 1`,
  referred: sql`u.referred_by_user_id is not null`,
  organic: sql`u.referred_by_user_id is null`,
};
const VOUCHER: Record<string, SQL> = {
  high_value: sql`u.total_vouchers_won >= 5`,
  multiple_vouchers: sql`u.total_vouchers_won >= 2`,
  multiple: sql`u.total_vouchers_won >= 2`,
  top_winners: sql`u.total_vouchers_won >= 10`,
};

/** Sort options of the users list, each an indexed column. */
const SORTS: Record<string, SQL> = {
  registration_date: sql`u.registration_date`,
  total_completions: sql`u.total_completions`,
  total_vouchers_won: sql`u.total_vouchers_won`,
  total_revenue_generated: sql`u.total_revenue_generated`,
  successful_referrals: sql`u.successful_referrals`,
  first_name: sql`u.first_name`,
};

/** The vouchers-won order on its mirror (same API name as in SORTS). */
const RANKED: Record<string, SQL> = { total_vouchers_won: sql`w.total_vouchers_won` };

export interface UserListInput extends SortedPageInput {
  search?: string;
  dateRange?: string;
  performanceFilter?: string;
  referralFilter?: string;
  voucherFilter?: string;
  user_id?: number;
}

/** 'inactive': last seen (or, never seen, registered) more than 30 days ago. */
const inactiveCondition = () =>
  sql`coalesce(u.last_activity, u.registration_date) < ${new Date(Date.now() - INACTIVE_DAYS * 86_400_000).toISOString()}`;

export async function listUsers(db: Db, input: UserListInput): Promise<Omit<AdminUsersResponse, 'success'>> {
  const pattern = searchPattern(input.search);
  const { where, filtered } = filtersOf([
    input.user_id !== undefined ? sql`u.id = ${input.user_id}` : undefined,
    pattern
      ? // The full name covers first and last name; each of the three has a trigram index.
        sql`(u.email ilike ${pattern} or (u.first_name || ' ' || u.last_name) ilike ${pattern}
             or u.referral_code ilike ${pattern})`
      : undefined,
    dateRangeCondition(sql`u.registration_date`, input.dateRange),
    input.performanceFilter === 'inactive'
      ? inactiveCondition()
      : mappedFilter(PERFORMANCE, input.performanceFilter),
    mappedFilter(REFERRAL, input.referralFilter),
    mappedFilter(VOUCHER, input.voucherFilter),
  ]);
  const { order, page } = sortedPage(SORTS, input, sql`u.id`);
  // By vouchers won, the page is read in the order of the mirror's index (migration 0032): that column
  // has no index of its own on users (docs/decisions/vouchers-won-rank.md).
  const pageRows =
    input.sortBy === 'total_vouchers_won'
      ? sql`select u.* from user_vouchers_won w join users u on u.id = w.user_id ${where}
            ${sortedPage(RANKED, input, sql`w.user_id`).page}`
      : sql`select u.* from users u ${where} ${page}`;

  const [rows, count, summary] = await Promise.all([
    query<UserListRow>(
      db,
      sql`select u.id, u.first_name, u.last_name, u.email, u.registration_date, u.registration_method,
                 u.last_activity, u.referred_by_user_id, u.referred_by_code,
                 nullif(trim(r.first_name || ' ' || r.last_name), '') as referred_by_name,
                 u.total_completions, u.total_revenue_generated, u.total_vouchers_won,
                 u.successful_referrals, u.total_referrals, u.free_spins_remaining, u.is_suspicious,
                 u.held_at, cb.clawbacks_count, cb.clawbacks_value
          from (${pageRows}) u
          left join users r on r.id = u.referred_by_user_id
          cross join lateral (
            select count(*)::int as clawbacks_count, coalesce(sum(c.voucher_value), 0) as clawbacks_value
              from clawbacks c where c.user_id = u.id) cb
          ${order}`,
    ),
    filtered ? countRows(db, sql`from users u ${where}`, { limit: 20_000, estimateFirst: true }) : null,
    usersSummary(db),
  ]);
  return {
    users: rows.map(toUserRow),
    pagination: paginationOf(input, count, summary.total_users),
    summary,
  };
}

/**
 * The five summary cards over all users, whatever the filters: Active Users are
 * those seen in the last 30 days (the complement of the 'inactive' filter).
 */
export function usersSummary(db: Queryable): Promise<AdminUsersResponse['summary']> {
  return cached(db, 'users-summary', () => computeUsersSummary(db));
}

interface UsersSummaryRow {
  total_users: number;
  active_users: number;
  firebase_users: number;
  total_referrals: number;
  flagged_users: number;
}

async function computeUsersSummary(db: Queryable): Promise<AdminUsersResponse['summary']> {
  const activeSince = new Date(Date.now() - INACTIVE_DAYS * 86_400_000).toISOString();
  const [row] = await query<UsersSummaryRow>(
    db,
    sql`select count(*)::int as total_users,
               count(*) filter (where coalesce(last_activity, registration_date) >= ${activeSince})::int as active_users,
               count(*) filter (where registration_method = 'firebase')::int as firebase_users,
               coalesce(sum(total_referrals), 0)::int as total_referrals,
               count(*) filter (where is_suspicious)::int as flagged_users
        from users`,
  );
  return {
    total_users: num(row?.total_users),
    active_users: num(row?.active_users),
    firebase_users: num(row?.firebase_users),
    total_referrals: num(row?.total_referrals),
    flagged_users: num(row?.flagged_users),
  };
}
