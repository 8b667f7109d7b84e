// The admin vouchers list (GET /api/admin/vouchers.php): filters, whitelisted sorts, the page and the
// stock's statistics per brand and amount.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Db, type Queryable } from '../../db/client';
import type { AdminVouchersResponse, VoucherStatsRow } from '../../../shared/contract/admin/vouchers';
import { EXPIRING_SOON_DAYS } from '../../../shared/constants';
import { cached } from '../../db/admin/cache';
import {
  equalsFilter,
  filtersOf,
  mappedFilter,
  searchPattern,
  sortedPage,
  type SortedPageInput,
} from '../../db/admin/list-sql';
import { countRows } from '../../db/admin/count';
import { paginationOf, toVoucherRow, type VoucherListRow } from '../mapper';
import { num, str } from '../../db/row-mappers';
import type { VoucherSortField } from '../../../shared/contract/admin/vouchers';

const SORTS: Record<VoucherSortField, SQL> = {
  created_at: sql`v.created_at`,
  voucher_code: sql`v.voucher_code`,
  voucher_amount: sql`v.voucher_amount`,
  voucher_brand: sql`v.voucher_brand`,
  status: sql`v.status`,
  expiry_date: sql`v.expiry_date`,
  assigned_at: sql`v.assigned_at`,
};

/** Amount ranges, in rupees, bounds inclusive (51-100 means 50 < amount <= 100). */
const AMOUNT_RANGES: Record<string, SQL> = {
  '0-50': sql`v.voucher_amount <= 50`,
  '51-100': sql`v.voucher_amount > 50 and v.voucher_amount <= 100`,
  '101-500': sql`v.voucher_amount > 100 and v.voucher_amount <= 500`,
  '501-1000': sql`v.voucher_amount > 500 and v.voucher_amount <= 1000`,
  '1001+': sql`v.voucher_amount > 1000`,
};

/**
 * Expiry filters (dates in UTC):
 *   expired              status expired, or the expiry date has passed
 *   expiring_soon        expiry date from today to 7 days ahead ('Expiring soon' means within 7 days)
 *   expiring_this_month  expiry date from today to the end of this month
 *   valid                not expired by status and the expiry date not passed (or none)
 */
const EXPIRY: Record<string, SQL> = {
  expired: sql`(v.status = 'expired' or v.expiry_date < current_date)`,
  expiring_soon: sql`(v.status <> 'expired' and v.expiry_date >= current_date and v.expiry_date <= current_date + ${EXPIRING_SOON_DAYS}::int)`,
  expiring_this_month: sql`(v.status <> 'expired' and v.expiry_date >= current_date
    and v.expiry_date < (date_trunc('month', current_date) + interval '1 month')::date)`,
  valid: sql`(v.status <> 'expired' and (v.expiry_date is null or v.expiry_date >= current_date))`,
};

/**
 * Assignment filters over assignment_context. Free spins come only from referrals
 * (docs/product-rules.md#referrals), so referral_rewards and free_spin_rewards are the same vouchers.
 */
const ASSIGNMENT: Record<string, SQL> = {
  referral_rewards: sql`v.assignment_context = 'free_spin_from_referral'`,
  free_spin_rewards: sql`v.assignment_context = 'free_spin_from_referral'`,
  offer_rewards: sql`v.assignment_context = 'offer_completion'`,
};

export interface VoucherListInput extends SortedPageInput {
  search?: string;
  status?: string;
  brand?: string;
  voucher_type?: string;
  amount_range?: string;
  expiry_filter?: string;
  assignment_filter?: string;
}

export async function listVouchers(
  db: Db,
  input: VoucherListInput,
): Promise<Omit<AdminVouchersResponse, 'success'>> {
  const pattern = searchPattern(input.search);
  const { where, filtered } = filtersOf([
    pattern ? sql`(v.voucher_code ilike ${pattern} or v.voucher_brand ilike ${pattern})` : undefined,
    equalsFilter(sql`v.status`, input.status),
    equalsFilter(sql`v.voucher_brand`, input.brand),
    equalsFilter(sql`v.voucher_type`, input.voucher_type),
    mappedFilter(AMOUNT_RANGES, input.amount_range),
    mappedFilter(EXPIRY, input.expiry_filter),
    mappedFilter(ASSIGNMENT, input.assignment_filter),
  ]);
  const { order, page } = sortedPage(SORTS, input, sql`v.id`);
  const [rows, stats, count] = await Promise.all([
    query<VoucherListRow>(
      db,
      sql`select v.*, a.username as created_by_username,
                 nullif(trim(u.first_name || ' ' || u.last_name), '') as assigned_to_name,
                 u.email as assigned_to_email
          from (select v.* from vouchers v ${where} ${page}) v
          left join admins a on a.id = v.created_by_admin_id
          left join users u on u.id = v.assigned_to_user_id
          ${order}`,
    ),
    voucherStats(db),
    filtered ? countRows(db, sql`from vouchers v ${where}`) : null,
  ]);
  return {
    vouchers: rows.map(toVoucherRow),
    stats,
    // Unfiltered, the total is the sum of the per-brand stats: no second pass over the table.
    pagination: paginationOf(
      input,
      count,
      stats.reduce((s, r) => s + r.total, 0),
    ),
  };
}

/** Rows per brand and amount over the whole stock (the console derives its brand filter from them). */
export function voucherStats(db: Queryable): Promise<VoucherStatsRow[]> {
  return cached(db, 'voucher-stats', () => computeVoucherStats(db));
}

/** One brand and amount of the stock: numeric as text. */
interface StockByBrandRow {
  voucher_brand: string;
  voucher_amount: string;
  total: number;
  available: number;
  assigned: number;
  used: number;
  expired: number;
  total_value: string;
}

async function computeVoucherStats(db: Queryable): Promise<VoucherStatsRow[]> {
  const rows = await query<StockByBrandRow>(
    db,
    sql`select voucher_brand, voucher_amount,
               count(*)::int as total,
               count(*) filter (where status = 'available')::int as available,
               count(*) filter (where status = 'assigned')::int as assigned,
               count(*) filter (where status = 'used')::int as used,
               count(*) filter (where status = 'expired')::int as expired,
               sum(voucher_amount) as total_value
        from vouchers
        group by voucher_brand, voucher_amount
        order by voucher_brand, voucher_amount`,
  );
  return rows.map((r) => ({
    voucher_brand: str(r.voucher_brand),
    voucher_amount: num(r.voucher_amount),
    total: num(r.total),
    available: num(r.available),
    assigned: num(r.assigned),
    used: num(r.used),
    expired: num(r.expired),
    total_value: Math.round(num(r.total_value) * 100) / 100,
  }));
}
