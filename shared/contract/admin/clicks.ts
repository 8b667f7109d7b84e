// GET /api/admin/offer-clicks.php (docs/product-rules.md#admin-rules).
import { z } from 'zod';
import { ADMIN_DATE_RANGES } from '../../constants';
import { ADMIN_API_BASE, ADMIN_CLICKS_PATH } from '../paths';
import { endpoint, idParam, listQuery, okResponses, oneOf, pagination, type ResponseOf } from '../common';

/** The list's sort fields, in the order the refusal names them. */
export const CLICK_SORT_FIELDS = ['completed_at', 'created_at', 'payout_amount'] as const;
export type ClickSortField = (typeof CLICK_SORT_FIELDS)[number];
export const CONVERSION_STATUS = [
  'all',
  'voucher_won',
  'no_voucher',
  'spinner_used',
  'spinner_not_used',
] as const;
export const CLICK_USER_TYPES = ['all', 'firebase', 'email'] as const;

const clickRow = z.object({
  click_id: z.string(),
  completion_id: z.number().nullable(),
  /** The member and the offer (links to their pages, issue 36). */
  user_id: z.number(),
  offer_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  firebase_uid: z.string().nullable(),
  title: z.string().nullable(),
  category: z.string().nullable(),
  external_offer_id: z.string().nullable(),
  payout_amount: z.number().nullable(),
  voucher_code: z.string().nullable(),
  voucher_brand: z.string().nullable(),
  voucher_amount: z.number().nullable(),
  spinner_used: z.boolean(),
  completed_at: z.string().nullable(),
});
export type AdminClickRow = z.infer<typeof clickRow>;

export const listClicks = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_CLICKS_PATH}`, {
  querystring: listQuery(
    {
      dateRange: oneOf(ADMIN_DATE_RANGES).optional(),
      offer: idParam('offer').optional(),
      conversionStatus: oneOf(CONVERSION_STATUS).optional(),
      userType: oneOf(CLICK_USER_TYPES).optional(),
    },
    CLICK_SORT_FIELDS,
    'completed_at',
  ),
  response: okResponses({
    clicks: z.array(clickRow),
    stats: z.object({
      totalConversions: z.number(),
      uniqueUsers: z.number(),
      totalRevenue: z.number(),
      voucherWinRate: z.number(),
    }),
    pagination,
  }),
});
export type AdminClicksResponse = ResponseOf<typeof listClicks>;
