// The member's voucher wallet (the Rewards page): how close each voucher is to its expiry, and the
// order the wallet lists them in. 'Expiring soon' means within 7 days (docs/product-rules.md#admin-rules).
import type { UserVoucher } from '../../../../shared/contract/member';

export const EXPIRING_SOON_DAYS = 7;
const DAY_MS = 86_400_000;

/** A yyyy-MM-dd date as the member's own calendar day (never shifted by the time zone). */
export function localDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** Whole days from today to the expiry day: 0 on the last day, negative once it has passed. */
export function daysLeft(expiryDate: string | null, now: Date = new Date()): number | null {
  const expiry = expiryDate ? localDay(expiryDate) : null;
  if (!expiry) return null;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((expiry.getTime() - today.getTime()) / DAY_MS);
}

export type ExpiryTone = 'ok' | 'soon' | 'expired';

/** The chip's words and tone: 'Expires in N days' (red within 7 days), today, tomorrow, or 'Expired'. */
export function expiryChip(days: number | null): { text: string; tone: ExpiryTone } | null {
  if (days === null) return null;
  if (days < 0) return { text: 'Expired', tone: 'expired' };
  const tone = days <= EXPIRING_SOON_DAYS ? 'soon' : 'ok';
  if (days === 0) return { text: 'Expires today', tone };
  if (days === 1) return { text: 'Expires tomorrow', tone };
  return { text: `Expires in ${days} days`, tone };
}

/** A voucher the member can still use: theirs, not marked used, not past its expiry. */
export function isUsable(v: UserVoucher, now: Date = new Date()): boolean {
  const days = daysLeft(v.expiry_date, now);
  return v.status === 'assigned' && (days === null || days >= 0);
}

/**
 * Most urgent first: usable vouchers by soonest expiry (those without one after them), then the used
 * and expired ones, the latest won first.
 */
export function sortWallet(vouchers: readonly UserVoucher[], now: Date = new Date()): UserVoucher[] {
  const key = (v: UserVoucher) => daysLeft(v.expiry_date, now) ?? Number.POSITIVE_INFINITY;
  return [...vouchers].sort((a, b) => {
    const ua = isUsable(a, now);
    const ub = isUsable(b, now);
    if (ua !== ub) return ua ? -1 : 1;
    if (ua) {
      const d = key(a) - key(b);
      if (d !== 0 && !Number.isNaN(d)) return d;
    }
    // ISO timestamps order by code unit (no collator: docs/decisions/no-collator-on-first-paint.md).
    return b.assigned_at < a.assigned_at ? -1 : b.assigned_at > a.assigned_at ? 1 : 0;
  });
}
