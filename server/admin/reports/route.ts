// GET /api/admin/referrals.php, conversions.php and offer-clicks.php, declared from shared/contract/admin/;
// PUT /api/admin/referrals.php: Grant Reward or Deny a held (same-device) referral.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideReferral, listReferrals } from './referrals-service';
import { listConversions } from './conversions-service';
import { listClicks } from './clicks-service';
import * as referrals from '../../../shared/contract/admin/referrals';
import * as conversions from '../../../shared/contract/admin/conversions';
import * as clicks from '../../../shared/contract/admin/clicks';
import { actorOf } from '../actor';

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...referrals.listReferrals,
    onRequest: app.requireAdmin,
    handler: async (request) => ({ success: true as const, ...(await listReferrals(app.db, request.query)) }),
  });

  app.route({
    ...referrals.decideReferral,
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      success: true as const,
      ...(await decideReferral(app.db, actorOf(request), {
        referralId: request.body.referral_id,
        decision: request.body.action,
        reason: request.body.reason,
      })),
    }),
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
