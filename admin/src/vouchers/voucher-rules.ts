// Voucher rules (docs/product-rules.md#admin-rules). Pure, so they are tested without a browser.
import type {
  AdminVoucherRow,
  VoucherCreateRequest,
  VoucherStatsRow,
} from '../../../shared/contract/admin/vouchers';
import { EXPIRING_SOON_DAYS } from '../../../shared/constants';
import { voucherBatchSchema } from '../../../shared/contract/admin/voucher-form';
import { VOUCHER_FORM_MESSAGES as M } from '../../../shared/contract/form-messages';

/** Local calendar day as yyyy-MM-dd. */
export function localDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return localDay(new Date(y, m - 1, d + days));
}

const dayOf = (value: string | null) => (value ? value.slice(0, 10) : null);

/** The expiry date is past (before today). */
export function isPastExpiry(voucher: Pick<AdminVoucherRow, 'expiry_date'>, today = localDay()): boolean {
  const day = dayOf(voucher.expiry_date);
  return day !== null && day < today;
}

/** An available voucher expiring within 7 days shows 'Expiring Soon'. */
export function isExpiringSoon(
  voucher: Pick<AdminVoucherRow, 'expiry_date' | 'status'>,
  today = localDay(),
): boolean {
  const day = dayOf(voucher.expiry_date);
  return (
    voucher.status === 'available' &&
    day !== null &&
    day >= today &&
    day <= addDays(today, EXPIRING_SOON_DAYS)
  );
}

/** Badges next to the status: Expired past the expiry date, 'Expiring Soon' within 7 days. */
export function expiryBadge(
  voucher: Pick<AdminVoucherRow, 'expiry_date' | 'status'>,
  today = localDay(),
): 'expired' | 'expiring_soon' | null {
  if (voucher.status !== 'expired' && isPastExpiry(voucher, today)) return 'expired';
  if (isExpiringSoon(voucher, today)) return 'expiring_soon';
  return null;
}

/** Mark Expired for available vouchers whose expiry is not past; Un-expire for expired ones; nothing else. */
export function statusAction(
  voucher: Pick<AdminVoucherRow, 'expiry_date' | 'status'>,
  today = localDay(),
): 'expire' | 'unexpire' | null {
  if (voucher.status === 'available' && !isPastExpiry(voucher, today)) return 'expire';
  if (voucher.status === 'expired') return 'unexpire';
  return null;
}

export interface VoucherFormValues {
  voucher_brand: string;
  voucher_type: string;
  voucher_amount: string;
  expiry_date: string;
  codes: string;
  voucher_description: string;
  voucher_terms: string;
}

export const emptyVoucherForm = (): VoucherFormValues => ({
  voucher_brand: '',
  voucher_type: 'Gift Card',
  voucher_amount: '',
  expiry_date: '',
  codes: '',
  voucher_description: '',
  voucher_terms: '',
});

/** Codes are split by line, trimmed, empty lines dropped. */
export function parseCodes(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** The console's words for the contract's refusals (i18n keys). */
const ERROR_KEYS: Record<string, string> = {
  [M.voucherRequired]: 'app.vouchers.add.errors.required',
  [M.voucherNoCodes]: 'app.vouchers.add.errors.no_codes',
  [M.voucherTooMany]: 'app.vouchers.add.errors.too_many',
  [M.voucherDuplicates]: 'app.vouchers.add.errors.duplicates',
  [M.voucherAmountMin]: 'app.vouchers.add.errors.amount',
  [M.expiryPast]: 'app.vouchers.add.errors.past_expiry',
};

/**
 * The first problem with the form, checked by the body's schema (the one the server applies, dated by
 * the admin's own `today`), as an i18n key, or the contract's sentence when the console has no words of
 * its own for it; null when the form can be sent.
 */
export function validateVoucherForm(values: VoucherFormValues, today = localDay()): string | null {
  const result = voucherBatchSchema(() => today).safeParse({
    voucher_brand: values.voucher_brand,
    voucher_amount: values.voucher_amount,
    // An empty box is no codes; lines of spaces are codes the schema then finds empty.
    voucher_codes: values.codes ? values.codes.split(/\r?\n/) : [],
    expiry_date: values.expiry_date,
    voucher_type: values.voucher_type,
    voucher_description: values.voucher_description,
    voucher_terms: values.voucher_terms,
  });
  if (result.success) return null;
  const message = result.error.issues[0]!.message;
  return ERROR_KEYS[message] ?? message;
}

/** POST /vouchers.php body. */
export function toVoucherRequest(values: VoucherFormValues): VoucherCreateRequest {
  return {
    voucher_type: values.voucher_type || 'Gift Card',
    voucher_brand: values.voucher_brand.trim(),
    voucher_amount: Number(values.voucher_amount),
    voucher_codes: parseCodes(values.codes),
    voucher_description: values.voucher_description.trim() || null,
    voucher_terms: values.voucher_terms.trim() || null,
    expiry_date: values.expiry_date,
  };
}

/** 'Success! {n} vouchers created successfully.' plus ' {m} duplicate codes were skipped.' when any. */
export function creationMessage(created: number, duplicates: number): string {
  return `Success! ${created} vouchers created successfully.${duplicates > 0 ? ` ${duplicates} duplicate codes were skipped.` : ''}`;
}

export interface BrandSummary {
  brand: string;
  total: number;
  available: number;
  assigned: number;
  used: number;
  expired: number;
  total_value: number;
  /** Available count per amount, amounts ascending. */
  availableByAmount: { amount: number; available: number }[];
}

/** 'Vouchers by Brand' from the stats rows (one per brand and amount). */
export function brandSummaries(stats: VoucherStatsRow[]): BrandSummary[] {
  const byBrand = new Map<string, BrandSummary>();
  for (const row of stats) {
    const b = byBrand.get(row.voucher_brand) ?? {
      brand: row.voucher_brand,
      total: 0,
      available: 0,
      assigned: 0,
      used: 0,
      expired: 0,
      total_value: 0,
      availableByAmount: [],
    };
    b.total += Number(row.total) || 0;
    b.available += Number(row.available) || 0;
    b.assigned += Number(row.assigned) || 0;
    b.used += Number(row.used) || 0;
    b.expired += Number(row.expired) || 0;
    b.total_value += Number(row.total_value) || 0;
    if (Number(row.available) > 0)
      b.availableByAmount.push({ amount: Number(row.voucher_amount), available: Number(row.available) });
    byBrand.set(row.voucher_brand, b);
  }
  const list = [...byBrand.values()];
  list.forEach((b) => b.availableByAmount.sort((x, y) => x.amount - y.amount));
  return list.sort((a, b) => a.brand.localeCompare(b.brand));
}

/** The four tiles: Total Vouchers, Available, Distributed (assigned plus used), Total Value. */
export function voucherTotals(stats: VoucherStatsRow[]) {
  return stats.reduce(
    (t, r) => ({
      total: t.total + (Number(r.total) || 0),
      available: t.available + (Number(r.available) || 0),
      distributed: t.distributed + (Number(r.assigned) || 0) + (Number(r.used) || 0),
      value: t.value + (Number(r.total_value) || 0),
    }),
    { total: 0, available: 0, distributed: 0, value: 0 },
  );
}
