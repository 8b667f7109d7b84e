// GET/PUT /api/admin/users.php (spec sections 2, 3, 7, 9). Filters and sorts read the counters kept
// on the users row, so a page never aggregates completions, vouchers or referrals.
import { eq, sql, type SQL } from 'drizzle-orm';
import { query, type Db, type Queryable } from '../../db/client';
import { users } from '../../db/schema';
import { lockHeldCompletions, releaseHeldCompletions } from '../postbacks';
import { deleteUserSessions } from '../sessions';
import { notFound } from '../../lib/errors';
import type { AdminUserRow, AdminUsersResponse, UserCategory } from '../../../shared/api-types';
import { writeAudit, type Actor } from './audit';
import { cached, invalidateSummaries } from './cache';
import {
  bool,
  countRows,
  dateRangeCondition,
  filtersOf,
  isoOrNull,
  mappedFilter,
  memberOf,
  money,
  num,
  paginationOf,
  searchPattern,
  sortedPage,
  strOrNull,
  type SortedPageInput,
} from './common';

/**
 * Filter values of spec section 9. The console sends the long names; the short ones are accepted too.
 *   performanceFilter: high_performers|high (10+ completions), medium_performers|medium (5-9),
 *                      low_performers|low (1-4), inactive (no activity for 30+ days)
 *   referralFilter:    top_referrers (3+ successful referrals), active_referrers (1+),
 *                      referred (signed up with a referral code), organic (did not)
 *   voucherFilter:     high_value (5+ vouchers won), multiple_vouchers|multiple (2+), top_winners (10+)
 */
export const PERFORMANCE_FILTER_VALUES = [
  'all',
  'high_performers',
  'medium_performers',
  'low_performers',
  'inactive',
  'high',
  'medium',
  'low',
] as const;
export const REFERRAL_FILTER_VALUES = [
  'all',
  'top_referrers',
  'active_referrers',
  'referred',
  'organic',
] as const;
export const VOUCHER_FILTER_VALUES = [
  'all',
  'high_value',
  'multiple_vouchers',
  'multiple',
  'top_winners',
] as const;

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

/** Sort options of spec section 9, each an indexed column. */
const SORTS: Record<string, SQL> = {
  registration_date: sql`u.registration_date`,
  total_completions: sql`u.total_completions`,
  total_vouchers_won: sql`u.total_vouchers_won`,
  total_revenue_generated: sql`u.total_revenue_generated`,
  successful_referrals: sql`u.successful_referrals`,
  first_name: sql`u.first_name`,
};

export interface UserListInput extends SortedPageInput {
  search?: string;
  dateRange?: string;
  performanceFilter?: string;
  referralFilter?: string;
  voucherFilter?: string;
}

/** 'inactive': last seen (or, never seen, registered) more than 30 days ago. */
const inactiveCondition = () =>
  sql`coalesce(u.last_activity, u.registration_date) < ${new Date(Date.now() - INACTIVE_DAYS * 86_400_000).toISOString()}`;

export function userCategory(successfulReferrals: number, referred: boolean): UserCategory {
  if (successfulReferrals >= 3) return 'top_referrer';
  if (successfulReferrals >= 1) return 'active_referrer';
  return referred ? 'referred_user' : 'organic_user';
}

export async function listUsers(db: Db, input: UserListInput): Promise<Omit<AdminUsersResponse, 'success'>> {
  const pattern = searchPattern(input.search);
  const { where, filtered } = filtersOf([
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

  const [rows, count, summary] = await Promise.all([
    query(
      db,
      sql`select u.id, u.first_name, u.last_name, u.email, u.registration_date, u.registration_method,
                 u.last_activity, u.referred_by_user_id, u.referred_by_code,
                 nullif(trim(r.first_name || ' ' || r.last_name), '') as referred_by_name,
                 u.total_completions, u.total_revenue_generated, u.total_vouchers_won,
                 u.successful_referrals, u.total_referrals, u.free_spins_remaining, u.is_suspicious
          from (select u.* from users u ${where} ${page}) u
          left join users r on r.id = u.referred_by_user_id
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

function toUserRow(r: Record<string, unknown>): AdminUserRow {
  const successful = num(r.successful_referrals);
  return {
    ...memberOf(r),
    last_activity: isoOrNull(r.last_activity),
    referred_by_code: strOrNull(r.referred_by_code),
    referred_by_name: strOrNull(r.referred_by_name),
    total_completions: num(r.total_completions),
    total_revenue_generated: money(r.total_revenue_generated),
    total_vouchers_won: num(r.total_vouchers_won),
    successful_referrals: successful,
    total_referrals: num(r.total_referrals),
    free_spins_remaining: num(r.free_spins_remaining),
    is_suspicious: bool(r.is_suspicious),
    user_category: userCategory(
      successful,
      r.referred_by_user_id !== null && r.referred_by_user_id !== undefined,
    ),
  };
}

/**
 * The five summary cards (spec section 2) over all users, whatever the filters: Active Users are
 * those seen in the last 30 days (the complement of the 'inactive' filter).
 */
export function usersSummary(db: Queryable): Promise<AdminUsersResponse['summary']> {
  return cached(db, 'users-summary', () => computeUsersSummary(db));
}

async function computeUsersSummary(db: Queryable): Promise<AdminUsersResponse['summary']> {
  const activeSince = new Date(Date.now() - INACTIVE_DAYS * 86_400_000).toISOString();
  const [row] = await query(
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

/**
 * Block ('flag') or unblock ('unflag') a member (spec section 4). Blocking ends every session of
 * theirs in the same transaction, so their next call is refused. Repeating the current state
 * changes nothing and writes no audit entry.
 */
export async function setUserBlocked(
  db: Db,
  actor: Actor,
  userId: number,
  action: 'flag' | 'unflag',
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    // Lock order as in the postback receiver and the spin: the member's completions, then the member.
    if (action === 'unflag') await lockHeldCompletions(tx, userId);
    const [user] = await tx
      .select({ id: users.id, isSuspicious: users.isSuspicious, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
      .limit(1);
    if (!user) throw notFound('User not found');
    const blocked = action === 'flag';
    if (user.isSuspicious === blocked) return { changed: false };
    await tx.update(users).set({ isSuspicious: blocked }).where(eq(users.id, userId));
    if (blocked) await deleteUserSessions(tx, userId);
    // Approvals that arrived while the member was blocked granted nothing; the unblock grants them now.
    const released = blocked ? 0 : await releaseHeldCompletions(tx, userId);
    invalidateSummaries(db);
    await writeAudit(tx, actor, {
      action: blocked ? 'user.block' : 'user.unblock',
      targetType: 'user',
      targetId: userId,
      before: { is_suspicious: user.isSuspicious, email: user.email },
      after: {
        is_suspicious: blocked,
        email: user.email,
        ...(released ? { released_held_completions: released } : {}),
      },
    });
    return { changed: true };
  });
}
