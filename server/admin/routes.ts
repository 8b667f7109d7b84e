// The administrators' API (/api/admin/*.php). Sign-in and sign-out are open; every
// other call opts in to `app.requireAdmin` (the admin_sid session; a member's sid opens nothing here).
import type { FastifyInstance } from 'fastify';
import adminAuthRoutes from './auth/route';
import dashboardRoutes from './dashboard/route';
import attentionRoutes from './attention/route';
import userRoutes from './users/route';
import offerRoutes from './offers/route';
import voucherRoutes from './vouchers/route';
import reportRoutes from './reports/route';
import auditRoutes from './audit/route';
import networkRoutes from './networks/route';
import postbackLogRoutes from './postbacks/route';
import claimRoutes from './claims/route';
import timelineRoutes from './timeline/route';
import reviewRoutes from './reviews/route';

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
