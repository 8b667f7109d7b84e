// GET/POST/PUT /api/admin/offers.php (docs/product-rules.md#admin-rules).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOffer, editOffer, listOffers, setOfferActive } from '../../services/admin/offers';
import { parseExternalOfferId, parseOfferFields, parseOfferNetworkId } from '../../services/admin/validation';
import { badRequest } from '../../lib/errors';
import * as contract from '../../../shared/contract/admin/offers';
import { actionReason, idParam } from '../../../shared/contract/common';
import { actorOf } from './actor';

const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.listOffers,
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      success: true as const,
      ...(await listOffers(app.db, request.query, app.config.fxUsdInr)),
    }),
  });

  app.route({
    ...contract.createOffer,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const fields = parseOfferFields(request.body);
      const externalId = parseExternalOfferId(request.body.external_offer_id);
      const networkId = parseOfferNetworkId(request.body.network_id);
      const { offerId } = await createOffer(app.db, actorOf(request), {
        ...fields,
        external_offer_id: externalId,
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
      const id = idParam('offer_id').safeParse(body.offer_id);
      if (!id.success) throw badRequest('offer_id must be a positive whole number');
      const keys = Object.keys(body).filter((k) => k !== 'offer_id' && k !== 'reason');
      if (keys.length === 1 && keys[0] === 'is_active') {
        if (typeof body.is_active !== 'boolean') throw badRequest('is_active must be true or false');
        const reason = actionReason.safeParse(body.reason ?? undefined);
        if (!reason.success) throw badRequest(reason.error.issues[0]?.message ?? 'reason must be text');
        await setOfferActive(app.db, actorOf(request), id.data, body.is_active, reason.data);
      } else {
        await editOffer(
          app.db,
          actorOf(request),
          id.data,
          parseOfferFields(body),
          parseOfferNetworkId(body.network_id),
        );
      }
      return { success: true as const };
    },
  });
};

export default offerRoutes;
