// GET/POST/PUT /api/admin/offers.php (docs/product-rules.md#admin-rules).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOffer, editOffer, listOffers, setOfferActive } from './service';
import * as contract from '../../../shared/contract/admin/offers';
import { actorOf } from '../actor';

const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.listOffers,
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      success: true as const,
      ...(await listOffers(app.db, request.query, app.config.fxUsdInr)),
    }),
  });

  // The body is checked by its schema (shared/contract/admin/offer-form.ts) before the handler runs.
  app.route({
    ...contract.createOffer,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const { network_id: networkId, ...fields } = request.body;
      const { offerId } = await createOffer(app.db, actorOf(request), {
        ...fields,
        network_id: networkId ?? null,
      });
      return { success: true as const, offer_id: offerId };
    },
  });

  // One path, two bodies: {offer_id, is_active} toggles; the edit body carries the form.
  app.route({
    ...contract.updateOffer,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const body = request.body;
      if (body.kind === 'toggle') {
        await setOfferActive(app.db, actorOf(request), body.offer_id, body.is_active, body.reason);
      } else {
        const { kind: _kind, offer_id: offerId, network_id: networkId, ...fields } = body;
        await editOffer(app.db, actorOf(request), offerId, fields, networkId);
      }
      return { success: true as const };
    },
  });
};

export default offerRoutes;
