// GET /api/admin/referrals.php.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Db, type Queryable } from '../../client';
import type { AdminReferralRow, AdminReferralsResponse } from '../../../../shared/contract/admin/referrals';
import {
  inIds,
  dateRangeCondition,
  filtersOf,
  searchPattern,
  sortedPage,
  type SortedPageInput,
} from '../../admin/list-sql';
import { countRows } from '../../admin/count';
import { matchingUserIds } from '../../admin/search';
import { paginationOf } from '../../mappers/admin';
import { bool, iso, isoOrNull, money, num, percent, str } from '../../row-mappers';
import { cached } from '../../admin/cache';
import type { ReferralSortField } from '../../../../shared/contract/admin/referrals';

const SORTS: Record<ReferralSortField, SQL> = {
  registration_date: sql`f.created_at`,
  first_completion_date: sql`f.first_completion_date`,
  status: sql`f.status`,
  free_spins_granted: sql`f.free_spins_granted`,
};
const NULLS_LAST = ['first_completion_date'];

const STATUS: Record<string, string> = {
  successful: 'successful',
  completed: 'completed_waiting',
  completed_waiting: 'completed_waiting',
  pending: 'pending',
};

export interface ReferralListInput extends SortedPageInput {
  search?: string;
  status?: string;
  dateRange?: string;
}

export async function listReferrals(
  db: Db,
  input: ReferralListInput,
): Promise<Omit<AdminReferralsResponse, 'success'>> {
  const pattern = searchPattern(input.search);
  // The referral code is the referrer's: matching members by email, name or code covers it.
  const userIds = pattern ? await matchingUserIds(db, pattern) : null;
  const { where, filtered } = filtersOf([
    pattern
      ? userIds
        ? sql`(${inIds(sql`f.referrer_user_id`, userIds)} or ${inIds(sql`f.referred_user_id`, userIds)})`
        : sql`(f.referrer_user_id in (select s.id from users s
                 where s.email ilike ${pattern} or (s.first_name || ' ' || s.last_name) ilike ${pattern}
                   or s.referral_code ilike ${pattern})
               or f.referred_user_id in (select s.id from users s
                 where s.email ilike ${pattern} or (s.first_name || ' ' || s.last_name) ilike ${pattern}))`
      : undefined,
    input.status && STATUS[input.status] ? sql`f.status = ${STATUS[input.status]}` : undefined,
    dateRangeCondition(sql`f.created_at`, input.dateRange),
  ]);
  const { order, page } = sortedPage(SORTS, input, sql`f.id`, NULLS_LAST);
  const [rows, count, summary] = await Promise.all([
    query(
      db,
      sql`select f.id, f.status, f.same_device, f.first_completion_date, f.free_spins_granted, f.created_at,
                 nullif(trim(rr.first_name || ' ' || rr.last_name), '') as referrer_name, rr.email as referrer_email,
                 nullif(trim(rd.first_name || ' ' || rd.last_name), '') as referred_name, rd.email as referred_email,
                 rd.registration_date, rd.total_completions as referred_user_completions
          from (select f.* from referrals f ${where} ${page}) f
          join users rr on rr.id = f.referrer_user_id
          join users rd on rd.id = f.referred_user_id
          ${order}`,
    ),
    filtered ? countRows(db, sql`from referrals f ${where}`) : null,
    referralSummary(db),
  ]);
  return {
    referrals: rows.map((r): AdminReferralRow => ({
      referral_id: num(r.id),
      referrer_name: str(r.referrer_name),
      referrer_email: str(r.referrer_email),
      referred_name: str(r.referred_name),
      referred_email: str(r.referred_email),
      registration_date: iso(r.registration_date ?? r.created_at),
      referred_user_completions: num(r.referred_user_completions),
      first_completion_date: isoOrNull(r.first_completion_date),
      free_spins_granted: num(r.free_spins_granted),
      status: str(r.status) as AdminReferralRow['status'],
      same_device: bool(r.same_device),
    })),
    summary,
    pagination: paginationOf(input, count, summary.total_referrals),
  };
}

/**
 * Summary over all referrals (filters change only the rows): completed_referrals are those whose
 * referred user completed a first offer (successful or completed_waiting); revenue is what referred
 * users generated.
 */
export function referralSummary(db: Queryable): Promise<AdminReferralsResponse['summary']> {
  return cached(db, 'referral-summary', () => computeReferralSummary(db));
}

async function computeReferralSummary(db: Queryable): Promise<AdminReferralsResponse['summary']> {
  const [[counts], [revenue]] = await Promise.all([
    query(
      db,
      sql`select count(*)::int as total,
                 count(*) filter (where status = 'successful')::int as successful,
                 count(*) filter (where status in ('successful', 'completed_waiting'))::int as completed
          from referrals`,
    ),
    query(
      db,
      sql`select coalesce(sum(total_revenue_generated), 0) as revenue from users where referred_by_user_id is not null`,
    ),
  ]);
  const total = num(counts?.total);
  const successful = num(counts?.successful);
  return {
    total_referrals: total,
    successful_referrals: successful,
    completed_referrals: num(counts?.completed),
    success_rate: percent(successful, total),
    total_referral_revenue: money(revenue?.revenue),
  };
}
