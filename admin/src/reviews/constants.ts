// The review queue's lists, as the contract (shared/contract/admin/reviews.ts) defines them. The console
// imports only types from the contract (its zod schemas probe for eval, which the console's CSP refuses):
// these copies are checked against the contract's types at compile time, so they cannot drift.
import type { DenyCategory, HoldStatus, RiskLevel, RiskReason } from '../../../shared/contract/admin/reviews';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

export const DENY_CATEGORIES = [
  'linked_accounts',
  'suspicious_activity',
  'partner_reversal',
  'other',
] as const satisfies readonly DenyCategory[];
export const HOLD_STATUSES = ['held', 'released', 'denied'] as const satisfies readonly HoldStatus[];
export const RISK_LEVELS = ['low', 'medium', 'high', 'very_high'] as const satisfies readonly RiskLevel[];
/** At most this many holds in one bulk decision (the contract's REVIEW_BULK_MAX). */
export const REVIEW_BULK_MAX = 100;

export type ListsMatchTheContract = [
  Assert<Same<(typeof DENY_CATEGORIES)[number], DenyCategory>>,
  Assert<Same<(typeof HOLD_STATUSES)[number], HoldStatus>>,
  Assert<Same<(typeof RISK_LEVELS)[number], RiskLevel>>,
];

/** Every reason a rule can name, for tables that list them all (the policy page reads the contract's). */
export type { RiskReason };
