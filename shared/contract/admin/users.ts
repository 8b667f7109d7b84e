// GET/PUT /api/admin/users.php (docs/product-rules.md#admin-rules).
import { z } from 'zod';
import { ADMIN_DATE_RANGES, USER_SORT_FIELDS } from '../../constants';
import { ADMIN_API_BASE, ADMIN_USERS_PATH } from '../paths';
import {
  actionReason,
  endpoint,
  idParam,
  listQuery,
  okResponses,
  oneOf,
  pagination,
  type ResponseOf,
} from '../common';

/**
 * Filter values (docs/decisions/admin-list-filters.md). The console sends the long names; the short ones are accepted too.
 *   performanceFilter: high_performers|high (10+ completions), medium_performers|medium (5-9),
 *                      low_performers|low (1-4), inactive (no activity for 30+ days)
 *   referralFilter:    top_referrers (3+ successful referrals), active_referrers (1+),
 *                      referred (signed up with a referral code), organic (did not)
 *   voucherFilter:     high_value (5+ vouchers won), multiple_vouchers|multiple (2+), top_winners (10+)
 */
export const PERFORMANCE_FILTER_VALUES = [
  'all',
  'high_performers',
  'medium_performers',
  'low_performers',
  'inactive',
  'high',
  'medium',
  'low',
] as const;
export const REFERRAL_FILTER_VALUES = [
  'all',
  'top_referrers',
  'active_referrers',
  'referred',
  'organic',
] as const;
export const VOUCHER_FILTER_VALUES = [
  'all',
  'high_value',
  'multiple_vouchers',
  'multiple',
  'top_winners',
] as const;

/** The member columns the users list and the dashboard's recent users both start with. */
export const memberFields = {
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  registration_date: z.string(),
  registration_method: z.string(),
};

const userCategory = z.enum(['top_referrer', 'active_referrer', 'referred_user', 'organic_user']);
export type UserCategory = z.infer<typeof userCategory>;

const userRow = z.object({
  ...memberFields,
  last_activity: z.string().nullable(),
  referred_by_code: z.string().nullable(),
  referred_by_name: z.string().nullable(),
  total_completions: z.number(),
  total_revenue_generated: z.number(),
  total_vouchers_won: z.number(),
  successful_referrals: z.number(),
  total_referrals: z.number(),
  free_spins_remaining: z.number(),
  is_suspicious: z.boolean(),
  user_category: userCategory,
  /** When the reversal rule blocked the member pending review (null: not held). */
  held_at: z.string().nullable(),
  /** Reversals after the spin was used: codes the member saw that cannot be taken back. */
  clawbacks_count: z.number(),
  /** The value of those codes (₹). */
  clawbacks_value: z.number(),
});
export type AdminUserRow = z.infer<typeof userRow>;

export const listUsers = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_USERS_PATH}`, {
  querystring: listQuery(
    {
      dateRange: oneOf(ADMIN_DATE_RANGES).optional(),
      performanceFilter: oneOf(PERFORMANCE_FILTER_VALUES).optional(),
      referralFilter: oneOf(REFERRAL_FILTER_VALUES).optional(),
      voucherFilter: oneOf(VOUCHER_FILTER_VALUES).optional(),
      /** One member by id (the console's member page). */
      user_id: idParam('user_id').optional(),
    },
    USER_SORT_FIELDS,
    'registration_date',
  ),
  response: okResponses({
    users: z.array(userRow),
    pagination,
    summary: z.object({
      total_users: z.number(),
      active_users: z.number(),
      firebase_users: z.number(),
      total_referrals: z.number(),
      flagged_users: z.number(),
    }),
  }),
});
export type AdminUsersResponse = ResponseOf<typeof listUsers>;

/** Block (flag) or unblock (unflag) a member, with the administrator's reason (kept in the audit log). */
export const setUserBlocked = endpoint('PUT', `${ADMIN_API_BASE}${ADMIN_USERS_PATH}`, {
  body: z.object({ user_id: idParam('user_id'), action: oneOf(['flag', 'unflag']), reason: actionReason }),
  response: okResponses({}),
});
