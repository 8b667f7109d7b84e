// A member's own vouchers (their wallet): the member may mark one as used. Every query names the
// member, so another member's voucher is never found, changed or told apart from a missing one.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../client';

export interface MemberVoucherState {
  id: number;
  status: 'available' | 'assigned' | 'used' | 'expired';
  code: string;
}

/** The member's voucher, locked for the change; null when it is not theirs (or does not exist). */
export async function lockMemberVoucher(
  db: Queryable,
  userId: number,
  voucherId: number,
): Promise<MemberVoucherState | null> {
  const [row] = await query<{ id: number; status: MemberVoucherState['status']; voucher_code: string }>(
    db,
    sql`select id, status, voucher_code from vouchers
        where id = ${voucherId} and assigned_to_user_id = ${userId}
        for update`,
  );
  return row ? { id: Number(row.id), status: row.status, code: row.voucher_code } : null;
}

/** Marks the member's assigned voucher as used; false when it was not theirs or not assigned. */
export async function markMemberVoucherUsed(
  db: Queryable,
  userId: number,
  voucherId: number,
): Promise<boolean> {
  const rows = await query(
    db,
    sql`update vouchers set status = 'used'
        where id = ${voucherId} and assigned_to_user_id = ${userId} and status = 'assigned'
        returning id`,
  );
  return rows.length === 1;
}

/** Takes back the member's own 'used' mark; false when it was not theirs or not marked used. */
export async function unmarkMemberVoucherUsed(
  db: Queryable,
  userId: number,
  voucherId: number,
): Promise<boolean> {
  const rows = await query(
    db,
    sql`update vouchers set status = 'assigned'
        where id = ${voucherId} and assigned_to_user_id = ${userId} and status = 'used'
        returning id`,
  );
  return rows.length === 1;
}
