// GET|POST /api/postback.php: the partner network's server-to-server confirmation. Its parameters are
// read by the receiver itself (server/routes/postback.ts), not by a route schema, so that every
// attempt, refused ones included, is logged; only the answers are declared here.
import { z } from 'zod';
import { API_BASE, POSTBACK_PATH } from './paths';
import { endpoint, errorBody } from './common';

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
