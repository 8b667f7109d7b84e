// GET/PUT /api/admin/users.php (spec sections 2, 3, 7, 9).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_DATE_RANGES, USER_SORT_FIELDS } from '../../../shared/constants';
import {
  PERFORMANCE_FILTER_VALUES,
  REFERRAL_FILTER_VALUES,
  VOUCHER_FILTER_VALUES,
  listUsers,
  setUserBlocked,
} from '../../services/admin/users';
import { actorOf } from './actor';
import { idParam, listQuery, memberFields, okResponses, oneOf, pagination } from './schemas';

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
  user_category: z.enum(['top_referrer', 'active_referrer', 'referred_user', 'organic_user']),
});

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users.php',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: listQuery(
          {
            dateRange: oneOf(ADMIN_DATE_RANGES).optional(),
            performanceFilter: oneOf(PERFORMANCE_FILTER_VALUES).optional(),
            referralFilter: oneOf(REFERRAL_FILTER_VALUES).optional(),
            voucherFilter: oneOf(VOUCHER_FILTER_VALUES).optional(),
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
      },
    },
    async (request) => ({ success: true as const, ...(await listUsers(app.db, request.query)) }),
  );

  app.put(
    '/api/admin/users.php',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: z.object({ user_id: idParam('user_id'), action: oneOf(['flag', 'unflag']) }),
        response: okResponses({}),
      },
    },
    async (request) => {
      await setUserBlocked(app.db, actorOf(request), request.body.user_id, request.body.action);
      return { success: true as const };
    },
  );
};

export default userRoutes;
