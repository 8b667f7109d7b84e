// POST /api/voucher-used.php: the signed-in member marks one of their vouchers as used. CSRF and the
// session check are the other member calls' (plugins/csrf.ts, app.requireMember).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markVoucherUsed } from '../services/member-vouchers';
import * as member from '../../shared/contract/member';

const memberVoucherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...member.voucherUsed,
    onRequest: app.requireMember,
    handler: async (request) => ({
      success: true as const,
      ...(await markVoucherUsed(app.db, {
        userId: request.member!.userId,
        voucherId: request.body.voucher_id,
        ip: request.ip,
      })),
    }),
  });
};

export default memberVoucherRoutes;
