// GET /api/admin/referrals.php, conversions.php and offer-clicks.php, declared from shared/contract/admin/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listReferrals } from '../../services/admin/referrals';
import { listConversions } from '../../services/admin/conversions';
import { listClicks } from '../../services/admin/clicks';
import * as referrals from '../../../shared/contract/admin/referrals';
import * as conversions from '../../../shared/contract/admin/conversions';
import * as clicks from '../../../shared/contract/admin/clicks';

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...referrals.listReferrals,
    onRequest: app.requireAdmin,
    handler: async (request) => ({ success: true as const, ...(await listReferrals(app.db, request.query)) }),
  });

  app.route({
    ...conversions.listConversions,
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      success: true as const,
      ...(await listConversions(app.db, request.query)),
    }),
  });

  app.route({
    ...clicks.listClicks,
    onRequest: app.requireAdmin,
    handler: async (request) => ({ success: true as const, ...(await listClicks(app.db, request.query)) }),
  });
};

export default reportRoutes;
