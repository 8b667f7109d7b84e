// GET /api/admin/dashboard.php: the dashboard data, and the console's admin session check.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from './service';
import { DEFAULT_DASHBOARD_RANGE } from '../../../shared/constants';
import * as contract from '../../../shared/contract/admin/dashboard';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.dashboard,
    onRequest: app.requireAdmin,
    // `days` is one of the contract's ranges (anything else is a 400 before this runs).
    handler: async (request) => ({
      success: true as const,
      ...(await dashboard(
        app.db,
        { fxUsdInr: app.config.fxUsdInr },
        Number(request.query.days ?? DEFAULT_DASHBOARD_RANGE),
      )),
    }),
  });
};

export default dashboardRoutes;
