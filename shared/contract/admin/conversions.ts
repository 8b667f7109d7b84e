// GET /api/admin/conversions.php (docs/product-rules.md#admin-rules).
import { z } from 'zod';
import { REFERRAL_DATE_RANGES } from '../../constants';
import { ADMIN_API_BASE, ADMIN_CONVERSIONS_PATH } from '../paths';
import { endpoint, idParam, listQuery, okResponses, oneOf, pagination, type ResponseOf } from '../common';

/** The list's sort fields, in the order the refusal names them. */
export const CONVERSION_SORT_FIELDS = ['completed_at', 'payout_amount'] as const;
export type ConversionSortField = (typeof CONVERSION_SORT_FIELDS)[number];

/**
 * Filters:
 *   voucherFilter   won = the spin won a voucher; lost = spun and won nothing
 *   userTypeFilter  the member's registration_method (firebase or email)
 */
export const VOUCHER_FILTER = ['all', 'won', 'lost'] as const;
export const USER_TYPE_FILTER = ['all', 'firebase', 'email'] as const;
/**
 * status: approved (the default, as before), reversed, or all (approved and reversed). Only a query
 * that sends it gets each row's status, reversed_at, reversal_reason and clawback_value: the answer to
 * a query without it is unchanged.
 */
export const CONVERSION_STATUS_FILTER = ['approved', 'reversed', 'all'] as const;
export const CONVERSION_REFERRAL_FILTER = [
  'all',
  'referred_users',
  'organic_users',
  'first_completions',
  'referral_trigger',
] as const;

const conversionRow = z.object({
  completion_id: z.number(),
  user_id: z.number(),
  /** The offer and the click it came from (links to their pages, issue 36). */
  offer_id: z.number(),
  click_id: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  registration_method: z.string(),
  referral_code: z.string(),
  referred_by_code: z.string().nullable(),
  referrer_info: z.string().nullable(),
  user_source: z.enum(['referred', 'organic']),
  title: z.string().nullable(),
  category: z.string().nullable(),
  external_offer_id: z.string().nullable(),
  payout_amount: z.number(),
  payout_currency: z.string(),
  completed_at: z.string(),
  is_first_completion: z.boolean(),
  completion_type: z.string(),
  referral_reward_processed: z.boolean(),
  spinner_used: z.boolean(),
  voucher_won: z.boolean(),
  voucher_brand: z.string().nullable(),
  voucher_amount: z.number().nullable(),
  voucher_code: z.string().nullable(),
  voucher_type: z.string().nullable(),
  voucher_description: z.string().nullable(),
  voucher_expiry: z.string().nullable(),
  voucher_status: z.string().nullable(),
  reward_type: z.string(),
  /** With a status filter only (see CONVERSION_STATUS_FILTER). */
  status: z.enum(['approved', 'reversed']).optional(),
  reversed_at: z.string().nullable().optional(),
  /** The partner's reason for the reversal, when it sent one. */
  reversal_reason: z.string().nullable().optional(),
  /** A reversal after the spin was used: the value of the code the member kept (₹); null: none. */
  clawback_value: z.number().nullable().optional(),
});
export type AdminConversionRow = z.infer<typeof conversionRow>;

export const listConversions = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_CONVERSIONS_PATH}`, {
  querystring: listQuery(
    {
      offer: idParam('offer').optional(),
      dateRange: oneOf(REFERRAL_DATE_RANGES).optional(),
      voucherFilter: oneOf(VOUCHER_FILTER).optional(),
      userTypeFilter: oneOf(USER_TYPE_FILTER).optional(),
      referralFilter: oneOf(CONVERSION_REFERRAL_FILTER).optional(),
      status: oneOf(CONVERSION_STATUS_FILTER).optional(),
    },
    CONVERSION_SORT_FIELDS,
    'completed_at',
  ),
  response: okResponses({
    conversions: z.array(conversionRow),
    summary: z.object({
      totalConversions: z.number(),
      totalRevenue: z.number(),
      voucherValue: z.number(),
      voucherWins: z.number(),
      voucherWinRate: z.number(),
      spinsUsed: z.number(),
      uniqueUsers: z.number(),
    }),
    referralImpact: z.object({
      referralDrivenConversions: z.number(),
      referralImpactRate: z.number(),
      firstCompletions: z.number(),
      firstCompletionsReferred: z.number(),
      referralDrivenRevenue: z.number(),
      firstCompletionRate: z.number(),
    }),
    userTypeBreakdown: z.object({ firebaseUsers: z.number(), emailUsers: z.number() }),
    pagination,
  }),
});
export type AdminConversionsResponse = ResponseOf<typeof listConversions>;
