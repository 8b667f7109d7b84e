// GET /api/admin/audit-log.php: every administrator's change, newest first, paginated.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from './service';
import * as contract from '../../../shared/contract/admin/audit-log';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.listAuditLog,
    onRequest: app.requireAdmin,
    handler: async (request) => ({ success: true as const, ...(await listAudit(app.db, request.query)) }),
  });
};

export default auditRoutes;
