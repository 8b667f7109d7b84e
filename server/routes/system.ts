// Liveness, readiness and the run-time client configuration, declared from shared/contract/system.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseReachable } from '../db/client';
import * as system from '../../shared/contract/system';
import { BRAND_NAME } from '../../shared/constants';

export const DEMO_ACCOUNTS = [
  { sub: 'demo-asha', name: 'Asha Patel', email: 'asha.patel@example.com' },
  { sub: 'demo-rahul', name: 'Rahul Verma', email: 'rahul.verma@example.com' },
  { sub: 'demo-meera', name: 'Meera Iyer', email: 'meera.iyer@example.com' },
];

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...system.health,
    logLevel: 'warn',
    handler: async (request, reply) => {
      if ((request.query as { live?: string }).live)
        return { success: true as const, status: 'alive' as const };
      const ok = await databaseReachable(app.db);
      if (!ok)
        return reply.status(503).send({ success: false, error: 'Database unreachable', status: 'unready' });
      return { success: true as const, status: 'ready' as const, database: app.dbKind };
    },
  });

  app.route({
    ...system.clientConfig,
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        brand: BRAND_NAME,
        firebase: app.config.firebaseWebConfig,
        authEmulatorHost: app.config.authEmulatorHost,
        demoAccounts: app.config.authEmulatorHost ? DEMO_ACCOUNTS : [],
      };
    },
  });
};

export default systemRoutes;
