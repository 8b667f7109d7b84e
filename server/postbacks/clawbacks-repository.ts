// Clawbacks: a completion reversed after its spin was used. The code the member saw cannot be taken
// back, so what it was worth is recorded against the member, once per completion.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../db/client';
import { num } from '../db/row-mappers';

export interface NewClawback {
  userId: number;
  completionId: number;
  /** The voucher the spin won; null for a miss or a stock-out (recorded with a value of 0). */
  voucherId: number | null;
  /** The partner's payout the completion carried. */
  payoutAmount: number;
}

/**
 * Records the clawback of a completion, valued at its voucher's amount (0 without a voucher). Returns
 * its id, or null when the completion already has one (clawbacks_completion_key).
 */
export async function insertClawback(db: Queryable, c: NewClawback): Promise<number | null> {
  const [row] = await query<{ id: number }>(
    db,
    sql`insert into clawbacks (user_id, completion_id, voucher_id, voucher_value, payout_amount)
        select ${c.userId}, ${c.completionId}, ${c.voucherId},
               coalesce((select voucher_amount from vouchers where id = ${c.voucherId}), 0),
               ${c.payoutAmount}
        on conflict (completion_id) do nothing
        returning id`,
  );
  return row ? row.id : null;
}

export interface Clawback {
  id: number;
  completionId: number;
  voucherId: number | null;
  voucherValue: number;
  payoutAmount: number;
  createdAt: Date;
}

/** The member's clawbacks, newest first. */
export async function listClawbacksOf(db: Queryable, userId: number): Promise<Clawback[]> {
  const rows = await query<Clawback>(
    db,
    sql`select id, completion_id as "completionId", voucher_id as "voucherId",
               voucher_value as "voucherValue", payout_amount as "payoutAmount", created_at as "createdAt"
          from clawbacks where user_id = ${userId}
         order by created_at desc, id desc`,
  );
  return rows.map((r) => ({ ...r, voucherValue: num(r.voucherValue), payoutAmount: num(r.payoutAmount) }));
}
