// GET /api/admin/dashboard.php: the dashboard data, and the console's admin session check.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '../../services/admin/dashboard';
import * as contract from '../../../shared/contract/admin/dashboard';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.dashboard,
    onRequest: app.requireAdmin,
    handler: async () => ({
      success: true as const,
      ...(await dashboard(app.db, { fxUsdInr: app.config.fxUsdInr })),
    }),
  });
};

export default dashboardRoutes;
