// GET/POST/PUT /api/admin/offers.php (spec sections 2, 3, 5, 7, 9).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_DATE_RANGES, OFFER_CATEGORIES, OFFER_MODELS } from '../../../shared/constants';
import {
  OFFER_SORT_FIELDS,
  createOffer,
  editOffer,
  listOffers,
  setOfferActive,
} from '../../services/admin/offers';
import { parseExternalOfferId, parseOfferFields } from '../../services/admin/validation';
import { badRequest } from '../../lib/errors';
import { actorOf } from './actor';
import { idParam, listQuery, okResponses, oneOf, pagination, slotConfigOut } from './schemas';

const offerRow = z.object({
  offer_id: z.number(),
  title: z.string(),
  description: z.string(),
  offer_url: z.string(),
  preview_url: z.string().nullable(),
  external_offer_id: z.string(),
  category: z.string().nullable(),
  model: z.string(),
  targeting: z.string(),
  reward_amount: z.number(),
  slot_config: slotConfigOut.nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  total_completions: z.number(),
  unique_users: z.number(),
  total_revenue: z.number(),
  avg_payout: z.number(),
  spins_used: z.number(),
  rewards_won: z.number(),
});

/** Form bodies are checked field by field in services/admin/validation.ts for section 5's messages. */
const formBody = z.record(z.string(), z.unknown());

const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/offers.php',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: listQuery(
          {
            status: oneOf(['all', 'active', 'inactive']).optional(),
            category: oneOf(['all', ...OFFER_CATEGORIES]).optional(),
            model: oneOf(['all', ...OFFER_MODELS]).optional(),
            dateRange: oneOf(ADMIN_DATE_RANGES).optional(),
          },
          OFFER_SORT_FIELDS,
          'created_at',
        ),
        response: okResponses({ offers: z.array(offerRow), pagination }),
      },
    },
    async (request) => ({ success: true as const, ...(await listOffers(app.db, request.query)) }),
  );

  app.post(
    '/api/admin/offers.php',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: formBody,
        response: okResponses({ offer_id: z.number() }),
      },
    },
    async (request) => {
      const fields = parseOfferFields(request.body);
      const externalId = parseExternalOfferId(request.body.external_offer_id);
      const { offerId } = await createOffer(app.db, actorOf(request), {
        ...fields,
        external_offer_id: externalId,
      });
      return { success: true as const, offer_id: offerId };
    },
  );

  // One path, two bodies (spec section 7): {offer_id, is_active} toggles; the edit body carries the form.
  app.put(
    '/api/admin/offers.php',
    {
      onRequest: app.requireAdmin,
      schema: { body: formBody, response: okResponses({}) },
    },
    async (request) => {
      const body = request.body;
      const id = idParam('offer_id').safeParse(body.offer_id);
      if (!id.success) throw badRequest('offer_id must be a positive whole number');
      const keys = Object.keys(body).filter((k) => k !== 'offer_id');
      if (keys.length === 1 && keys[0] === 'is_active') {
        if (typeof body.is_active !== 'boolean') throw badRequest('is_active must be true or false');
        await setOfferActive(app.db, actorOf(request), id.data, body.is_active);
      } else {
        await editOffer(app.db, actorOf(request), id.data, parseOfferFields(body));
      }
      return { success: true as const };
    },
  );
};

export default offerRoutes;
