// The Add New Vouchers form (docs/product-rules.md#admin-rules): the body of POST
// /api/admin/vouchers.php, the one set of rules the server applies and the console checks before it
// sends (admin/src/vouchers/voucher-rules.ts). Checked in the form's order: the four required fields
// first, then the codes, brand, amount, type and expiry date; the first issue is the API's answer.
// zod/mini: see form-fields.ts.
import * as z from 'zod/mini';
import { VOUCHER_FORM_MESSAGES as M } from '../form-messages';
import { MAX_VOUCHER_CODES_PER_BATCH, VOUCHER_TYPES } from '../../constants';
import { blank, cents, formSchema, listed, numberFrom, optionalText, present, text } from './form-fields';

/** Today's date where it is earliest on Earth (UTC-12): no admin anywhere is told "today" is past. */
export function earliestToday(now = Date.now()): string {
  return new Date(now - 12 * 3_600_000).toISOString().slice(0, 10);
}

/** The codes: a list, or text one code a line; each trimmed, empty ones dropped. */
const codes = z.pipe(
  z.transform((raw: unknown) => {
    const list: unknown[] = Array.isArray(raw) ? raw : String(raw).split(/\r?\n/);
    return list.map((c) => String(c ?? '').trim()).filter((c) => c);
  }),
  z.array(z.string()).check(
    z.minLength(1, M.voucherNoCodes),
    z.maxLength(MAX_VOUCHER_CODES_PER_BATCH, M.voucherTooMany),
    // The specification's message, and the codes it is about (each once, in input order) as the
    // issue's `codes`, which the API answers beside it (issue 36).
    z.superRefine((list, ctx) => {
      const repeated = [...new Set(list.filter((c, i) => list.indexOf(c) !== i))];
      if (repeated.length > 0)
        ctx.issues.push({
          code: 'custom',
          message: M.voucherDuplicates,
          input: list,
          params: { codes: repeated },
        });
    }),
    z.refine((list) => list.every((c) => c.length <= 100), {
      error: 'Voucher codes must be at most 100 characters',
    }),
  ),
);

/** From 1 to 99,999,999 with at most 2 decimals, kept to the cent. */
const amount = z.pipe(
  z.transform(numberFrom),
  z.number({ error: M.voucherAmountMin }).check(
    z.minimum(1, M.voucherAmountMin),
    z.maximum(99_999_999, 'Voucher amount is too large'),
    z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) <= 1e-6, { error: M.voucherAmountStep }),
  ),
);

/**
 * The form's body, dated by `today` (yyyy-MM-dd): the server's is the earliest time zone's
 * (`earliestToday`), the console's its own calendar day.
 */
export function voucherBatchSchema(today: () => string) {
  return z.pipe(
    z.looseObject({
      voucher_brand: present(M.voucherRequired),
      voucher_amount: present(M.voucherRequired),
      voucher_codes: present(M.voucherRequired),
      expiry_date: present(M.voucherRequired),
    }),
    z.object({
      voucher_codes: codes,
      voucher_brand: text('Brand', 100),
      voucher_amount: z.pipe(amount, z.transform(cents)),
      /** Gift Card when empty. */
      voucher_type: z.pipe(
        z.transform((v: unknown) => (blank(v) ? 'Gift Card' : v)),
        z.pipe(text('Voucher type', 50), listed('Voucher type', VOUCHER_TYPES)),
      ),
      expiry_date: z.pipe(
        z.transform((v: unknown) => (typeof v === 'string' ? v.trim() : '')),
        z.iso
          .date({ error: M.expiryFormat })
          .check(z.refine((day) => day >= today(), { error: M.expiryPast })),
      ),
      voucher_description: optionalText('Description', 2000),
      voucher_terms: optionalText('Terms', 5000),
    }),
  );
}

/** POST /api/admin/vouchers.php. */
export const addVouchersBody = formSchema(voucherBatchSchema(() => earliestToday()));
export type VoucherBatch = z.output<typeof addVouchersBody>;
