// GET /api/admin/dashboard.php: the dashboard data, and the console's admin session check.
import { z } from 'zod';
import { DASHBOARD_RANGES } from '../../constants';
import { ADMIN_API_BASE, ADMIN_DASHBOARD_PATH } from '../paths';
import { endpoint, okResponses, oneOf, type ResponseOf } from '../common';
import { memberFields } from './users';

/** The getting-started checklist's steps, in the order the dashboard shows them. */
export const GETTING_STARTED_STEPS = ['network', 'offers', 'vouchers', 'member_app'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/** The chart's range: 7, 30 or 90 days (docs/decisions/dashboard-chart-range.md). */
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const dashboard = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_DASHBOARD_PATH}`, {
  querystring: z.strictObject({
    /** The days of `dailyConversions` (only): 30 when left out. */
    days: oneOf(DASHBOARD_RANGES).optional(),
  }),
  response: okResponses({
    stats: z.object({
      total_users: z.number(),
      new_users_today: z.number(),
      firebase_users: z.number(),
      active_offers: z.number(),
      total_conversions: z.number(),
      conversions_today: z.number(),
      total_revenue: z.number(),
      revenue_today: z.number(),
      available_vouchers: z.number(),
      distributed_vouchers: z.number(),
      total_rewards_given: z.number(),
      total_voucher_value: z.number(),
      total_referrals: z.number(),
      successful_referrals: z.number(),
      referrals_today: z.number(),
      total_free_spins_remaining: z.number(),
      total_free_spins_granted: z.number(),
      referral_conversion_rate: z.number(),
      /** Reversals after the spin was used in the last 30 days, and the value of the codes kept (₹). */
      clawbacks30d: z.object({ count: z.number(), value: z.number() }),
      /** Members the reversal rule blocked, still blocked pending an administrator's review. */
      heldMembers: z.number(),
    }),
    recentUsers: z.array(z.object({ ...memberFields, total_completions: z.number() })),
    recentConversions: z.array(
      z.object({
        completion_id: z.number(),
        title: z.string().nullable(),
        first_name: z.string(),
        completed_at: z.string(),
        payout_amount: z.number(),
        voucher_won: z.boolean(),
        voucher_amount: z.number().nullable(),
        completion_type: z.string(),
      }),
    ),
    topReferrers: z.array(
      z.object({
        user_id: z.number(),
        referrer_name: z.string(),
        referrer_email: z.string(),
        referral_code: z.string(),
        successful_referrals: z.number(),
        total_referrals: z.number(),
        conversion_rate: z.number(),
      }),
    ),
    referralFunnel: z.object({
      total_referrals: z.number(),
      completed_first_offer: z.number(),
      rewards_granted: z.number(),
      completion_rate: z.number(),
      reward_success_rate: z.number(),
    }),
    /**
     * An addition to the product's dashboard: daily conversions and revenue over the last `days`
     * days (30 by default), oldest first, today last.
     */
    dailyConversions: z.array(z.object({ day: z.string(), conversions: z.number(), revenue: z.number() })),
    /**
     * Money in one currency (FX_USD_INR rupees per US dollar): revenue (USD payouts), its rupee value,
     * the vouchers handed out (₹) and the margin between them (₹).
     */
    money: z.object({
      fx_usd_inr: z.number(),
      revenue_usd: z.number(),
      revenue_inr: z.number(),
      voucher_cost: z.number(),
      margin_inr: z.number(),
    }),
    /**
     * Shown while the console has no real activity (no conversion on a non-demo offer) and a step is
     * left; each step is done by the server's reading of the database
     * (docs/decisions/getting-started-checklist.md).
     */
    gettingStarted: z.object({
      show: z.boolean(),
      steps: z.array(z.object({ id: z.enum(GETTING_STARTED_STEPS), done: z.boolean() })),
      /** Prize amounts some active offer can pay that have no available code. */
      missing_amounts: z.array(z.number()),
    }),
  }),
});
export type AdminDashboardResponse = ResponseOf<typeof dashboard>;
