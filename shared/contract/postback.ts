// GET|POST /api/postback.php: the partner network's server-to-server confirmation. Its parameters are
// read by the receiver itself (server/routes/postback.ts), not by a route schema, so that every
// attempt, refused ones included, is logged: the route declares only the answers, and the receiver
// checks the parameters with postbackParams once the signature holds.
import { z } from 'zod';
import { API_BASE, NETWORK_POSTBACK_PATH_PREFIX, POSTBACK_PATH } from './paths';
import { endpoint, errorBody } from './common';

/** A verified postback's parameters. */
export const postbackParams = z.object({
  click_id: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(128),
  payout: z
    .string()
    .regex(/^\d{1,8}(\.\d{1,4})?$/, 'payout must be a non-negative number with at most 4 decimals')
    .transform(Number),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'currency must be a 3-letter code')
    .transform((c) => c.toUpperCase())
    .optional(),
  status: z.enum(['approved', 'pending', 'reversed']),
  sig: z.string(),
});
export type PostbackParams = z.output<typeof postbackParams>;

const ok = z.literal(true);
// Strict objects, so each answer keeps its own fields in its own order (the union takes the first
// shape that fits exactly).
const answer = z.union([
  z.strictObject({ success: ok, status: z.string() }),
  z.strictObject({ success: ok, status: z.string(), message: z.string() }),
  z.strictObject({ success: ok, duplicate: z.literal(true), status: z.string() }),
  z.strictObject({ success: ok, duplicate: z.literal(true), message: z.string() }),
]);

export const postback = endpoint(['GET', 'POST'], `${API_BASE}${POSTBACK_PATH}`, {
  response: {
    200: answer,
    400: errorBody,
    403: errorBody,
    404: errorBody,
    409: errorBody,
    413: errorBody,
    415: errorBody,
    429: errorBody,
    500: errorBody,
  },
});
/** The statuses the receiver answers with. */
export type PostbackStatus = keyof typeof postback.schema.response;

/**
 * GET|POST /api/postback/{slug}: a partner network's postback, in that network's own parameters
 * (docs/networks.md). Read by the receiver itself, like the native one, so that every attempt is
 * logged; its answers are the network's configured ones (a body of text in the configured content
 * type, any 2xx for a success, the configured or default refusal status), or the JSON error body.
 */
export const networkPostback = endpoint(['GET', 'POST'], `${API_BASE}${NETWORK_POSTBACK_PATH_PREFIX}:slug`, {
  response: {
    200: z.string(),
  },
});
