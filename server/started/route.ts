// GET /api/started-offers.php: the signed-in member's started offers with no conversion yet
// (issue 35, item 4). The session guard is the other member calls' (app.requireMember).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startedOffers } from '../../shared/contract/started-offers';
import { listStartedOffers } from './service';

const startedOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...startedOffers,
    onRequest: app.requireMember,
    handler: async (request, reply) => {
      // The member's own state: never kept by a shared cache.
      void reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        started: await listStartedOffers(app.db, {
          userId: request.member!.userId,
          claimMinAgeMinutes: app.config.claimMinAgeMinutes,
          publicUrl: app.config.publicUrl,
        }),
      };
    },
  });
};

export default startedOfferRoutes;
