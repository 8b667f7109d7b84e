// GET|PUT /api/admin/claims.php: the members' missing-conversion claims, and Approve / Reject.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approveClaim, listClaims, rejectClaim } from './service';
import * as contract from '../../../shared/contract/admin/claims';
import { actorOf } from '../actor';

const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.listClaims,
    onRequest: app.requireAdmin,
    handler: async (request) => ({ success: true as const, ...(await listClaims(app.db, request.query)) }),
  });

  app.route({
    ...contract.decideClaim,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const { claim_id: claimId, action, reason } = request.body;
      if (action === 'approve') {
        const r = await approveClaim(app.db, actorOf(request), claimId);
        return {
          success: true as const,
          claim_id: r.claim_id,
          status: r.status,
          completion_id: r.completion_id,
        };
      }
      const r = await rejectClaim(app.db, actorOf(request), claimId, reason ?? '');
      return { success: true as const, claim_id: r.claim_id, status: r.status, completion_id: null };
    },
  });
};

export default claimRoutes;
