// GET /api/admin/audit-log.php: the audit log of DESIGN.md section 4, newest first, paginated.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, listAudit } from '../../services/admin/audit';
import { listBase, okResponses, oneOf, pagination } from './schemas';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit-log.php',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: z.strictObject({
          ...listBase,
          sortBy: oneOf(['created_at']).default('created_at'),
          action: oneOf(AUDIT_ACTIONS as [string, ...string[]]).optional(),
          target_type: oneOf(AUDIT_TARGET_TYPES).optional(),
          target_id: z.string().max(100).optional(),
        }),
        response: okResponses({
          entries: z.array(
            z.object({
              id: z.number(),
              admin_id: z.number().nullable(),
              admin_username: z.string(),
              action: z.string(),
              target_type: z.string(),
              target_id: z.string(),
              before: z.unknown(),
              after: z.unknown(),
              created_at: z.string(),
            }),
          ),
          pagination,
        }),
      },
    },
    async (request) => ({ success: true as const, ...(await listAudit(app.db, request.query)) }),
  );
};

export default auditRoutes;
