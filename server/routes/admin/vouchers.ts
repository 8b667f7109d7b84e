// GET/POST/PUT /api/admin/vouchers.php (spec sections 2, 3, 4, 5, 7, 9).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AMOUNT_RANGES,
  ASSIGNMENT_FILTERS,
  EXPIRY_FILTERS,
  VOUCHER_STATUSES,
  VOUCHER_TYPES,
} from '../../../shared/constants';
import {
  VOUCHER_SORT_FIELDS,
  addVouchers,
  listVouchers,
  setVoucherStatus,
} from '../../services/admin/vouchers';
import { parseVoucherBatch } from '../../services/admin/validation';
import { actorOf } from './actor';
import { idParam, listQuery, okResponses, oneOf, pagination } from './schemas';

const voucherRow = z.object({
  voucher_id: z.number(),
  voucher_code: z.string(),
  voucher_brand: z.string(),
  voucher_type: z.string(),
  voucher_description: z.string().nullable(),
  voucher_terms: z.string().nullable(),
  voucher_amount: z.number(),
  status: z.enum(VOUCHER_STATUSES),
  expiry_date: z.string().nullable(),
  created_at: z.string(),
  created_by_username: z.string().nullable(),
  assigned_to_name: z.string().nullable(),
  assigned_to_email: z.string().nullable(),
  assigned_at: z.string().nullable(),
  assignment_context: z.enum(['free_spin_from_referral', 'offer_completion', 'admin_assigned']).nullable(),
});

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

const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/vouchers.php',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: listQuery(
          {
            status: oneOf(['all', ...VOUCHER_STATUSES]).optional(),
            // Brands are free text (section 2: the filter options come from the stats list).
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
      },
    },
    async (request) => ({ success: true as const, ...(await listVouchers(app.db, request.query)) }),
  );

  app.post(
    '/api/admin/vouchers.php',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: z.record(z.string(), z.unknown()),
        response: okResponses({ created: z.number(), duplicates: z.array(z.string()) }),
      },
    },
    async (request) => {
      const result = await addVouchers(app.db, actorOf(request), parseVoucherBatch(request.body));
      return { success: true as const, ...result };
    },
  );

  app.put(
    '/api/admin/vouchers.php',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: z.object({ voucher_id: idParam('voucher_id'), status: oneOf(['expired', 'available']) }),
        response: okResponses({}),
      },
    },
    async (request) => {
      await setVoucherStatus(app.db, actorOf(request), request.body.voucher_id, request.body.status);
      return { success: true as const };
    },
  );
};

export default voucherRoutes;
