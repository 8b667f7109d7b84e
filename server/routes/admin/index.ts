// The administrators' API (/api/admin/*.php). Sign-in and sign-out are open; every
// other call opts in to `app.requireAdmin` (the admin_sid session; a member's sid opens nothing here).
import type { FastifyInstance } from 'fastify';
import adminAuthRoutes from './auth';
import dashboardRoutes from './dashboard';
import attentionRoutes from './attention';
import userRoutes from './users';
import offerRoutes from './offers';
import voucherRoutes from './vouchers';
import reportRoutes from './reports';
import auditRoutes from './audit-log';
import networkRoutes from './networks';
import postbackLogRoutes from './postbacks';
import claimRoutes from './claims';
import timelineRoutes from './timeline';
import reviewRoutes from './reviews';

export default async function adminRoutes(app: FastifyInstance) {
  await app.register(adminAuthRoutes);
  await app.register(dashboardRoutes);
  await app.register(attentionRoutes);
  await app.register(userRoutes);
  await app.register(offerRoutes);
  await app.register(voucherRoutes);
  await app.register(reportRoutes);
  await app.register(auditRoutes);
  await app.register(networkRoutes);
  await app.register(postbackLogRoutes);
  await app.register(claimRoutes);
  await app.register(timelineRoutes);
  await app.register(reviewRoutes);
}
