// GET /api/admin/timeline.php and /api/admin/click.php (issue 36): one record's history, one click.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getClick, getTimeline } from './service';
import * as contract from '../../../shared/contract/admin/records';

const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.getTimeline,
    onRequest: app.requireAdmin,
    handler: async (request) => ({ success: true as const, ...(await getTimeline(app.db, request.query)) }),
  });

  app.route({
    ...contract.getClick,
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      success: true as const,
      click: await getClick(app.db, request.query.click_id),
    }),
  });
};

export default timelineRoutes;
