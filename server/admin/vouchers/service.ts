// POST/PUT /api/admin/vouchers.php: add a batch, expire and un-expire, each audited. The list (GET) is
// a read whose query is in server/admin/vouchers/repository.ts.
import * as list from './repository';
import type { Db } from '../../db/client';
import * as vouchers from '../../vouchers/repository';
import { conflict, notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../audit/service';
import { invalidateSummaries } from '../../db/admin/cache';
import { dateOnly } from '../../db/row-mappers';
import type { VoucherBatch } from '../../../shared/contract/admin/voucher-form';

export function listVouchers(db: Db, input: list.VoucherListInput) {
  return list.listVouchers(db, input);
}

/** The Add New Vouchers form, as its schema reads it (shared/contract/admin/voucher-form.ts). */
export type VoucherBatchInput = VoucherBatch;

/**
 * Adds a batch: the codes are already trimmed, unique and at most 100. Codes
 * already in stock are skipped and reported; the rest are created in one transaction.
 */
export async function addVouchers(
  db: Db,
  actor: Actor,
  input: VoucherBatchInput,
): Promise<{ created: number; duplicates: string[] }> {
  return db.transaction(async (tx) => {
    const inserted = await vouchers.insertVouchers(
      tx,
      input.voucher_codes.map((code) => ({
        code,
        brand: input.voucher_brand,
        type: input.voucher_type,
        amount: input.voucher_amount,
        description: input.voucher_description,
        terms: input.voucher_terms,
        expiryDate: input.expiry_date,
        createdByAdminId: actor.adminId,
      })),
    );
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

/** Mark Expired / Un-expire; any other transition is a 409. */
export async function setVoucherStatus(
  db: Db,
  actor: Actor,
  voucherId: number,
  status: 'expired' | 'available',
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await vouchers.lockVoucherStatus(tx, voucherId);
    if (!row) throw notFound('Voucher not found');
    if (status === 'expired' && (row.status !== 'available' || row.past === true))
      throw conflict(EXPIRE_REFUSED);
    if (status === 'available' && row.status !== 'expired') throw conflict(UNEXPIRE_REFUSED);
    await vouchers.setVoucherStatus(tx, voucherId, status);
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
