// GET/POST/PUT /api/admin/offers.php (docs/product-rules.md#admin-rules).
import { z } from 'zod';
import { ADMIN_DATE_RANGES, OFFER_CATEGORIES, OFFER_MODELS } from '../../constants';
import { ADMIN_API_BASE, ADMIN_OFFERS_PATH } from '../paths';
import {
  endpoint,
  idParam,
  listQuery,
  okResponses,
  oneOf,
  pagination,
  slotConfig,
  type ResponseOf,
} from '../common';
import { createOfferBody, updateOfferBody, type CreateOfferBody } from './offer-form';

/** The list's sort fields, in the order the refusal names them. */
export const OFFER_SORT_FIELDS = [
  'created_at',
  'title',
  'category',
  'reward_amount',
  'total_completions',
  'total_revenue',
  'unique_users',
  'spins_used',
  'rewards_won',
  'model',
  'is_active',
] as const;
export type OfferSortField = (typeof OFFER_SORT_FIELDS)[number];

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
  slot_config: slotConfig.nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  total_completions: z.number(),
  unique_users: z.number(),
  total_revenue: z.number(),
  avg_payout: z.number(),
  spins_used: z.number(),
  rewards_won: z.number(),
  /**
   * Money in one currency: the revenue in rupees at FX_USD_INR, the codes this offer's spins handed
   * out (₹) and the margin between them (₹).
   */
  revenue_inr: z.number(),
  voucher_cost: z.number(),
  margin_inr: z.number(),
  /** The partner network that credits the offer (Networks); null: the native receiver. */
  network_id: z.number().nullable(),
  network_name: z.string().nullable(),
});
export type AdminOfferRow = z.infer<typeof offerRow>;

/**
 * What the console's Add Offer form sends: the body as its schema reads it (./offer-form.ts, which
 * the console runs before it sends), created active.
 */
export type OfferCreateRequest = Omit<CreateOfferBody, 'category' | 'model' | 'targeting'> & {
  /** The form's selects hold text; the schema refuses any other than its lists. */
  category: string | null;
  model: string;
  targeting: string;
  is_active: true;
};

export const listOffers = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_OFFERS_PATH}`, {
  querystring: listQuery(
    {
      status: oneOf(['all', 'active', 'inactive']).optional(),
      category: oneOf(['all', ...OFFER_CATEGORIES]).optional(),
      model: oneOf(['all', ...OFFER_MODELS]).optional(),
      dateRange: oneOf(ADMIN_DATE_RANGES).optional(),
      /** The offers one partner network credits. */
      network_id: idParam('network_id').optional(),
      /** One offer by id (the console's offer page). */
      offer_id: idParam('offer_id').optional(),
    },
    OFFER_SORT_FIELDS,
    'created_at',
  ),
  response: okResponses({ offers: z.array(offerRow), pagination }),
});
export type AdminOffersResponse = ResponseOf<typeof listOffers>;

export const createOffer = endpoint('POST', `${ADMIN_API_BASE}${ADMIN_OFFERS_PATH}`, {
  body: createOfferBody,
  response: okResponses({ offer_id: z.number() }),
});

/** One path, two bodies: {offer_id, is_active} toggles; the edit body carries the form. */
export const updateOffer = endpoint('PUT', `${ADMIN_API_BASE}${ADMIN_OFFERS_PATH}`, {
  body: updateOfferBody,
  response: okResponses({}),
});
