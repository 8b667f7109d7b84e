// POST /api/voucher-used.php: the signed-in member marks one of their vouchers as used. CSRF and the
// session check are the other member calls' (plugins/csrf.ts, app.requireMember).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markVoucherUsed, unmarkVoucherUsed } from './service';
import * as member from '../../shared/contract/member';

const memberVoucherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...member.voucherUsed,
    onRequest: app.requireMember,
    handler: async (request) => {
      const input = { userId: request.member!.userId, voucherId: request.body.voucher_id, ip: request.ip };
      // used: false takes the member's own mark back (the wallet's Undo).
      const done =
        request.body.used === false
          ? await unmarkVoucherUsed(app.db, input)
          : await markVoucherUsed(app.db, input);
      return { success: true as const, ...done };
    },
  });
};

export default memberVoucherRoutes;
