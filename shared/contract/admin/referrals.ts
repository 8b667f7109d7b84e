// GET /api/admin/referrals.php (docs/product-rules.md#admin-rules).
import { z } from 'zod';
import { REFERRAL_DATE_RANGES } from '../../constants';
import { ADMIN_API_BASE, ADMIN_REFERRALS_PATH } from '../paths';
import { endpoint, listQuery, okResponses, oneOf, pagination, type ResponseOf } from '../common';

/** The list's sort fields, in the order the refusal names them. */
export const REFERRAL_SORT_FIELDS = [
  'registration_date',
  'first_completion_date',
  'status',
  'free_spins_granted',
] as const;
export type ReferralSortField = (typeof REFERRAL_SORT_FIELDS)[number];

/** Status filter: 'completed' is completed_waiting (first offer done, no reward yet). */
export const REFERRAL_STATUS_VALUES = [
  'all',
  'successful',
  'completed',
  'completed_waiting',
  'pending',
] as const;

const referralRow = z.object({
  referral_id: z.number(),
  referrer_name: z.string(),
  referrer_email: z.string(),
  referred_name: z.string(),
  referred_email: z.string(),
  registration_date: z.string(),
  referred_user_completions: z.number(),
  first_completion_date: z.string().nullable(),
  free_spins_granted: z.number(),
  status: z.enum(['successful', 'completed_waiting', 'pending']),
  same_device: z.boolean(),
});
export type AdminReferralRow = z.infer<typeof referralRow>;

export const listReferrals = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_REFERRALS_PATH}`, {
  querystring: listQuery(
    {
      status: oneOf(REFERRAL_STATUS_VALUES).optional(),
      dateRange: oneOf(REFERRAL_DATE_RANGES).optional(),
    },
    REFERRAL_SORT_FIELDS,
    'registration_date',
  ),
  response: okResponses({
    referrals: z.array(referralRow),
    summary: z.object({
      total_referrals: z.number(),
      successful_referrals: z.number(),
      completed_referrals: z.number(),
      success_rate: z.number(),
      total_referral_revenue: z.number(),
    }),
    pagination,
  }),
});
export type AdminReferralsResponse = ResponseOf<typeof listReferrals>;
