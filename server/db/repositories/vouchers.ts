// Vouchers as a member holds them (user-stats.php). Claiming one is the spin function's work
// (server/db/functions/rewards_spin.sql); the stock's administration is in the admin repositories.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../client';

/** The member's vouchers counted and summed per amount and brand, as raw rows. */
export function voucherBreakdownOf(db: Queryable, userId: number) {
  return query(
    db,
    sql`
    select voucher_amount, voucher_brand, count(*)::int as count, sum(voucher_amount) as total_value
    from vouchers where assigned_to_user_id = ${userId}
    group by voucher_amount, voucher_brand
    order by voucher_amount desc, voucher_brand`,
  );
}

/** The member's vouchers, newest first, with the offer that won each, as raw rows. */
export function listMemberVouchers(db: Queryable, userId: number) {
  return query(
    db,
    sql`
    select v.id as voucher_id, v.voucher_code, v.voucher_amount, v.voucher_brand, v.voucher_description,
           coalesce(o.title, 'Free Spin Bonus') as title, v.assigned_at, c.completed_at, v.assignment_context,
           v.voucher_terms, v.expiry_date, v.status
    from vouchers v
    left join completions c on c.id = v.completion_id
    left join offers o on o.id = c.offer_id
    where v.assigned_to_user_id = ${userId}
    order by v.assigned_at desc
    limit 200`,
  );
}

export interface NewVoucher {
  code: string;
  brand: string;
  type: string;
  amount: number;
  description: string | null;
  terms: string | null;
  expiryDate: string;
  /** null for the demo data, which no administrator added. */
  createdByAdminId: number | null;
}

/** Inserts a batch in one statement; codes already in stock are skipped. Returns the created ones. */
export async function insertVouchers(
  db: Queryable,
  rows: NewVoucher[],
): Promise<{ id: number; code: string }[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map(
      (v) =>
        sql`(${v.code}, ${v.brand}, ${v.type}, ${v.amount}, ${v.description}, ${v.terms}, ${v.expiryDate}, ${v.createdByAdminId})`,
    ),
    sql`, `,
  );
  return query<{ id: number; code: string }>(
    db,
    sql`insert into vouchers (voucher_code, voucher_brand, voucher_type, voucher_amount, voucher_description,
                              voucher_terms, expiry_date, created_by_admin_id)
        values ${values}
        on conflict (voucher_code) do nothing
        returning id, voucher_code as code`,
  );
}

/** The voucher locked for a status change, with whether its expiry date has passed. */
export async function lockVoucherStatus(
  db: Queryable,
  id: number,
): Promise<{ id: number; status: string; expiry_date: unknown; past: boolean } | undefined> {
  const [row] = await query<{ id: number; status: string; expiry_date: unknown; past: boolean }>(
    db,
    sql`select id, status, expiry_date, (expiry_date is not null and expiry_date < current_date) as past
        from vouchers where id = ${id} for update`,
  );
  return row;
}

/** Sets an available or expired voucher's status (an assigned one is never touched). */
export async function setVoucherStatus(
  db: Queryable,
  id: number,
  status: 'expired' | 'available',
): Promise<void> {
  await query(
    db,
    sql`update vouchers set status = ${status} where id = ${id} and status in ('available', 'expired')`,
  );
}
