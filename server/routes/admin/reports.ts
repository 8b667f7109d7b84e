// GET /api/admin/referrals.php, conversions.php and offer-clicks.php (spec sections 2, 3, 7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_DATE_RANGES, REFERRAL_DATE_RANGES } from '../../../shared/constants';
import { REFERRAL_SORT_FIELDS, REFERRAL_STATUS_VALUES, listReferrals } from '../../services/admin/referrals';
import {
  CONVERSION_REFERRAL_FILTER,
  CONVERSION_SORT_FIELDS,
  USER_TYPE_FILTER,
  VOUCHER_FILTER,
  listConversions,
} from '../../services/admin/conversions';
import {
  CLICK_SORT_FIELDS,
  CLICK_USER_TYPES,
  CONVERSION_STATUS,
  listClicks,
} from '../../services/admin/clicks';
import { idParam, listQuery, okResponses, oneOf, pagination } from './schemas';

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/referrals.php',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: listQuery(
          {
            status: oneOf(REFERRAL_STATUS_VALUES).optional(),
            dateRange: oneOf(REFERRAL_DATE_RANGES).optional(),
          },
          REFERRAL_SORT_FIELDS,
          'registration_date',
        ),
        response: okResponses({
          referrals: z.array(
            z.object({
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
            }),
          ),
          summary: z.object({
            total_referrals: z.number(),
            successful_referrals: z.number(),
            completed_referrals: z.number(),
            success_rate: z.number(),
            total_referral_revenue: z.number(),
          }),
          pagination,
        }),
      },
    },
    async (request) => ({ success: true as const, ...(await listReferrals(app.db, request.query)) }),
  );

  app.get(
    '/api/admin/conversions.php',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: listQuery(
          {
            offer: idParam('offer').optional(),
            dateRange: oneOf(REFERRAL_DATE_RANGES).optional(),
            voucherFilter: oneOf(VOUCHER_FILTER).optional(),
            userTypeFilter: oneOf(USER_TYPE_FILTER).optional(),
            referralFilter: oneOf(CONVERSION_REFERRAL_FILTER).optional(),
          },
          CONVERSION_SORT_FIELDS,
          'completed_at',
        ),
        response: okResponses({
          conversions: z.array(
            z.object({
              completion_id: z.number(),
              user_id: z.number(),
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
            }),
          ),
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
      },
    },
    async (request) => ({ success: true as const, ...(await listConversions(app.db, request.query)) }),
  );

  app.get(
    '/api/admin/offer-clicks.php',
    {
      onRequest: app.requireAdmin,
      schema: {
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
          clicks: z.array(
            z.object({
              click_id: z.string(),
              completion_id: z.number().nullable(),
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
            }),
          ),
          stats: z.object({
            totalConversions: z.number(),
            uniqueUsers: z.number(),
            totalRevenue: z.number(),
            voucherWinRate: z.number(),
          }),
          pagination,
        }),
      },
    },
    async (request) => ({ success: true as const, ...(await listClicks(app.db, request.query)) }),
  );
};

export default reportRoutes;
