// GET/PUT /api/admin/users.php (docs/product-rules.md#admin-rules).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listUsers, setUserBlocked } from './service';
import * as contract from '../../../shared/contract/admin/users';
import { actorOf } from '../actor';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.listUsers,
    onRequest: app.requireAdmin,
    handler: async (request) => ({ success: true as const, ...(await listUsers(app.db, request.query)) }),
  });

  app.route({
    ...contract.setUserBlocked,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      await setUserBlocked(
        app.db,
        actorOf(request),
        request.body.user_id,
        request.body.action,
        request.body.reason,
      );
      return { success: true as const };
    },
  });
};

export default userRoutes;
