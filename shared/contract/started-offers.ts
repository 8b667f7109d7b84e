// GET /api/started-offers.php (issue 35, item 4): the offers the signed-in member started (a click) that
// have no conversion yet, for the dashboard's "In progress" cards. Kept apart from offers.php, whose
// one-statement answer is cached per catalogue generation (docs/decisions/started-offers-endpoint.md).
import { z } from 'zod';
import { API_BASE, STARTED_OFFERS_PATH } from './paths';
import { endpoint, okResponses, type ResponseOf } from './common';

const startedOffer = z.object({
  offer_id: z.number(),
  /** The member's latest click on the offer (ISO 8601). */
  started_at: z.string(),
  /** The partner link of that same click (its click id filled in): Continue goes back through it. */
  continue_url: z.string(),
  /**
   * The offer's observed time from click to conversion (median, in minutes, over its last 90 days'
   * conversions; null with fewer than 3): "usually confirms in …".
   */
  typical_minutes: z.number().nullable(),
  /**
   * When a missing-conversion claim on this click becomes possible (started_at + the claims' minimum
   * age, server/claims/service.ts), and the last moment it stays possible (30 days after the start).
   */
  claim_from: z.string(),
  claim_until: z.string(),
});
export type StartedOffer = z.infer<typeof startedOffer>;

export const startedOffers = endpoint('GET', `${API_BASE}${STARTED_OFFERS_PATH}`, {
  response: okResponses({ started: z.array(startedOffer) }),
});
export type StartedOffersResponse = ResponseOf<typeof startedOffers>;
