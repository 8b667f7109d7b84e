// The member's wallet on the Rewards page: a member marks one of their vouchers as used.
// The change is audited like an administrator's, with admin_id null and the member named.
import type { Db } from '../db/client';
import { insertAuditEntry } from '../admin/audit/write-repository';
import { lockMemberVoucher, setMemberVoucherUsed } from './member-repository';
import { findMemberById } from '../members/repository';
import { conflict, notFound } from '../lib/errors';

/** Shown for a voucher that is not the member's: the same answer whether it exists or not. */
export const VOUCHER_NOT_FOUND = 'Voucher not found. Refresh your rewards and try again.';
export const VOUCHER_ALREADY_USED = 'This voucher is already marked as used.';
export const VOUCHER_NOT_USED = 'This voucher is not marked as used.';

/** How the audit log names a member acting on their own data (its admin_id is null). */
export function memberActor(member: { id: number; email: string }): string {
  return `member #${member.id} (${member.email})`;
}

export async function markVoucherUsed(
  db: Db,
  input: { userId: number; voucherId: number; ip: string | null },
): Promise<{ voucher_id: number; status: 'used' }> {
  return db.transaction(async (tx) => {
    const voucher = await lockMemberVoucher(tx, input.userId, input.voucherId);
    if (!voucher) throw notFound(VOUCHER_NOT_FOUND);
    if (voucher.status === 'used') throw conflict(VOUCHER_ALREADY_USED);
    if (!(await setMemberVoucherUsed(tx, input.userId, input.voucherId, true))) {
      // Not assigned (an administrator's status): nothing the member can use.
      throw conflict(`This voucher is ${voucher.status} and cannot be marked as used.`);
    }
    const member = await findMemberById(tx, input.userId);
    await insertAuditEntry(tx, {
      adminId: null,
      adminUsername: memberActor({ id: input.userId, email: member?.email ?? 'unknown' }),
      action: 'voucher.use',
      targetType: 'voucher',
      targetId: String(voucher.id),
      before: { status: voucher.status },
      after: { status: 'used' },
      ip: input.ip,
    });
    return { voucher_id: voucher.id, status: 'used' as const };
  });
}

/**
 * The member takes back their own 'used' mark (the wallet's Undo, issue 35 item 8): the voucher is
 * theirs to use again. Only a voucher marked used can be; audited as the mark is.
 */
export async function unmarkVoucherUsed(
  db: Db,
  input: { userId: number; voucherId: number; ip: string | null },
): Promise<{ voucher_id: number; status: 'assigned' }> {
  return db.transaction(async (tx) => {
    const voucher = await lockMemberVoucher(tx, input.userId, input.voucherId);
    if (!voucher) throw notFound(VOUCHER_NOT_FOUND);
    if (!(await setMemberVoucherUsed(tx, input.userId, input.voucherId, false)))
      throw conflict(VOUCHER_NOT_USED);
    const member = await findMemberById(tx, input.userId);
    await insertAuditEntry(tx, {
      adminId: null,
      adminUsername: memberActor({ id: input.userId, email: member?.email ?? 'unknown' }),
      action: 'voucher.unuse',
      targetType: 'voucher',
      targetId: String(voucher.id),
      before: { status: 'used' },
      after: { status: 'assigned' },
      ip: input.ip,
    });
    return { voucher_id: voucher.id, status: 'assigned' as const };
  });
}
