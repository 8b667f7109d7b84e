// GET /api/admin/timeline.php and /api/admin/click.php (issue 36): the console follows a thread from one
// record to the next. A timeline is everything that happened to one member, offer, network or click,
// newest first and paginated; each item carries the ids of the records it names, so every one is a link.
import { z } from 'zod';
import { ADMIN_API_BASE, ADMIN_CLICK_PATH, ADMIN_TIMELINE_PATH } from '../paths';
import { endpoint, idParam, listBase, okResponses, oneOf, pagination, type ResponseOf } from '../common';

/** The records a timeline can be about. */
export const TIMELINE_SUBJECTS = ['member', 'offer', 'network', 'click'] as const;
export type TimelineSubject = (typeof TIMELINE_SUBJECTS)[number];

/**
 * What an item is: a click, a postback attempt, a conversion (approved, pending or held), a reversal, a
 * spin, a voucher given, a claim, a referral (made or received), an administrator's action.
 */
export const TIMELINE_KINDS = [
  'click',
  'postback',
  'conversion',
  'reversal',
  'spin',
  'voucher',
  'claim',
  'referral',
  'admin',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** A click id as the member app makes them (128-bit base64url) or a network's own: printable, short. */
const clickIdParam = z
  .string()
  .trim()
  .min(1, 'click_id is required')
  .max(200, 'click_id must be at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'click_id must be printable text without spaces');

const timelineItem = z.object({
  kind: z.enum(TIMELINE_KINDS),
  /** When it happened. */
  at: z.string(),
  /** The item's own id in its kind (a click's id, a postback's, a claim's, an audit entry's…). */
  ref: z.string(),
  /** A postback's outcome, a conversion's or claim's status, a spin's result, an admin action. */
  status: z.string().nullable(),
  /** ₹ for a spin or voucher, the network's payout for a conversion. */
  amount: z.number().nullable(),
  /** A reason, a note, a voucher's brand, the administrator: a few words for a person. */
  detail: z.string().nullable(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  offer_id: z.number().nullable(),
  offer_title: z.string().nullable(),
  click_id: z.string().nullable(),
  network_id: z.number().nullable(),
  network_name: z.string().nullable(),
  completion_id: z.number().nullable(),
  claim_id: z.number().nullable(),
  voucher_id: z.number().nullable(),
  postback_id: z.number().nullable(),
  referral_id: z.number().nullable(),
});
export type TimelineItem = z.infer<typeof timelineItem>;

export const getTimeline = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_TIMELINE_PATH}`, {
  querystring: z
    .strictObject({
      page: listBase.page,
      limit: listBase.limit,
      subject: oneOf(TIMELINE_SUBJECTS),
      /** The member's, offer's or network's id, or the click's id. */
      id: z.string().trim().min(1, 'id is required').max(200),
      /** Only these kinds, comma-separated (e.g. "claim,reversal"); all when left out. */
      kinds: z
        .string()
        .trim()
        .max(200)
        .transform((s) =>
          s
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.enum(TIMELINE_KINDS)).min(1, 'kinds names at least one kind'))
        .optional(),
      /** A member's history about one offer only (a claim's page: that member's attempts for that offer). */
      offer: idParam('offer').optional(),
    })
    .superRefine((q, ctx) => {
      if (q.offer !== undefined && q.subject !== 'member')
        ctx.addIssue({ code: 'custom', path: ['offer'], message: 'offer narrows a member timeline only' });
      if (q.subject === 'click') {
        if (!clickIdParam.safeParse(q.id).success)
          ctx.addIssue({ code: 'custom', path: ['id'], message: 'id must be a click id' });
      } else if (!idParam('id').safeParse(q.id).success) {
        ctx.addIssue({ code: 'custom', path: ['id'], message: 'id must be a positive whole number' });
      }
    }),
  response: okResponses({ items: z.array(timelineItem), pagination }),
});
export type AdminTimelineResponse = ResponseOf<typeof getTimeline>;

const clickRecord = z.object({
  click_id: z.string(),
  created_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  user_id: z.number(),
  user_name: z.string(),
  user_email: z.string(),
  offer_id: z.number(),
  offer_title: z.string(),
  network_id: z.number().nullable(),
  network_name: z.string().nullable(),
  /** The click's conversion, if a postback (or an approved claim) made one. */
  completion_id: z.number().nullable(),
  completion_status: z.string().nullable(),
  /** Postback attempts that named this click. */
  postback_count: z.number(),
});
export type AdminClickRecord = z.infer<typeof clickRecord>;

export const getClick = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_CLICK_PATH}`, {
  querystring: z.strictObject({ click_id: clickIdParam }),
  response: okResponses({ click: clickRecord }),
});
export type AdminClickResponse = ResponseOf<typeof getClick>;
