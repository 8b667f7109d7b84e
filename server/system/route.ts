// Liveness, readiness and the run-time client configuration, declared from shared/contract/system.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEMO_ACCOUNTS } from '../lib/demo-accounts';
import { databaseReachable } from './health';
import * as system from '../../shared/contract/system';
import { BRAND_NAME } from '../../shared/constants';

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
