// The member calls (docs/product-rules.md#calls): sign-in and sign-out, the member's stats, offers, clicks, spins
// and referrals. Field names are the specification's, exactly.
import { z } from 'zod';
import { CLAIM_NOTE_MAX } from '../constants';
import { DENY_CATEGORIES } from '../trust';
import {
  API_BASE,
  CLAIM_PATH,
  CLICK_OFFER_PATH,
  EVENTS_PATH,
  FIREBASE_AUTH_PATH,
  LOGOUT_PATH,
  OFFERS_PATH,
  REFERRAL_CODE_PATH,
  REFERRAL_STATS_PATH,
  SLOT_SPIN_PATH,
  USER_STATS_PATH,
  VOUCHER_USED_PATH,
} from './paths';
import {
  endpoint,
  errorResponses,
  okResponses,
  positiveId,
  slotConfig,
  type RequestOf,
  type ResponseOf,
} from './common';

const sessionUser = z.object({
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  referral_code: z.string(),
});
export type SessionUserRow = z.infer<typeof sessionUser>;

const memberOfferStatus = z.enum(['available', 'pending', 'completed']);
export type MemberOfferStatus = z.infer<typeof memberOfferStatus>;

const memberOffer = z.object({
  offer_id: z.number(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  preview_url: z.string().nullable(),
  offer_url: z.string().nullable(),
  category: z.string().nullable(),
  completed: z.boolean(),
  spinner_used: z.boolean(),
  status: memberOfferStatus,
  /** 'none' or 'voucher_<amount>'. */
  reward_type: z.string(),
  voucher_code: z.string().nullable(),
  slot_config: slotConfig.nullable(),
  /**
   * The odds of what can be won on this offer now (docs/product-rules.md#spins): the paying reels of
   * the table it plays (slot_config, or the default table without one) whose amount has a code in
   * stock; the rest of 100 is 'Try again'. The server always sends it.
   */
  slot_odds: slotConfig.optional(),
  /** Pending verification only (else null): when the member started the offer (their click, ISO 8601). */
  clicked_at: z.string().nullable(),
  /** Pending verification only (else null): when the partner reported the completion as pending. */
  pending_since: z.string().nullable(),
  /**
   * The member may report this offer as completed but not credited (POST /api/claim.php): they
   * started it between 1 hour and 30 days ago, it has no conversion, and no claim of theirs on it is
   * under review (docs/product-rules.md#claims).
   */
  can_claim: z.boolean(),
  /** The member's latest claim on this offer: its status, or null when they filed none. */
  claim_status: z.enum(['pending', 'approved', 'rejected']).nullable(),
  /** A rejected claim's reason, as the administrator wrote it for the member; else null. */
  claim_reason: z.string().nullable(),
  /**
   * The partner confirmed the conversion but its reward is held by risk (issue 33,
   * docs/trust-and-safety.md): 'checking' is released on its own at release_at unless a review comes
   * first; 'under_review' waits for a review; 'paused': the member's rewards are paused until a review
   * (very high risk); 'not_approved' was denied (category: why). Null: not held.
   */
  review: z
    .object({
      state: z.enum(['checking', 'under_review', 'paused', 'not_approved']),
      release_at: z.string().nullable(),
      category: z.enum(DENY_CATEGORIES).nullable(),
    })
    .nullable(),
});
export type MemberOffer = z.infer<typeof memberOffer>;

const spinType = z.enum(['free', 'offer']);

const spinVoucher = z.object({
  code: z.string(),
  amount: z.number(),
  brand: z.string(),
  type: z.string(),
  expiryDate: z.string().nullable(),
  description: z.string().nullable(),
});
export type SpinVoucher = z.infer<typeof spinVoucher>;

const voucherStatus = z.enum(['available', 'assigned', 'used', 'expired']);

/** 'not_approved': a same-device referral an administrator closed without a reward. */
const memberReferralStatus = z.enum([
  'registered_only',
  'completed_waiting',
  'completed_and_rewarded',
  'not_approved',
]);
export type MemberReferralStatus = z.infer<typeof memberReferralStatus>;

export const firebaseAuth = endpoint('POST', `${API_BASE}${FIREBASE_AUTH_PATH}`, {
  body: z.object({
    idToken: z.string().min(1, 'idToken is required').max(8192),
    deviceFingerprint: z.string().max(128).nullish(),
    referralCode: z.string().max(32).nullish(),
  }),
  response: okResponses({
    sessionId: z.string(),
    user: sessionUser,
    isNewUser: z.boolean(),
    referralUsed: z.boolean(),
  }),
});
export type LoginRequest = RequestOf<typeof firebaseAuth>;
export type LoginResponse = ResponseOf<typeof firebaseAuth>;

export const logout = endpoint('POST', `${API_BASE}${LOGOUT_PATH}`, {
  response: okResponses({}),
});

export const userStats = endpoint('GET', `${API_BASE}${USER_STATS_PATH}`, {
  response: okResponses({
    user: sessionUser,
    stats: z.object({
      total_completions: z.number(),
      total_vouchers_won: z.number(),
      successful_referrals: z.number(),
      total_voucher_value: z.number(),
      spins_used: z.number(),
      free_spins_remaining: z.number(),
      total_free_spins_earned: z.number(),
      referral_conversion_rate: z.number(),
    }),
    completions: z.array(
      z.object({
        title: z.string().nullable(),
        category: z.string().nullable(),
        completed_at: z.string(),
        voucher_code: z.string().nullable(),
        voucher_brand: z.string().nullable(),
        voucher_amount: z.number().nullable(),
        reward_type: z.string(),
        /** 'reversed': the partner took the conversion back (shown as Reversed in the history). */
        status: z.enum(['approved', 'reversed']),
        /** When the partner reversed it; null while approved. */
        reversed_at: z.string().nullable(),
        /** The partner's reason for the reversal, when it sent one. */
        reversal_reason: z.string().nullable(),
      }),
    ),
    voucherBreakdown: z.array(
      z.object({
        voucher_amount: z.number(),
        voucher_brand: z.string(),
        count: z.number(),
        total_value: z.number(),
      }),
    ),
    userVouchers: z.array(
      z.object({
        voucher_id: z.number(),
        voucher_code: z.string(),
        voucher_amount: z.number(),
        voucher_brand: z.string(),
        voucher_description: z.string().nullable(),
        title: z.string().nullable(),
        assigned_at: z.string(),
        completed_at: z.string().nullable(),
        voucher_source: z.enum(['free_spin', 'offer_completion']),
        /** The voucher's own terms, when the administrator gave some. */
        voucher_terms: z.string().nullable(),
        /** The last day the code can be used (yyyy-MM-dd), null when it has none. */
        expiry_date: z.string().nullable(),
        /** 'assigned' (the member's, not used yet) or 'used' (the member marked it). */
        status: voucherStatus,
      }),
    ),
    /**
     * Wins whose voucher is owed (the last code went to another member at the same moment): each is
     * assigned automatically, oldest first, when its amount is restocked, and then leaves this list for
     * userVouchers. The server always sends it.
     */
    owedVouchers: z
      .array(
        z.object({
          owed_id: z.number(),
          voucher_amount: z.number(),
          /** The offer's title, 'Free Spin Bonus' for a free spin. */
          title: z.string().nullable(),
          won_at: z.string(),
          voucher_source: z.enum(['free_spin', 'offer_completion']),
        }),
      )
      .optional(),
  }),
});
export type UserStatsResponse = ResponseOf<typeof userStats>;
export type UserStats = UserStatsResponse['stats'];
export type UserCompletion = UserStatsResponse['completions'][number];
export type VoucherBreakdownRow = UserStatsResponse['voucherBreakdown'][number];
export type UserVoucher = UserStatsResponse['userVouchers'][number];
export type OwedVoucher = NonNullable<UserStatsResponse['owedVouchers']>[number];

export const offers = endpoint('GET', `${API_BASE}${OFFERS_PATH}`, {
  response: okResponses({
    offers: z.array(memberOffer),
    freeSpinsRemaining: z.number(),
    /** The free spin's odds now: the default table's paying reels with a code in stock (as slot_odds). */
    freeSpinOdds: slotConfig.optional(),
  }),
});
export type OffersResponse = ResponseOf<typeof offers>;

export const clickOffer = endpoint('POST', `${API_BASE}${CLICK_OFFER_PATH}`, {
  body: z.object({
    offerId: positiveId('offerId', { strings: false }),
  }),
  response: okResponses({
    clickId: z.string(),
    offerTitle: z.string(),
    network: z.string(),
    redirectUrl: z.string(),
  }),
});
export type ClickRequest = RequestOf<typeof clickOffer>;
export type ClickResponse = ResponseOf<typeof clickOffer>;

export const slotSpin = endpoint('POST', `${API_BASE}${SLOT_SPIN_PATH}`, {
  body: z
    .object({
      spinType,
      offerId: positiveId('offerId', { strings: false }).optional(),
    })
    .refine((b) => b.spinType === 'free' || b.offerId !== undefined, {
      message: 'offerId is required for an offer spin',
      path: ['offerId'],
    }),
  response: okResponses({
    slotResult: z.tuple([z.number(), z.number(), z.number()]),
    isWinningCombination: z.boolean(),
    rewardType: z.string(),
    spinType,
    freeSpinsRemaining: z.number(),
    voucher: spinVoucher.nullable(),
    /**
     * A win that lost the race for the last code of its amount: owed, assigned when that amount is
     * restocked (the member hears it as the live event 'voucher'); voucher is then null. Else null.
     */
    owedVoucher: z.object({ amount: z.number() }).nullable().optional(),
    /** The played table's odds of what can be won now, after this spin (as an offer's slot_odds). */
    odds: slotConfig.optional(),
  }),
});
export type SpinRequest = RequestOf<typeof slotSpin>;
export type SpinResponse = ResponseOf<typeof slotSpin>;

/** A referral code as a link carries it: letters and digits (matched without regard to case). */
export const referralCodeInput = z
  .string()
  .trim()
  .min(1, 'code is required')
  .max(32)
  .regex(/^[A-Za-z0-9]+$/, 'code must be letters and digits');

/**
 * The sign-in page's check of ?ref= before it says the code applies: whether a member may be referred
 * with it, and the referrer's first name to show. A blocked referrer's code reads as not found.
 */
export const referralCodeCheck = endpoint('GET', `${API_BASE}${REFERRAL_CODE_PATH}`, {
  querystring: z.object({ code: referralCodeInput }),
  response: okResponses({
    valid: z.boolean(),
    referrerFirstName: z.string().nullable(),
  }),
});
export type ReferralCodeCheckResponse = ResponseOf<typeof referralCodeCheck>;

export const referralStats = endpoint('GET', `${API_BASE}${REFERRAL_STATS_PATH}`, {
  response: okResponses({
    referralCode: z.string(),
    shareUrl: z.string(),
    summary: z.object({
      totalReferrals: z.number(),
      successfulReferrals: z.number(),
      pendingReferrals: z.number(),
      totalFreeSpinsEarned: z.number(),
      conversionRate: z.number(),
    }),
    monthlyPerformance: z.array(
      z.object({ month: z.string(), registrations: z.number(), successful: z.number() }),
    ),
    referralDetails: z.array(
      z.object({
        first_name: z.string(),
        last_name: z.string(),
        registration_date: z.string(),
        first_completion_date: z.string().nullable(),
        total_completions: z.number(),
        status: memberReferralStatus,
        /**
         * Held for an administrator's check: both accounts look like the same device (same
         * fingerprint), so no free spin is granted unless an administrator decides otherwise.
         */
        under_review: z.boolean(),
        /** An administrator's decision on a held referral: granted (the free spin) or denied; else null. */
        review_outcome: z.enum(['granted', 'denied']).nullable(),
      }),
    ),
  }),
});
export type ReferralStatsResponse = ResponseOf<typeof referralStats>;

/**
 * The events of GET /api/events.php (docs/architecture.md, "Live member updates"): each `event:`
 * name with the JSON of its `data:` line. A client ignores names it does not know (the list grows).
 *   ready: the stream is open; its `id:` is where a reconnection resumes from, even before any event
 *   conversion: the partner's answer on an offer the member started (pending, approved or reversed)
 *   free_spin: a referred friend's first completion granted the member `count` free spins
 *   claim: an administrator answered the member's missing-conversion claim (approved: the spin is
 *     ready; rejected: with the reason)
 *   referral: an administrator denied a referral of the member's held for review (same device); a
 *     grant is announced as its free_spin
 *   voucher: a voucher the member was owed (a win that lost the race for the last code) was assigned
 *     at a restock: it is now in their vouchers
 *   blocked: the member was blocked (the stream then ends; the app signs out with `message`)
 *   logout: the stream's session ended (signed out, possibly in another tab; the stream then ends)
 *   resync: events may have been missed (resume point unknown here): refetch everything
 */
export const memberEventData = {
  ready: z.object({}),
  conversion: z.object({
    status: z.enum(['pending', 'approved', 'reversed']),
    offerId: z.number(),
    completionId: z.number(),
    title: z.string().nullable(),
    /** A reversal that is a reward denied in review (issue 33), not the partner's. */
    notApproved: z.boolean().optional(),
  }),
  free_spin: z.object({ count: z.number() }),
  claim: z.object({
    status: z.enum(['approved', 'rejected']),
    offerId: z.number(),
    claimId: z.number(),
    title: z.string().nullable(),
    /** A rejection's reason for the member; null on an approval. */
    reason: z.string().nullable(),
  }),
  referral: z.object({ status: z.literal('denied'), referralId: z.number() }),
  voucher: z.object({
    owedId: z.number(),
    voucherId: z.number(),
    amount: z.number(),
    /** The offer's title, 'Free Spin Bonus' for a free spin. */
    title: z.string().nullable(),
  }),
  blocked: z.object({ message: z.string() }),
  logout: z.object({}),
  resync: z.object({}),
};
export type MemberEventName = keyof typeof memberEventData;
export type MemberEventData<K extends MemberEventName> = z.infer<(typeof memberEventData)[K]>;

/** An event id: opaque to the client, sent back as Last-Event-ID (or `lastEventId` on a new connection). */
export const memberEventId = z
  .string()
  .max(128, 'lastEventId is at most 128 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'lastEventId is an event id the stream sent (letters, digits, . _ -)');

export const events = endpoint('GET', `${API_BASE}${EVENTS_PATH}`, {
  querystring: z.object({
    lastEventId: memberEventId.optional(),
    /**
     * The app window's id (issue 38): while this stream is open and its window visible
     * (POST /api/push-presence.php), the member gets no push notification.
     */
    tab: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'tab is 8 to 64 letters, digits, _ and -')
      .optional(),
  }),
  /** 200 is a text/event-stream, never JSON. */
  response: { 200: z.string(), ...errorResponses },
});

/** The member marks one of their own vouchers as used: 404 for any other voucher, 409 when already used. */
export const voucherUsed = endpoint('POST', `${API_BASE}${VOUCHER_USED_PATH}`, {
  body: z.object({
    voucher_id: positiveId('voucher_id', { strings: false }),
    /**
     * false: the member takes back their own 'used' mark (the wallet's Undo, or Mark as not used): the
     * voucher is theirs to use again. Absent: true.
     */
    used: z.boolean().optional(),
  }),
  response: okResponses({
    voucher_id: z.number(),
    status: z.enum(['used', 'assigned']),
  }),
});
export type VoucherUsedRequest = RequestOf<typeof voucherUsed>;
export type VoucherUsedResponse = ResponseOf<typeof voucherUsed>;

/** The longest note a member may add to a claim (characters, after trimming). */
export { CLAIM_NOTE_MAX };

/**
 * A missing-conversion claim (docs/product-rules.md#claims): the member's own click (clickId), or
 * their latest eligible click on the offer (offerId), with a short note. 404 for a click that is not
 * theirs, 409 when the click is too recent, too old, already converted or already claimed.
 */
export const claim = endpoint('POST', `${API_BASE}${CLAIM_PATH}`, {
  body: z
    .strictObject({
      clickId: z
        .string()
        .min(1, 'clickId is required')
        .max(64, 'clickId is at most 64 characters')
        .optional(),
      offerId: positiveId('offerId', { strings: false }).optional(),
      note: z
        .string()
        .trim()
        .max(CLAIM_NOTE_MAX, `The note is at most ${CLAIM_NOTE_MAX} characters`)
        .default(''),
    })
    .refine((b) => b.clickId !== undefined || b.offerId !== undefined, {
      message: 'clickId or offerId is required',
      path: ['offerId'],
    }),
  response: okResponses({
    claim_id: z.number(),
    offer_id: z.number(),
    status: z.literal('pending'),
  }),
});
export type ClaimRequest = RequestOf<typeof claim>;
export type ClaimResponse = ResponseOf<typeof claim>;
