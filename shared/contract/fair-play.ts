// Fair play (issue 37): the official rules generated from live data, the operator's identity and
// contact, the member's eligibility and terms acceptance, and the daily free spin. One zod object per
// endpoint, as in member.ts.
import { z } from 'zod';
import { STATE_CODES } from '../fair-play';
import { endpoint, okResponses, slotConfig, type RequestOf, type ResponseOf } from './common';
import { slotSpin } from './member';
import {
  API_BASE,
  DAILY_SPIN_PATH,
  ELIGIBILITY_PATH,
  OPERATOR_PATH,
  RULES_PATH,
  TERMS_ACCEPTANCE_PATH,
} from './paths';

const odds = z.object({
  prizes: z.array(z.object({ amount: z.number(), percent: z.number() })),
  try_again: z.number(),
});

const state = z.object({ code: z.string(), name: z.string() });

export const operatorInfo = z.object({
  name: z.string(),
  address: z.string(),
  grievance_officer_name: z.string(),
  grievance_officer_email: z.string(),
  support_email: z.string(),
  support_phone: z.string().nullable(),
});
export type OperatorInfo = z.infer<typeof operatorInfo>;

const dailySpinSettings = z.object({
  enabled: z.boolean(),
  per_day: z.number(),
  table: slotConfig,
  odds,
});

/** The rules' content: what its hash is taken over (no timestamps in it). */
export const rulesContent = z.object({
  operator: operatorInfo,
  terms_version: z.string(),
  offers: z.array(
    z.object({
      offer_id: z.number(),
      title: z.string(),
      table: slotConfig,
      odds,
      uses_default_table: z.boolean(),
    }),
  ),
  free_spin: z.object({ table: slotConfig, odds }),
  daily_spin: dailySpinSettings,
  stock: z.array(z.object({ brand: z.string(), amount: z.number(), count: z.number() })),
  eligibility: z.object({ minimum_age: z.number(), excluded_states: z.array(state) }),
});
export type RulesContent = z.infer<typeof rulesContent>;

const rulesVersion = z.object({ hash: z.string(), published_at: z.string() });

export const rules = endpoint('GET', `${API_BASE}${RULES_PATH}`, {
  querystring: z.object({
    /** A past version's hash: that version's content instead of the current one. */
    version: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'version must be a version hash')
      .optional(),
  }),
  response: okResponses({
    rules: rulesContent,
    version: rulesVersion,
    /** The current version first, then the older ones, newest first (at most 50). */
    versions: z.array(rulesVersion),
    current: z.boolean(),
  }),
});
export type RulesResponse = ResponseOf<typeof rules>;

export const operator = endpoint('GET', `${API_BASE}${OPERATOR_PATH}`, {
  response: okResponses({
    operator: operatorInfo,
    terms_version: z.string(),
    states: z.array(state),
    excluded_states: z.array(state),
    daily_spin_enabled: z.boolean(),
  }),
});
export type OperatorResponse = ResponseOf<typeof operator>;

const dailySpinStatus = z.object({
  enabled: z.boolean(),
  per_day: z.number(),
  claimed_today: z.number(),
  /** Spins the member may still claim today (0 when off, excluded or not yet eligible). */
  available: z.number(),
});

const eligibilityState = z.object({
  adult_confirmed: z.boolean(),
  state: z.string().nullable(),
  state_excluded: z.boolean(),
  terms_version: z.string(),
  accepted_terms_version: z.string().nullable(),
  accepted_terms_at: z.string().nullable(),
  /** What the app must ask first: the first sign-in's questions, the new terms, or nothing. */
  needs: z.enum(['eligibility', 'terms']).nullable(),
  daily_spin: dailySpinStatus,
});
export type EligibilityState = z.infer<typeof eligibilityState>;

export const getEligibility = endpoint('GET', `${API_BASE}${ELIGIBILITY_PATH}`, {
  response: okResponses({ eligibility: eligibilityState }),
});
export type EligibilityResponse = ResponseOf<typeof getEligibility>;

export const confirmEligibility = endpoint('POST', `${API_BASE}${ELIGIBILITY_PATH}`, {
  body: z
    .object({
      adult: z.boolean('adult must be true or false'),
      state: z.enum(STATE_CODES, { error: () => 'state must be a state code' }).optional(),
      acceptTerms: z.boolean().optional(),
      termsVersion: z.string().max(40).optional(),
    })
    .refine((b) => !b.adult || (b.state !== undefined && b.acceptTerms === true && !!b.termsVersion), {
      message: 'state, acceptTerms and termsVersion are required',
      path: ['state'],
    }),
  response: okResponses({
    /** false: under 18, the account and everything of it were deleted and the session ended. */
    kept: z.boolean(),
    message: z.string().nullable(),
    eligibility: eligibilityState.nullable(),
  }),
});
export type EligibilityRequest = RequestOf<typeof confirmEligibility>;
export type ConfirmEligibilityResponse = ResponseOf<typeof confirmEligibility>;

export const acceptTerms = endpoint('POST', `${API_BASE}${TERMS_ACCEPTANCE_PATH}`, {
  body: z.object({ termsVersion: z.string().min(1).max(40) }),
  response: okResponses({ eligibility: eligibilityState }),
});
export type AcceptTermsRequest = RequestOf<typeof acceptTerms>;

/** The daily free spin: claimed and spun at once, from the daily table; answered as a slot spin. */
export const dailySpin = endpoint('POST', `${API_BASE}${DAILY_SPIN_PATH}`, {
  body: z.object({}),
  response: slotSpin.schema.response,
});
export type DailySpinResponse = ResponseOf<typeof dailySpin>;
