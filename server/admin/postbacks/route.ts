// GET|POST /api/admin/postbacks.php: the postback log, and Replay of a refused attempt.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPostbacks, replayPostback } from './service';
import * as contract from '../../../shared/contract/admin/postbacks';
import { actorOf } from '../actor';

const postbackLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.listPostbacks,
    onRequest: app.requireAdmin,
    handler: async (request) => ({ success: true as const, ...(await listPostbacks(app.db, request.query)) }),
  });

  app.route({
    ...contract.replayPostback,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const r = await replayPostback(
        app.db,
        actorOf(request),
        { publicUrl: app.config.publicUrl },
        request.body.postback_id,
      );
      return { success: true as const, outcome: r.outcome, http_status: r.httpStatus, detail: r.detail };
    },
  });
};

export default postbackLogRoutes;
