// GET/POST/PUT /api/admin/vouchers.php (spec sections 2, 3, 4, 5, 7, 9).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { query, type Db, type Queryable } from '../../db/client';
import { vouchers } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type {
  AdminVoucherRow,
  AdminVouchersResponse,
  AssignmentContext,
  VoucherStatsRow,
  VoucherStatus,
} from '../../../shared/api-types';
import { EXPIRING_SOON_DAYS } from '../../../shared/constants';
import { writeAudit, type Actor } from './audit';
import { cached, invalidateSummaries } from './cache';
import {
  countRows,
  dateOnly,
  equalsFilter,
  filtersOf,
  iso,
  isoOrNull,
  mappedFilter,
  num,
  paginationOf,
  searchPattern,
  sortedPage,
  sortFields,
  str,
  strOrNull,
  type SortedPageInput,
} from './common';

const SORTS: Record<string, SQL> = {
  created_at: sql`v.created_at`,
  voucher_code: sql`v.voucher_code`,
  voucher_amount: sql`v.voucher_amount`,
  voucher_brand: sql`v.voucher_brand`,
  status: sql`v.status`,
  expiry_date: sql`v.expiry_date`,
  assigned_at: sql`v.assigned_at`,
};
export const VOUCHER_SORT_FIELDS = sortFields(SORTS);

/** Amount ranges of spec section 9, in rupees, bounds inclusive (51-100 means 50 < amount <= 100). */
const AMOUNT_RANGES: Record<string, SQL> = {
  '0-50': sql`v.voucher_amount <= 50`,
  '51-100': sql`v.voucher_amount > 50 and v.voucher_amount <= 100`,
  '101-500': sql`v.voucher_amount > 100 and v.voucher_amount <= 500`,
  '501-1000': sql`v.voucher_amount > 500 and v.voucher_amount <= 1000`,
  '1001+': sql`v.voucher_amount > 1000`,
};

/**
 * Expiry filters of spec section 9 (dates in UTC):
 *   expired              status expired, or the expiry date has passed
 *   expiring_soon        expiry date from today to 7 days ahead (section 9: 'within 7 days')
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
 * Assignment filters of spec section 9 over assignment_context. Free spins come only from
 * referrals (spec section 1), so referral_rewards and free_spin_rewards are the same vouchers.
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
    query(
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

function toVoucherRow(r: Record<string, unknown>): AdminVoucherRow {
  return {
    voucher_id: num(r.id),
    voucher_code: str(r.voucher_code),
    voucher_brand: str(r.voucher_brand),
    voucher_type: str(r.voucher_type) || 'Gift Card',
    voucher_description: strOrNull(r.voucher_description),
    voucher_terms: strOrNull(r.voucher_terms),
    voucher_amount: num(r.voucher_amount),
    status: str(r.status) as VoucherStatus,
    expiry_date: dateOnly(r.expiry_date),
    created_at: iso(r.created_at),
    created_by_username: strOrNull(r.created_by_username),
    assigned_to_name: strOrNull(r.assigned_to_name),
    assigned_to_email: strOrNull(r.assigned_to_email),
    assigned_at: isoOrNull(r.assigned_at),
    assignment_context: strOrNull(r.assignment_context) as AssignmentContext | null,
  };
}

/** Rows per brand and amount over the whole stock (the console derives its brand filter from them). */
export function voucherStats(db: Queryable): Promise<VoucherStatsRow[]> {
  return cached(db, 'voucher-stats', () => computeVoucherStats(db));
}

async function computeVoucherStats(db: Queryable): Promise<VoucherStatsRow[]> {
  const rows = await query(
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

export interface VoucherBatchInput {
  voucher_type: string;
  voucher_brand: string;
  voucher_amount: number;
  voucher_codes: string[];
  voucher_description: string | null;
  voucher_terms: string | null;
  expiry_date: string;
}

/**
 * Adds a batch (spec section 5): the codes are already trimmed, unique and at most 100. Codes
 * already in stock are skipped and reported; the rest are created in one transaction.
 */
export async function addVouchers(
  db: Db,
  actor: Actor,
  input: VoucherBatchInput,
): Promise<{ created: number; duplicates: string[] }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(vouchers)
      .values(
        input.voucher_codes.map((code) => ({
          voucherCode: code,
          voucherBrand: input.voucher_brand,
          voucherType: input.voucher_type,
          voucherAmount: input.voucher_amount,
          voucherDescription: input.voucher_description,
          voucherTerms: input.voucher_terms,
          expiryDate: input.expiry_date,
          createdByAdminId: actor.adminId,
        })),
      )
      .onConflictDoNothing({ target: vouchers.voucherCode })
      .returning({ id: vouchers.id, code: vouchers.voucherCode });
    const createdCodes = new Set(inserted.map((r) => r.code));
    const duplicates = input.voucher_codes.filter((c) => !createdCodes.has(c));
    if (inserted.length > 0) {
      const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
      await writeAudit(tx, actor, {
        action: 'voucher.add',
        targetType: 'voucher_batch',
        targetId: ids.length === 1 ? String(ids[0]) : `${ids[0]}-${ids[ids.length - 1]}`,
        before: null,
        after: {
          voucher_ids: ids,
          count: ids.length,
          voucher_brand: input.voucher_brand,
          voucher_type: input.voucher_type,
          voucher_amount: input.voucher_amount,
          expiry_date: input.expiry_date,
          duplicates_skipped: duplicates.length,
        },
      });
    }
    invalidateSummaries(db);
    return { created: inserted.length, duplicates };
  });
}

export const EXPIRE_REFUSED =
  'Only an available voucher whose expiry date has not passed can be marked expired';
export const UNEXPIRE_REFUSED = 'Only an expired voucher can be un-expired';

/** Mark Expired / Un-expire (spec section 4); any other transition is a 409. */
export async function setVoucherStatus(
  db: Db,
  actor: Actor,
  voucherId: number,
  status: 'expired' | 'available',
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await query<{ id: number; status: string; expiry_date: unknown; past: boolean }>(
      tx,
      sql`select id, status, expiry_date, (expiry_date is not null and expiry_date < current_date) as past
          from vouchers where id = ${voucherId} for update`,
    );
    if (!row) throw notFound('Voucher not found');
    if (status === 'expired' && (row.status !== 'available' || row.past === true))
      throw conflict(EXPIRE_REFUSED);
    if (status === 'available' && row.status !== 'expired') throw conflict(UNEXPIRE_REFUSED);
    await tx
      .update(vouchers)
      .set({ status })
      .where(and(eq(vouchers.id, voucherId), inArray(vouchers.status, ['available', 'expired'])));
    invalidateSummaries(db);
    await writeAudit(tx, actor, {
      action: status === 'expired' ? 'voucher.expire' : 'voucher.unexpire',
      targetType: 'voucher',
      targetId: voucherId,
      before: { status: row.status, expiry_date: dateOnly(row.expiry_date) },
      after: { status, expiry_date: dateOnly(row.expiry_date) },
    });
  });
}
