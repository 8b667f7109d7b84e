// Vouchers stocked and their status moves. A member's vouchers are read inside user-stats.php's own
// statement (server/members/repository.ts); claiming one is the spin function's work
// (server/db/functions/rewards_spin.sql); the stock's administration is in the admin repositories.
import { sql } from 'drizzle-orm';
import { execute, query, type Queryable } from '../db/client';

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
  await execute(
    db,
    sql`update vouchers set status = ${status} where id = ${id} and status in ('available', 'expired')`,
  );
}

/**
 * Settles the open debts of one prize amount with the codes in stock, oldest first, exactly once
 * (server/db/functions/assign_owed_vouchers.sql). A restock does it in its own transaction (the
 * vouchers triggers); the server calls it after a spin that left a debt. Returns the debts settled.
 */
export async function assignOwedVouchers(db: Queryable, amount: number): Promise<number> {
  const [row] = await query<{ n: number }>(db, sql`select assign_owed_vouchers(${amount}::numeric) as n`);
  return Number(row?.n ?? 0);
}

/**
 * Sets voucher_stock's row of one amount to whether a code is in stock now
 * (server/db/functions/refresh_voucher_stock.sql); a flip moves the odds members see. Returns the state.
 */
export async function refreshVoucherStock(db: Queryable, amount: number): Promise<boolean> {
  const [row] = await query<{ in_stock: boolean }>(
    db,
    sql`select refresh_voucher_stock(${amount}::numeric) as in_stock`,
  );
  return row?.in_stock === true;
}

/** The prize amounts voucher_stock says have a code in stock, ascending. */
export async function listStockedAmounts(db: Queryable): Promise<number[]> {
  const rows = await query<{ amount: unknown }>(
    db,
    sql`select amount from voucher_stock where in_stock order by amount`,
  );
  return rows.map((r) => Number(r.amount));
}
