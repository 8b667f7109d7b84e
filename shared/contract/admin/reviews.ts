// Trust and safety (issue 33; docs/trust-and-safety.md): the review queue of rewards held by risk, one
// member's risk with its reasons and linked accounts, and the hold policy the operator tunes.
//
//   GET /api/admin/reviews.php      held (and decided) rewards, riskiest or newest first
//   PUT /api/admin/reviews.php      approve or deny held rewards: by ids (bulk) or all of one member's
//   GET /api/admin/risk.php         one member's score, reasons, linked accounts and referral tree
//   GET/PUT /api/admin/risk-policy.php  thresholds, hold hours per network, each rule on/off and its weight
//
// Every score is a sum of named reasons, each with its weight and the evidence behind it: no opaque number.
import { z } from 'zod';
import { ADMIN_API_BASE, ADMIN_REVIEWS_PATH, ADMIN_RISK_PATH, ADMIN_RISK_POLICY_PATH } from '../paths';
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

import {
  DENY_CATEGORIES,
  HOLD_KINDS,
  HOLD_STATUSES,
  POLICY_LIMITS,
  REVIEW_BULK_MAX,
  RISK_LEVELS,
  RISK_REASONS,
  policyProblems,
} from '../../trust';

// The lists are plain values in shared/trust.ts (the console reads them without zod).
export {
  DENY_CATEGORIES,
  HOLD_KINDS,
  HOLD_STATUSES,
  REVIEW_BULK_MAX,
  RISK_LEVELS,
  RISK_REASONS,
  type DenyCategory,
  type HoldStatus,
  type RiskLevel,
  type RiskReason,
} from '../../trust';

const riskReason = z.object({
  code: z.enum(RISK_REASONS),
  weight: z.number(),
  /** The evidence in a person's words ("3 accounts share this device: …"). */
  evidence: z.string(),
  /** The members the evidence names (linked accounts), for links. */
  user_ids: z.array(z.number()),
});
export type RiskReasonRow = z.infer<typeof riskReason>;

export const REVIEW_SORT_FIELDS = ['score', 'created_at'] as const;

const reviewRow = z.object({
  hold_id: z.number(),
  kind: z.enum(HOLD_KINDS),
  status: z.enum(HOLD_STATUSES),
  level: z.enum(RISK_LEVELS),
  score: z.number(),
  reasons: z.array(riskReason),
  user_id: z.number(),
  user_name: z.string(),
  user_email: z.string(),
  /** A conversion's offer (a referral reward: the referred member's first offer). */
  offer_id: z.number().nullable(),
  offer_title: z.string().nullable(),
  completion_id: z.number().nullable(),
  referral_id: z.number().nullable(),
  network_name: z.string().nullable(),
  /** The network's payout for the conversion. */
  payout: z.number().nullable(),
  created_at: z.string(),
  /** Medium risk: released on its own at this time unless decided first; null: waits for a review. */
  release_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The administrator's username, or 'system' for a timed release. */
  decided_by: z.string().nullable(),
  deny_category: z.enum(DENY_CATEGORIES).nullable(),
  note: z.string().nullable(),
});
export type AdminReviewRow = z.infer<typeof reviewRow>;

export const listReviews = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_REVIEWS_PATH}`, {
  querystring: z.strictObject({
    ...listBase,
    sortBy: oneOf(REVIEW_SORT_FIELDS).default('score'),
    status: oneOf(['all', ...HOLD_STATUSES]).default('held'),
    level: oneOf(RISK_LEVELS).optional(),
    user_id: idParam('user_id').optional(),
    hold_id: idParam('hold_id').optional(),
  }),
  response: okResponses({
    reviews: z.array(reviewRow),
    /** Held rewards waiting, whatever the filters, and when the oldest of them was held. */
    waiting: z.number(),
    oldest_waiting_at: z.string().nullable(),
    pagination,
  }),
});
export type AdminReviewsResponse = ResponseOf<typeof listReviews>;

export const REVIEW_DECISIONS = ['approve', 'deny'] as const;

/**
 * Approve or deny held rewards: `hold_ids` (one or a bulk selection) or `user_id` (every reward of that
 * member still held). Each hold is decided exactly once: one already decided is reported in `skipped`.
 * A denial names its category (the member is told it) and may add a note for the audit log.
 */
export const decideReviews = endpoint('PUT', `${ADMIN_API_BASE}${ADMIN_REVIEWS_PATH}`, {
  body: z
    .strictObject({
      hold_ids: z
        .array(idParam('hold_id'))
        .min(1, 'Choose at least one held reward')
        .max(REVIEW_BULK_MAX, `At most ${REVIEW_BULK_MAX} held rewards at once`)
        .optional(),
      user_id: idParam('user_id').optional(),
      action: oneOf(REVIEW_DECISIONS),
      category: oneOf(DENY_CATEGORIES).optional(),
      note: z.string().trim().max(500, 'The note is at most 500 characters').optional(),
    })
    .refine((b) => (b.hold_ids === undefined) !== (b.user_id === undefined), {
      message: 'Name the held rewards (hold_ids) or one member (user_id), not both',
      path: ['hold_ids'],
    })
    .refine((b) => b.action !== 'deny' || b.category !== undefined, {
      message: 'A denial needs a category: the member is told it',
      path: ['category'],
    }),
  response: okResponses({
    decided: z.array(z.number()),
    /** Holds that were already decided (or are not held): nothing changed for them. */
    skipped: z.array(z.number()),
  }),
});
export type DecideReviewsRequest = RequestOf<typeof decideReviews>;
export type DecideReviewsResponse = ResponseOf<typeof decideReviews>;

const linkedAccount = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  registration_date: z.string(),
  is_suspicious: z.boolean(),
  /** What links them: 'device', 'address', 'email'. */
  links: z.array(z.enum(['device', 'address', 'email'])),
});

const referralNode = z.object({
  user_id: z.number(),
  name: z.string(),
  /** Depth below the member (1: referred by them). */
  depth: z.number(),
  referred_by: z.number(),
  completions: z.number(),
});

const sighting = z.object({
  at: z.string(),
  kind: z.enum(['registration', 'sign_in']),
  address: z.string().nullable(),
  asn: z.number().nullable(),
  network: z.string().nullable(),
  hosting: z.boolean(),
  fingerprint: z.string().nullable(),
});

export const getRisk = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_RISK_PATH}`, {
  querystring: z.strictObject({ user_id: idParam('user_id') }),
  response: okResponses({
    user_id: z.number(),
    score: z.number(),
    level: z.enum(RISK_LEVELS),
    reasons: z.array(riskReason),
    /** The member's rewards are paused (very high risk) since this time; null: not paused. */
    rewards_paused_at: z.string().nullable(),
    linked_accounts: z.array(linkedAccount),
    /** Who referred the member (null: nobody), and whom they referred, down to three levels. */
    referred_by: z.object({ user_id: z.number(), name: z.string() }).nullable(),
    referral_tree: z.array(referralNode),
    /** Where the member registered and signed in from, newest first (the registration is kept). */
    sightings: z.array(sighting),
  }),
});
export type AdminRiskResponse = ResponseOf<typeof getRisk>;

const whole = z.number();

/**
 * The hold policy: the shape here, every bound and "thresholds must rise" in policyProblems
 * (shared/trust.ts), which the console's form runs too.
 */
export const riskPolicy = z
  .strictObject({
    /** The score at which a reward waits (medium), waits for a review (high), pauses the member (very high). */
    thresholds: z.strictObject({ medium: whole, high: whole, very_high: whole }),
    /** How long a medium-risk reward waits before it is released on its own, per network slug ('native' …). */
    hold_hours: z.strictObject({ default: whole, networks: z.record(z.string(), whole) }),
    /** Each rule: on or off, and its weight (the points its evidence adds). */
    rules: z.record(z.enum(RISK_REASONS), z.strictObject({ enabled: z.boolean(), weight: whole })),
  })
  .superRefine((p, ctx) => {
    for (const [path, message] of Object.entries(policyProblems(p)))
      ctx.addIssue({ code: 'custom', path: path.split('.'), message });
  });
/** The bounds, for the console's fields. */
export { POLICY_LIMITS };
export type RiskPolicy = z.infer<typeof riskPolicy>;

export const getRiskPolicy = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_RISK_POLICY_PATH}`, {
  response: okResponses({
    policy: riskPolicy,
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  }),
});
export type AdminRiskPolicyResponse = ResponseOf<typeof getRiskPolicy>;

export const putRiskPolicy = endpoint('PUT', `${ADMIN_API_BASE}${ADMIN_RISK_POLICY_PATH}`, {
  body: riskPolicy,
  response: okResponses({
    policy: riskPolicy,
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  }),
});
export type PutRiskPolicyRequest = RequestOf<typeof putRiskPolicy>;
