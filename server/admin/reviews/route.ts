// The review queue, one member's risk and the hold policy (issue 33, docs/trust-and-safety.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideReviews, listReviews, memberRisk, readPolicy, writePolicy } from '../../trust/review-queue';
import * as contract from '../../../shared/contract/admin/reviews';
import { actorOf } from '../actor';

const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = (ids: number[]) => ids.forEach((id) => app.memberAnswers.changed(id));

  app.route({
    ...contract.listReviews,
    onRequest: app.requireAdmin,
    handler: async (request) => ({ success: true as const, ...(await listReviews(app.db, request.query)) }),
  });

  app.route({
    ...contract.decideReviews,
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      success: true as const,
      ...(await decideReviews(app.db, actorOf(request), request.body, changed)),
    }),
  });

  app.route({
    ...contract.getRisk,
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      success: true as const,
      ...(await memberRisk(app.db, request.query.user_id)),
    }),
  });

  app.route({
    ...contract.getRiskPolicy,
    onRequest: app.requireAdmin,
    handler: async () => ({ success: true as const, ...(await readPolicy(app.db)) }),
  });

  app.route({
    ...contract.putRiskPolicy,
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      success: true as const,
      ...(await writePolicy(app.db, actorOf(request), request.body)),
    }),
  });
};

export default reviewRoutes;
