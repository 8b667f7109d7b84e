// POST /api/claim.php: the signed-in member reports an offer they completed that was not credited
// (docs/product-rules.md#claims). CSRF and the session check are the other member calls'
// (plugins/csrf.ts, app.requireMember).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileClaim } from './service';
import * as member from '../../shared/contract/member';

const memberClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...member.claim,
    onRequest: app.requireMember,
    handler: async (request) => ({
      success: true as const,
      ...(await fileClaim(app.db, {
        userId: request.member!.userId,
        clickId: request.body.clickId,
        offerId: request.body.offerId,
        note: request.body.note,
        minAgeMinutes: app.config.claimMinAgeMinutes,
      })),
    }),
  });
};

export default memberClaimRoutes;
