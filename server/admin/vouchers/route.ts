// GET/POST/PUT /api/admin/vouchers.php (docs/product-rules.md#admin-rules).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addVouchers, listVouchers, setVoucherStatus } from './service';
import * as contract from '../../../shared/contract/admin/vouchers';
import { actorOf } from '../actor';

const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.listVouchers,
    onRequest: app.requireAdmin,
    handler: async (request) => ({ success: true as const, ...(await listVouchers(app.db, request.query)) }),
  });

  app.route({
    ...contract.addVouchers,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const result = await addVouchers(app.db, actorOf(request), request.body);
      return { success: true as const, ...result };
    },
  });

  app.route({
    ...contract.setVoucherStatus,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      await setVoucherStatus(app.db, actorOf(request), request.body.voucher_id, request.body.status);
      return { success: true as const };
    },
  });
};

export default voucherRoutes;
