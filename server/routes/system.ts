// Liveness, readiness and the run-time client configuration.
import type { FastifyInstance } from 'fastify';
import { databaseReachable } from '../db/client';
import type { ClientConfig } from '../../shared/api-types';
import { BRAND_NAME } from '../../shared/constants';

export const DEMO_ACCOUNTS = [
  { sub: 'demo-asha', name: 'Asha Patel', email: 'asha.patel@example.com' },
  { sub: 'demo-rahul', name: 'Rahul Verma', email: 'rahul.verma@example.com' },
  { sub: 'demo-meera', name: 'Meera Iyer', email: 'meera.iyer@example.com' },
];

export default async function systemRoutes(app: FastifyInstance) {
  // Readiness: the database answers. `?live=1` is liveness only (the process is up).
  app.get('/api/health.php', { logLevel: 'warn' }, async (request, reply) => {
    if ((request.query as { live?: string }).live) return { success: true, status: 'alive' };
    const ok = await databaseReachable(app.db);
    if (!ok)
      return reply.status(503).send({ success: false, error: 'Database unreachable', status: 'unready' });
    return { success: true, status: 'ready', database: app.dbKind };
  });

  app.get('/api/client-config.json', async (_request, reply) => {
    const body: ClientConfig = {
      brand: BRAND_NAME,
      firebase: app.config.firebaseWebConfig,
      authEmulatorHost: app.config.authEmulatorHost,
      demoAccounts: app.config.authEmulatorHost ? DEMO_ACCOUNTS : [],
    };
    reply.header('cache-control', 'no-cache');
    return body;
  });
}
