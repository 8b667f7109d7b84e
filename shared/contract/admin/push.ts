// GET /api/admin/push-summary.php: Web Push per kind (issue 38): members opted in, notifications sent
// and failed in the last 7 days.
import { z } from 'zod';
import { ADMIN_API_BASE, ADMIN_PUSH_SUMMARY_PATH } from '../paths';
import { endpoint, okResponses, type ResponseOf } from '../common';
import { PUSH_KINDS } from '../../push';

export const pushSummary = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_PUSH_SUMMARY_PATH}`, {
  response: okResponses({
    /** Whether the server can send (VAPID keys configured). */
    enabled: z.boolean(),
    days: z.number(),
    /** Members with at least one stored subscription. */
    subscribed_members: z.number(),
    kinds: z.array(
      z.object({
        kind: z.enum(PUSH_KINDS),
        opted_in: z.number(),
        sent: z.number(),
        failed: z.number(),
      }),
    ),
  }),
});
export type PushSummaryResponse = ResponseOf<typeof pushSummary>;
