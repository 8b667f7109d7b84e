// GET /api/brands.php (member) and GET|PUT /api/admin/brand-settings.php (console): voucher brands'
// redeem link and steps (issue 35, item 7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listBrandSettings, memberBrands, saveBrandSettings } from '../../shared/contract/brands';
import { actorOf } from '../admin/actor';
import { adminBrands, memberBrands as readMemberBrands, saveBrand } from './service';

const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...memberBrands,
    onRequest: app.requireMember,
    handler: async () => ({ success: true as const, brands: await readMemberBrands(app.db) }),
  });

  app.route({
    ...listBrandSettings,
    onRequest: app.requireAdmin,
    handler: async () => ({ success: true as const, brands: await adminBrands(app.db) }),
  });

  app.route({
    ...saveBrandSettings,
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      success: true as const,
      brand: await saveBrand(app.db, actorOf(request), {
        brand: request.body.brand,
        redeem_url: request.body.redeem_url || null,
        redeem_steps: request.body.redeem_steps,
      }),
    }),
  });
};

export default brandRoutes;
