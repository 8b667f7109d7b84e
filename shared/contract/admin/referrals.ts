// GET/PUT /api/admin/referrals.php (docs/product-rules.md#admin-rules, #referrals).
import { z } from 'zod';
import { REFERRAL_DATE_RANGES, REFERRAL_REASON_MAX } from '../../constants';
import { ADMIN_API_BASE, ADMIN_REFERRALS_PATH } from '../paths';
import {
  endpoint,
  idParam,
  listQuery,
  okResponses,
  oneOf,
  pagination,
  type RequestOf,
  type ResponseOf,
} from '../common';

/** The list's sort fields, in the order the refusal names them. */
export const REFERRAL_SORT_FIELDS = [
  'registration_date',
  'first_completion_date',
  'status',
  'free_spins_granted',
] as const;
export type ReferralSortField = (typeof REFERRAL_SORT_FIELDS)[number];

/**
 * Status filter: 'completed' is completed_waiting (first offer done, no reward yet); 'needs_review' is
 * the same-device referrals among them, waiting for an administrator's Grant Reward or Deny; 'denied'
 * the ones an administrator closed.
 */
export const REFERRAL_STATUS_VALUES = [
  'all',
  'successful',
  'completed',
  'completed_waiting',
  'pending',
  'needs_review',
  'denied',
] as const;

/** An administrator's decision on a held (same-device) referral. */
export const REFERRAL_DECISIONS = ['grant', 'deny'] as const;
export type ReferralDecision = (typeof REFERRAL_DECISIONS)[number];

const referralRow = z.object({
  referral_id: z.number(),
  /** Both members (links to their pages, issue 36). */
  referrer_user_id: z.number(),
  referred_user_id: z.number(),
  referrer_name: z.string(),
  referrer_email: z.string(),
  referred_name: z.string(),
  referred_email: z.string(),
  registration_date: z.string(),
  referred_user_completions: z.number(),
  first_completion_date: z.string().nullable(),
  free_spins_granted: z.number(),
  status: z.enum(['successful', 'completed_waiting', 'pending', 'denied']),
  same_device: z.boolean(),
  /** Same device, first offer completed, no decision yet: Grant Reward and Deny apply. */
  needs_review: z.boolean(),
  /** An administrator's decision on a same-device referral, null when none was taken. */
  review_decision: z.enum(['granted', 'denied']).nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  review_reason: z.string().nullable(),
});
export type AdminReferralRow = z.infer<typeof referralRow>;

export const listReferrals = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_REFERRALS_PATH}`, {
  querystring: listQuery(
    {
      status: oneOf(REFERRAL_STATUS_VALUES).optional(),
      dateRange: oneOf(REFERRAL_DATE_RANGES).optional(),
    },
    REFERRAL_SORT_FIELDS,
    'registration_date',
  ),
  response: okResponses({
    referrals: z.array(referralRow),
    summary: z.object({
      total_referrals: z.number(),
      successful_referrals: z.number(),
      completed_referrals: z.number(),
      success_rate: z.number(),
      total_referral_revenue: z.number(),
      /** Same-device referrals waiting for a decision (the console's "Needs review"). */
      needs_review: z.number(),
    }),
    pagination,
  }),
});
export type AdminReferralsResponse = ResponseOf<typeof listReferrals>;

/**
 * Grant Reward or Deny a referral held because both accounts look like the same device. Grant gives
 * the referrer the free spin exactly once; Deny closes it as 'denied'. Both are audited; 404 for an
 * unknown referral, 409 when it is not (or no longer) waiting for a decision.
 */
export const decideReferral = endpoint('PUT', `${ADMIN_API_BASE}${ADMIN_REFERRALS_PATH}`, {
  body: z.strictObject({
    referral_id: idParam('referral_id'),
    action: oneOf(REFERRAL_DECISIONS),
    reason: z
      .string()
      .trim()
      .max(REFERRAL_REASON_MAX, `reason is at most ${REFERRAL_REASON_MAX} characters`)
      .optional(),
  }),
  response: okResponses({
    referral_id: z.number(),
    status: z.enum(['successful', 'denied']),
    free_spins_granted: z.number(),
  }),
});
export type DecideReferralRequest = RequestOf<typeof decideReferral>;
export type DecideReferralResponse = ResponseOf<typeof decideReferral>;
