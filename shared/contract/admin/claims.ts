// GET/PUT /api/admin/claims.php (docs/product-rules.md#claims): the members' missing-conversion claims,
// newest first, filtered by status, offer and the day they were filed; Approve (a manual approved
// conversion through the postbacks' rules: the spin and the referral reward, once) or Reject with a
// reason the member sees. Both decisions are audited.
import { z } from 'zod';
import { CLAIM_REASON_MAX } from '../../constants';
import { ADMIN_API_BASE, ADMIN_CLAIMS_PATH } from '../paths';
import {
  endpoint,
  idParam,
  listBase,
  okResponses,
  oneOf,
  pagination,
  type RequestOf,
  type ResponseOf,
} from '../common';

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** The list's sort fields (a whitelist: anything else is a 400). */
export const CLAIM_SORT_FIELDS = ['created_at', 'decided_at'] as const;
export type ClaimSortField = (typeof CLAIM_SORT_FIELDS)[number];
export const CLAIM_DECISIONS = ['approve', 'reject'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];
/** The longest rejection reason (the member reads it on the offer card). */
export { CLAIM_REASON_MAX };

const claimRow = z.object({
  claim_id: z.number(),
  status: z.enum(CLAIM_STATUSES),
  /** When the member filed it. */
  created_at: z.string(),
  /** The member's own words (may be empty). */
  note: z.string(),
  click_id: z.string(),
  /** When the member started the offer (the click). */
  clicked_at: z.string(),
  offer_id: z.number(),
  offer_title: z.string(),
  user_id: z.number(),
  user_name: z.string(),
  user_email: z.string(),
  reject_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The administrator who decided, by username. */
  decided_by: z.string().nullable(),
  /** The approved claim's conversion. */
  completion_id: z.number().nullable(),
});
export type AdminClaimRow = z.infer<typeof claimRow>;

export const listClaims = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_CLAIMS_PATH}`, {
  querystring: z.strictObject({
    ...listBase,
    sortBy: oneOf(CLAIM_SORT_FIELDS).default('created_at'),
    status: oneOf(['all', ...CLAIM_STATUSES]).optional(),
    offer: idParam('offer').optional(),
    /** One claim by id (the console's claim page, issue 36). */
    claim_id: idParam('claim_id').optional(),
    /** Filed on or after this day (UTC). */
    date_from: z.iso.date().optional(),
    /** Filed on or before this day (UTC). */
    date_to: z.iso.date().optional(),
  }),
  response: okResponses({
    claims: z.array(claimRow),
    /** Claims waiting for a decision, whatever the filters. */
    pending: z.number(),
    pagination,
  }),
});
export type AdminClaimsResponse = ResponseOf<typeof listClaims>;

/**
 * Approve or Reject a pending claim (a reason is required to reject). 404 for an unknown claim, 409
 * when it was already decided, or when the member already has a conversion of the offer (approving
 * would grant nothing: reject it instead).
 */
export const decideClaim = endpoint('PUT', `${ADMIN_API_BASE}${ADMIN_CLAIMS_PATH}`, {
  body: z
    .strictObject({
      claim_id: idParam('claim_id'),
      action: oneOf(CLAIM_DECISIONS),
      reason: z
        .string()
        .trim()
        .max(CLAIM_REASON_MAX, `The reason is at most ${CLAIM_REASON_MAX} characters`)
        .optional(),
    })
    .refine((b) => b.action !== 'reject' || (b.reason ?? '') !== '', {
      message: 'A reason is required to reject a claim: the member sees it',
      path: ['reason'],
    }),
  response: okResponses({
    claim_id: z.number(),
    status: z.enum(['approved', 'rejected']),
    completion_id: z.number().nullable(),
  }),
});
export type DecideClaimRequest = RequestOf<typeof decideClaim>;
export type DecideClaimResponse = ResponseOf<typeof decideClaim>;
