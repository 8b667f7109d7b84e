// GET /api/admin/referrals.php.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Db, type Queryable } from '../../db/client';
import type { AdminReferralRow, AdminReferralsResponse } from '../../../shared/contract/admin/referrals';
import {
  inIds,
  dateRangeCondition,
  filtersOf,
  searchPattern,
  sortedPage,
  type SortedPageInput,
} from '../../db/admin/list-sql';
import { countRows } from '../../db/admin/count';
import { matchingUserIds } from '../../db/admin/search';
import { paginationOf } from '../mapper';
import { bool, iso, isoOrNull, money, num, percent, str } from '../../db/row-mappers';
import { cached } from '../../db/admin/cache';
import type { ReferralSortField } from '../../../shared/contract/admin/referrals';

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
  denied: 'denied',
};

export interface ReferralListInput extends SortedPageInput {
  search?: string;
  status?: string;
  dateRange?: string;
}

/** A referral with its two members' names and emails and the administrator who reviewed it. */
interface ReferralListRow {
  id: number;
  referrer_user_id: number;
  referred_user_id: number;
  status: string;
  same_device: boolean;
  first_completion_date: Date | string | null;
  free_spins_granted: number;
  created_at: Date | string;
  reviewed_at: Date | string | null;
  review_reason: string | null;
  reviewed_by: string | null;
  referrer_name: string | null;
  referrer_email: string;
  referred_name: string | null;
  referred_email: string;
  /** The referred member's registration. */
  registration_date: Date | string;
  referred_user_completions: number;
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
    input.status === 'needs_review'
      ? sql`f.same_device and f.status = 'completed_waiting'`
      : input.status && STATUS[input.status]
        ? sql`f.status = ${STATUS[input.status]}`
        : undefined,
    dateRangeCondition(sql`f.created_at`, input.dateRange),
  ]);
  const { order, page } = sortedPage(SORTS, input, sql`f.id`, NULLS_LAST);
  const [rows, count, summary] = await Promise.all([
    query<ReferralListRow>(
      db,
      sql`select f.id, f.referrer_user_id, f.referred_user_id, f.status, f.same_device, f.first_completion_date, f.free_spins_granted, f.created_at,
                 f.reviewed_at, f.review_reason, ad.username as reviewed_by,
                 nullif(trim(rr.first_name || ' ' || rr.last_name), '') as referrer_name, rr.email as referrer_email,
                 nullif(trim(rd.first_name || ' ' || rd.last_name), '') as referred_name, rd.email as referred_email,
                 rd.registration_date, rd.total_completions as referred_user_completions
          from (select f.* from referrals f ${where} ${page}) f
          join users rr on rr.id = f.referrer_user_id
          join users rd on rd.id = f.referred_user_id
          left join admins ad on ad.id = f.reviewed_by_admin_id
          ${order}`,
    ),
    filtered ? countRows(db, sql`from referrals f ${where}`) : null,
    referralSummary(db),
  ]);
  return {
    referrals: rows.map((r): AdminReferralRow => ({
      referral_id: num(r.id),
      referrer_user_id: num(r.referrer_user_id),
      referred_user_id: num(r.referred_user_id),
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
      needs_review: bool(r.same_device) && r.status === 'completed_waiting',
      review_decision: reviewDecision(r),
      reviewed_at: isoOrNull(r.reviewed_at),
      reviewed_by: r.reviewed_by == null ? null : str(r.reviewed_by),
      review_reason: r.review_reason == null ? null : str(r.review_reason),
    })),
    summary,
    pagination: paginationOf(input, count, summary.total_referrals),
  };
}

/** A decision is recorded by its time; its outcome is the status it left. */
function reviewDecision(
  r: Pick<ReferralListRow, 'reviewed_at' | 'status'>,
): AdminReferralRow['review_decision'] {
  if (r.reviewed_at == null) return null;
  return r.status === 'denied' ? 'denied' : r.status === 'successful' ? 'granted' : null;
}

/**
 * Summary over all referrals (filters change only the rows): completed_referrals are those whose
 * referred user completed a first offer (successful, completed_waiting or denied); revenue is what referred
 * users generated.
 */
export function referralSummary(db: Queryable): Promise<AdminReferralsResponse['summary']> {
  return cached(db, 'referral-summary', () => computeReferralSummary(db));
}

async function computeReferralSummary(db: Queryable): Promise<AdminReferralsResponse['summary']> {
  const [[counts], [revenue]] = await Promise.all([
    query<{ total: number; successful: number; completed: number; needs_review: number }>(
      db,
      sql`select count(*)::int as total,
                 count(*) filter (where status = 'successful')::int as successful,
                 count(*) filter (where status in ('successful', 'completed_waiting', 'denied'))::int as completed,
                 count(*) filter (where same_device and status = 'completed_waiting')::int as needs_review
          from referrals`,
    ),
    query<{ revenue: string }>(
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
    needs_review: num(counts?.needs_review),
  };
}
