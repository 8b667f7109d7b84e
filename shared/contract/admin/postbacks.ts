// GET|POST /api/admin/postbacks.php: every attempt on the postback receivers, accepted or not, with
// its reason and the request as received (secrets and signatures masked); Replay re-runs a refused
// attempt through the network's current configuration.
import { z } from 'zod';
import { ADMIN_API_BASE, ADMIN_POSTBACKS_PATH } from '../paths';
import {
  endpoint,
  idParam,
  listBase,
  okResponses,
  oneOf,
  pagination,
  searchParam,
  type ResponseOf,
} from '../common';
import { POSTBACK_OUTCOMES } from '../../networks/vocabulary';

// The outcomes are listed in shared/networks/vocabulary.ts (zod-free: the console lists them too).
export {
  POSTBACK_OUTCOMES,
  POSTBACK_SUCCESS_OUTCOMES,
  type PostbackOutcome,
} from '../../networks/vocabulary';

const postbackRow = z.object({
  postback_id: z.number(),
  network_id: z.number().nullable(),
  /** The network's slug; "native" for /api/postback.php. */
  network: z.string(),
  outcome: z.string(),
  /** A sentence naming what was wrong or what was done; never a secret. */
  reason: z.string().nullable(),
  http_status: z.number(),
  click_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  status: z.string().nullable(),
  ip: z.string().nullable(),
  verified: z.boolean().nullable(),
  completion_id: z.number().nullable(),
  /** Identical junk folded into this row (same network, address and outcome within a minute). */
  repeat_count: z.number(),
  created_at: z.string(),
  /** The request as received, secrets and signatures replaced by ***. */
  raw: z.object({
    method: z.string(),
    url: z.string().nullable(),
    params: z.record(z.string(), z.string()),
    headers: z.record(z.string(), z.string()),
  }),
  /** A refused attempt on a network's receiver that has not been replayed yet. */
  replayable: z.boolean(),
  replayed_at: z.string().nullable(),
  replay_of: z.number().nullable(),
});
export type AdminPostbackRow = z.infer<typeof postbackRow>;

export const listPostbacks = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_POSTBACKS_PATH}`, {
  querystring: z.strictObject({
    ...listBase,
    sortBy: oneOf(['created_at']).default('created_at'),
    /** Click or transaction id, exactly. */
    search: searchParam,
    network_id: idParam('network_id').optional(),
    /** One attempt by id (the console's postback page, issue 36). */
    postback_id: idParam('postback_id').optional(),
    outcome: oneOf(POSTBACK_OUTCOMES).optional(),
    /** accepted = answered as success; refused = any refusal. */
    result: oneOf(['all', 'accepted', 'refused']).optional(),
    status: z.string().trim().max(64).optional(),
    date_from: z.iso.date().optional(),
    date_to: z.iso.date().optional(),
  }),
  response: okResponses({ postbacks: z.array(postbackRow), pagination }),
});
export type AdminPostbacksResponse = ResponseOf<typeof listPostbacks>;

export const replayPostback = endpoint('POST', `${ADMIN_API_BASE}${ADMIN_POSTBACKS_PATH}`, {
  body: z.strictObject({ postback_id: idParam('postback_id'), action: z.literal('replay') }),
  response: okResponses({ outcome: z.string(), http_status: z.number(), detail: z.string() }),
});
