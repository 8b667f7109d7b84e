// Expiring vouchers (issue 38): every `expiryJobMs`, the vouchers of members that are not marked used
// and expire within 3 days are told of once. One process at a time: the job's transaction takes a
// PostgreSQL advisory lock (pg_try_advisory_xact_lock; a process that finds it held skips the run),
// and records each voucher as told in the same transaction, so a voucher is never told of twice even
// across runs. The notifications are sent after the commit.
import { sql } from 'drizzle-orm';
import { query, type Db } from '../db/client';
import { expiringVoucherNotification } from './messages';
import * as repo from './repository';
import type { PushSender } from './sender';

/** The advisory lock's key: its own number (migrations use 727_274_001). */
export const PUSH_EXPIRY_LOCK = 727_274_038;
/** Days before expiry a voucher is told of. */
export const EXPIRY_NOTICE_DAYS = 3;
/** Vouchers told of per run at most (the next run takes the rest). */
const PER_RUN = 5000;

/** One run: the number of vouchers told of, or null when another process holds the lock. */
export async function runVoucherExpiryJob(db: Db, sender: PushSender): Promise<number | null> {
  const due = await db.transaction(async (tx) => {
    const [lock] = await query<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${PUSH_EXPIRY_LOCK}) as locked`,
    );
    if (!lock?.locked) return null;
    const rows = await repo.takeExpiringVouchers(tx, EXPIRY_NOTICE_DAYS, PER_RUN);
    await repo.pruneOld(tx);
    return rows;
  });
  if (due === null) return null;
  for (const v of due) {
    await sender.send(
      [v.user_id],
      expiringVoucherNotification({
        voucherId: v.voucher_id,
        amount: Number(v.amount),
        brand: v.brand,
        expiryDate: v.expiry_date,
      }),
      `voucher-expiring:${v.voucher_id}`,
    );
  }
  return due.length;
}
