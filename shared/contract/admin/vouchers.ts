// GET/POST/PUT /api/admin/vouchers.php (docs/product-rules.md#admin-rules).
import { z } from 'zod';
import {
  AMOUNT_RANGES,
  ASSIGNMENT_FILTERS,
  EXPIRY_FILTERS,
  VOUCHER_STATUSES,
  VOUCHER_TYPES,
} from '../../constants';
import { ADMIN_API_BASE, ADMIN_VOUCHERS_PATH } from '../paths';
import { endpoint, idParam, listQuery, okResponses, oneOf, pagination, type ResponseOf } from '../common';
import { addVouchersBody, type VoucherBatch } from './voucher-form';

/** The list's sort fields, in the order the refusal names them. */
export const VOUCHER_SORT_FIELDS = [
  'created_at',
  'voucher_code',
  'voucher_amount',
  'voucher_brand',
  'status',
  'expiry_date',
  'assigned_at',
] as const;
export type VoucherSortField = (typeof VOUCHER_SORT_FIELDS)[number];

const voucherStatus = z.enum(VOUCHER_STATUSES);
export type VoucherStatus = z.infer<typeof voucherStatus>;
const assignmentContext = z.enum(['free_spin_from_referral', 'offer_completion', 'admin_assigned']);
export type AssignmentContext = z.infer<typeof assignmentContext>;

const voucherRow = z.object({
  voucher_id: z.number(),
  voucher_code: z.string(),
  voucher_brand: z.string(),
  voucher_type: z.string(),
  voucher_description: z.string().nullable(),
  voucher_terms: z.string().nullable(),
  voucher_amount: z.number(),
  status: voucherStatus,
  /** yyyy-MM-dd */
  expiry_date: z.string().nullable(),
  created_at: z.string(),
  created_by_username: z.string().nullable(),
  /** The member the code went to (a link to their page, issue 36). */
  assigned_to_user_id: z.number().nullable(),
  assigned_to_name: z.string().nullable(),
  assigned_to_email: z.string().nullable(),
  assigned_at: z.string().nullable(),
  assignment_context: assignmentContext.nullable(),
});
export type AdminVoucherRow = z.infer<typeof voucherRow>;

const statsRow = z.object({
  voucher_brand: z.string(),
  voucher_amount: z.number(),
  total: z.number(),
  available: z.number(),
  assigned: z.number(),
  used: z.number(),
  expired: z.number(),
  total_value: z.number(),
});
export type VoucherStatsRow = z.infer<typeof statsRow>;

/** What the console's Add New Vouchers form sends: the body as its schema reads it (./voucher-form.ts). */
export type VoucherCreateRequest = Omit<VoucherBatch, 'voucher_type'> & {
  /** The form's select holds text; the schema refuses any other than its list. */
  voucher_type: string;
};

export const listVouchers = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_VOUCHERS_PATH}`, {
  querystring: listQuery(
    {
      status: oneOf(['all', ...VOUCHER_STATUSES]).optional(),
      // Brands are free text (the console's filter options come from the stats list).
      brand: z.string().trim().max(100, 'brand must be at most 100 characters').optional(),
      voucher_type: oneOf(['all', ...VOUCHER_TYPES]).optional(),
      amount_range: oneOf(['all', ...AMOUNT_RANGES]).optional(),
      expiry_filter: oneOf(EXPIRY_FILTERS).optional(),
      assignment_filter: oneOf(ASSIGNMENT_FILTERS).optional(),
    },
    VOUCHER_SORT_FIELDS,
    'created_at',
  ),
  response: okResponses({ vouchers: z.array(voucherRow), stats: z.array(statsRow), pagination }),
});
export type AdminVouchersResponse = ResponseOf<typeof listVouchers>;

export const addVouchers = endpoint('POST', `${ADMIN_API_BASE}${ADMIN_VOUCHERS_PATH}`, {
  body: addVouchersBody,
  response: okResponses({ created: z.number(), duplicates: z.array(z.string()) }),
});
export type VoucherCreateResponse = ResponseOf<typeof addVouchers>;

export const setVoucherStatus = endpoint('PUT', `${ADMIN_API_BASE}${ADMIN_VOUCHERS_PATH}`, {
  body: z.object({ voucher_id: idParam('voucher_id'), status: oneOf(['expired', 'available']) }),
  response: okResponses({}),
});
