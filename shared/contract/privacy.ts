// The privacy centre's calls (issue 37, item 5): everything held about the member as one JSON file,
// their name corrected, their account deleted. The member's own data only: every call takes the
// member from the session, never from the request.
import { z } from 'zod';
import { MEMBER_NAME_MAX } from '../constants';
import { API_BASE, PRIVACY_DELETE_PATH, PRIVACY_EXPORT_PATH, PRIVACY_NAME_PATH } from './paths';
import { endpoint, okResponses, type RequestOf, type ResponseOf } from './common';

/** The longest first or last name a member may give (the sign-in keeps 100 characters of each). */
export const NAME_MAX = MEMBER_NAME_MAX;

const when = z.string();
const maybeWhen = z.string().nullable();

const exportedMember = z.object({
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  referral_code: z.string(),
  /** The code the member signed up with, when a friend referred them. */
  referred_by_code: z.string().nullable(),
  registration_method: z.string(),
  registration_date: when,
  last_activity: maybeWhen,
  /** The public id offer links carry to partner networks (random, never the member id). */
  sub_id: z.string(),
  /** The device fingerprint of the last sign-in, and the one of the registration. */
  device_fingerprint: z.string().nullable(),
  registration_fingerprint: z.string().nullable(),
  /** The address the member registered from, and its network, as the server saw them. */
  registration_address: z.string().nullable(),
  registration_network: z.number().nullable(),
  blocked: z.boolean(),
  free_spins_remaining: z.number(),
  total_free_spins_earned: z.number(),
  total_completions: z.number(),
  total_vouchers_won: z.number(),
  total_voucher_value: z.number(),
  spins_used: z.number(),
  total_referrals: z.number(),
  successful_referrals: z.number(),
  /** Eligibility (issue 37): when the member confirmed being 18 or older, and their state of residence. */
  adult_confirmed_at: maybeWhen,
  residence_state: z.string().nullable(),
});

/** A version of the terms the member accepted, and when (consent records). */
const exportedTermsAcceptance = z.object({ terms_version: z.string(), accepted_at: when });
/** Daily free spins claimed, per day (India time). */
const exportedDailySpins = z.object({ day: z.string(), claimed: z.number() });
/** The member's notification settings and the browsers subscribed (Web Push). */
const exportedNotifications = z.object({
  kinds: z.record(z.string(), z.boolean()).nullable(),
  devices: z.array(z.object({ push_service: z.string(), created_at: when, last_sent_at: maybeWhen })),
});

const exportedClick = z.object({
  id: z.string(),
  offer_id: z.number(),
  offer_title: z.string(),
  created_at: when,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});

const exportedConversion = z.object({
  id: z.number(),
  offer_id: z.number(),
  offer_title: z.string(),
  click_id: z.string().nullable(),
  network: z.string(),
  transaction_id: z.string(),
  status: z.string(),
  payout_amount: z.number(),
  payout_currency: z.string(),
  created_at: when,
  completed_at: maybeWhen,
  reversed_at: maybeWhen,
  reversal_reason: z.string().nullable(),
});

const exportedSpin = z.object({
  id: z.number(),
  spin_type: z.string(),
  offer_id: z.number().nullable(),
  reels: z.array(z.number()),
  is_win: z.boolean(),
  drawn_amount: z.number().nullable(),
  voucher_id: z.number().nullable(),
  stock_out: z.boolean(),
  created_at: when,
});

const exportedVoucher = z.object({
  id: z.number(),
  brand: z.string(),
  type: z.string(),
  amount: z.number(),
  code: z.string(),
  status: z.string(),
  expiry_date: z.string().nullable(),
  assigned_at: maybeWhen,
});

const exportedOwedVoucher = z.object({
  id: z.number(),
  spin_id: z.number(),
  amount: z.number(),
  created_at: when,
  voucher_id: z.number().nullable(),
  assigned_at: maybeWhen,
});

const exportedClaim = z.object({
  id: z.number(),
  click_id: z.string(),
  offer_id: z.number(),
  note: z.string(),
  status: z.string(),
  reject_reason: z.string().nullable(),
  created_at: when,
  decided_at: maybeWhen,
});

/** A friend the member referred: the referral only, nothing of the friend (no id, no name). */
const exportedReferralMade = z.object({
  id: z.number(),
  status: z.string(),
  created_at: when,
  reward_granted_at: maybeWhen,
  free_spins_granted: z.number(),
});

/** The referral that brought the member, if any: the code used, nothing of the referrer. */
const exportedReferredBy = z.object({
  referral_code: z.string(),
  status: z.string(),
  created_at: when,
});

const exportedSession = z.object({
  created_at: when,
  expires_at: when,
  last_seen_at: when,
});

/**
 * The devices and addresses the member signed in from, as the server saw them (the trust checks'
 * history: one row per address and device a day).
 */
const exportedSighting = z.object({
  kind: z.string(),
  address: z.string().nullable(),
  network: z.number().nullable(),
  network_name: z.string().nullable(),
  hosting: z.boolean(),
  fingerprint: z.string().nullable(),
  created_at: when,
});

/** A reward held by the risk checks: what it was and what became of it. */
const exportedHold = z.object({
  id: z.number(),
  kind: z.string(),
  conversion_id: z.number().nullable(),
  referral_id: z.number().nullable(),
  score: z.number(),
  level: z.string(),
  status: z.string(),
  created_at: when,
  release_at: maybeWhen,
  decided_at: maybeWhen,
});

const exportedClawback = z.object({
  id: z.number(),
  conversion_id: z.number(),
  voucher_value: z.number(),
  created_at: when,
});

/** GET: everything held about the signed-in member, sent as a file (Content-Disposition: attachment). */
export const privacyExport = endpoint('GET', `${API_BASE}${PRIVACY_EXPORT_PATH}`, {
  response: okResponses({
    exported_at: when,
    member: exportedMember,
    clicks: z.array(exportedClick),
    conversions: z.array(exportedConversion),
    spins: z.array(exportedSpin),
    vouchers: z.array(exportedVoucher),
    owed_vouchers: z.array(exportedOwedVoucher),
    claims: z.array(exportedClaim),
    referrals_made: z.array(exportedReferralMade),
    referred_by: exportedReferredBy.nullable(),
    sessions: z.array(exportedSession),
    sightings: z.array(exportedSighting),
    holds: z.array(exportedHold),
    clawbacks: z.array(exportedClawback),
    terms_acceptances: z.array(exportedTermsAcceptance),
    daily_spins: z.array(exportedDailySpins),
    notifications: exportedNotifications,
  }),
});
export type PrivacyExportResponse = ResponseOf<typeof privacyExport>;

const namePart = (what: string, min: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(min, `${what} is required`)
    .max(NAME_MAX, `${what} is at most ${NAME_MAX} characters`)
    .refine(
      (v) => !/[<>]/.test(v) && ![...v].some((c) => c < ' ' || c === '\u007f'),
      `${what} may not contain < > or control characters`,
    );

/** POST: the member corrects their name (first name required, last name may be blank). */
export const privacyName = endpoint('POST', `${API_BASE}${PRIVACY_NAME_PATH}`, {
  body: z.strictObject({
    first_name: namePart('First name', 1),
    last_name: namePart('Last name', 0).default(''),
  }),
  response: okResponses({
    first_name: z.string(),
    last_name: z.string(),
  }),
});
export type PrivacyNameRequest = RequestOf<typeof privacyName>;
export type PrivacyNameResponse = ResponseOf<typeof privacyName>;

/**
 * POST: deletes the signed-in member's account, after the app's confirmation (`confirm: true`, so no
 * stray request deletes anything). The session cookie is cleared; the answer is the last one.
 */
export const privacyDelete = endpoint('POST', `${API_BASE}${PRIVACY_DELETE_PATH}`, {
  body: z.strictObject({
    confirm: z.literal(true, { error: 'confirm must be true' }),
  }),
  response: okResponses({
    deleted: z.literal(true),
  }),
});
export type PrivacyDeleteRequest = RequestOf<typeof privacyDelete>;
export type PrivacyDeleteResponse = ResponseOf<typeof privacyDelete>;
