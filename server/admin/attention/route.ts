// GET /api/admin/attention.php: what needs the operator's attention (the dashboard's panel, the menu's count).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attention } from './service';
import * as contract from '../../../shared/contract/admin/attention';

const attentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.attention,
    onRequest: app.requireAdmin,
    handler: async () => ({
      success: true as const,
      ...(await attention(app.db, { fxUsdInr: app.config.fxUsdInr, reversalHold: app.config.reversalHold })),
    }),
  });
};

export default attentionRoutes;
