// Trust and safety's lists and the hold policy's rules as plain values (issue 33): the contract's zod
// schemas (shared/contract/admin/reviews.ts) are built from them, and the console, which imports only
// types from the contract, checks its policy form with the same function. One source, no copies.

/** The reasons a score is made of (docs/trust-and-safety.md names each one's evidence and weight). */
export const RISK_REASONS = [
  'hosting_network',
  'shared_device',
  'shared_address',
  'same_email',
  'disposable_email',
  'signup_burst_address',
  'signup_burst_device',
  'activity_burst',
  'fast_conversion',
  'referral_linked',
  'referral_farm',
  'referral_chain',
  'referred_quit',
  'reversals',
  'network_hopping',
  'new_account',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

export const RISK_LEVELS = ['low', 'medium', 'high', 'very_high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const HOLD_KINDS = ['conversion', 'referral'] as const;
export const HOLD_STATUSES = ['held', 'released', 'denied'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
/** Why a reward was not approved, in categories the member is told. */
export const DENY_CATEGORIES = [
  'linked_accounts',
  'suspicious_activity',
  'partner_reversal',
  'other',
] as const;
export type DenyCategory = (typeof DENY_CATEGORIES)[number];
/** At most this many holds in one bulk decision. */
export const REVIEW_BULK_MAX = 100;

/** The policy's bounds. */
export const POLICY_LIMITS = {
  threshold: { min: 1, max: 1000 },
  holdHours: { min: 1, max: 24 * 60 },
  weight: { min: 0, max: 200 },
} as const;

/** The policy as a form or a request body holds it (numbers may be NaN when a field is empty). */
export interface PolicyShape {
  thresholds: { medium: number; high: number; very_high: number };
  hold_hours: { default: number; networks: Record<string, number> };
  rules: Record<string, { enabled: boolean; weight: number }>;
}

const whole = (n: number, min: number, max: number, what: string): string | null => {
  if (!Number.isFinite(n)) return `${what} is required`;
  if (!Number.isInteger(n)) return `${what} must be a whole number`;
  if (n < min) return `${what} must be at least ${min}`;
  if (n > max) return `${what} must be at most ${max}`;
  return null;
};

/**
 * What is wrong with a policy, by field path ('thresholds.medium', 'thresholds' for "must rise",
 * 'hold_hours.networks.native', 'rules.shared_device.weight'); empty when it can be saved.
 */
export function policyProblems(p: PolicyShape): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (path: string, problem: string | null) => {
    if (problem && !out[path]) out[path] = problem;
  };
  const L = POLICY_LIMITS;
  put(
    'thresholds.medium',
    whole(p.thresholds.medium, L.threshold.min, L.threshold.max, 'The medium threshold'),
  );
  put('thresholds.high', whole(p.thresholds.high, L.threshold.min, L.threshold.max, 'The high threshold'));
  put(
    'thresholds.very_high',
    whole(p.thresholds.very_high, L.threshold.min, L.threshold.max, 'The very high threshold'),
  );
  if (!(p.thresholds.medium < p.thresholds.high && p.thresholds.high < p.thresholds.very_high))
    put('thresholds', 'Thresholds must rise: medium < high < very high');
  put('hold_hours.default', whole(p.hold_hours.default, L.holdHours.min, L.holdHours.max, 'Hold hours'));
  for (const [slug, hours] of Object.entries(p.hold_hours.networks)) {
    if (!/^[a-z0-9-]{1,40}$/.test(slug)) put(`hold_hours.networks.${slug}`, 'A network is named by its slug');
    put(`hold_hours.networks.${slug}`, whole(hours, L.holdHours.min, L.holdHours.max, 'Hold hours'));
  }
  for (const [code, r] of Object.entries(p.rules)) {
    if (!(RISK_REASONS as readonly string[]).includes(code)) put(`rules.${code}`, `Unknown rule ${code}`);
    put(`rules.${code}.weight`, whole(r.weight, L.weight.min, L.weight.max, 'The weight'));
  }
  return out;
}
