// A member's own vouchers (their wallet): the member may mark one as used. Every query names the
// member, so another member's voucher is never found, changed or told apart from a missing one.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../db/client';

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

/**
 * Marks the member's own voucher used (`used`: true, from 'assigned') or takes the mark back (false,
 * from 'used'); false when the voucher is not theirs or not in the state the change starts from.
 */
export async function setMemberVoucherUsed(
  db: Queryable,
  userId: number,
  voucherId: number,
  used: boolean,
): Promise<boolean> {
  const [from, to] = used ? ['assigned', 'used'] : ['used', 'assigned'];
  const rows = await query<{ id: number }>(
    db,
    sql`update vouchers set status = ${to}
        where id = ${voucherId} and assigned_to_user_id = ${userId} and status = ${from}
        returning id`,
  );
  return rows.length === 1;
}
