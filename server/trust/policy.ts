// The hold policy (issue 33, docs/trust-and-safety.md#policy): thresholds, hold hours per partner
// network, and each rule's switch and weight. One row in risk_policy; absent, the defaults below. Every
// process reads it at most every POLICY_TTL_MS (a change in the console applies within seconds everywhere).
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../db/client';
import {
  RISK_REASONS,
  riskPolicy,
  type RiskLevel,
  type RiskPolicy,
  type RiskReason,
} from '../../shared/contract/admin/reviews';

/**
 * The defaults: one weak signal alone never holds (every weight below the medium threshold but a
 * referral between linked accounts, the self-referral the product pays for, and a conversion ten times
 * faster than the offer's own typical time or faster than any person, which only a script does), two
 * together wait for the network's hold period, a farm or a ring waits for a review. A new account's
 * first rewards add a little to any other signal (docs/decisions/trust-new-accounts-and-fast-conversions.md).
 * One partner reversal stays low (honest members have one now and then); two reach high, an operator
 * decides, before the third blocks the member (docs/decisions/trust-reversals-and-fast-floor.md).
 */
export const DEFAULT_RULE_WEIGHTS: Record<RiskReason, number> = {
  hosting_network: 35,
  shared_device: 20,
  shared_address: 10,
  same_email: 40,
  disposable_email: 30,
  signup_burst_address: 30,
  signup_burst_device: 30,
  activity_burst: 25,
  fast_conversion: 70,
  referral_linked: 45,
  referral_farm: 40,
  referral_chain: 20,
  referred_quit: 20,
  reversals: 35,
  network_hopping: 30,
  new_account: 15,
};

export const DEFAULT_POLICY: RiskPolicy = {
  thresholds: { medium: 40, high: 70, very_high: 120 },
  hold_hours: { default: 72, networks: {} },
  rules: Object.fromEntries(
    RISK_REASONS.map((r) => [r, { enabled: true, weight: DEFAULT_RULE_WEIGHTS[r] }]),
  ) as RiskPolicy['rules'],
};

/** A rule as the scorer reads it: the stored policy may predate a rule (then its default applies). */
export function rule(policy: RiskPolicy, code: RiskReason): { enabled: boolean; weight: number } {
  return policy.rules[code] ?? { enabled: true, weight: DEFAULT_RULE_WEIGHTS[code] };
}

export function levelOf(score: number, policy: RiskPolicy): RiskLevel {
  const t = policy.thresholds;
  if (score >= t.very_high) return 'very_high';
  if (score >= t.high) return 'high';
  if (score >= t.medium) return 'medium';
  return 'low';
}

/** How long a medium-risk reward of `network` waits before it is released on its own. */
export function holdHours(policy: RiskPolicy, network: string | null): number {
  return (network && policy.hold_hours.networks[network]) || policy.hold_hours.default;
}

export interface StoredPolicy {
  policy: RiskPolicy;
  updatedAt: Date | null;
  updatedBy: string | null;
}

const POLICY_TTL_MS = 5_000;
const cache = new WeakMap<object, { at: number; value: Promise<StoredPolicy> }>();

async function readPolicy(db: Queryable): Promise<StoredPolicy> {
  const [row] = await query<{ policy: unknown; updated_at: Date; updated_by: string | null }>(
    db,
    sql`select policy, updated_at, updated_by from risk_policy where id = 1`,
  );
  if (!row) return { policy: DEFAULT_POLICY, updatedAt: null, updatedBy: null };
  const parsed = riskPolicy.safeParse(typeof row.policy === 'string' ? JSON.parse(row.policy) : row.policy);
  // A row the schema no longer reads (an older shape) falls back to the defaults rather than failing rewards.
  return {
    policy: parsed.success ? parsed.data : DEFAULT_POLICY,
    updatedAt: new Date(row.updated_at),
    updatedBy: row.updated_by,
  };
}

/** The policy in force, cached per database handle for a few seconds. */
export function loadPolicy(db: Queryable, key: object = db): Promise<StoredPolicy> {
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < POLICY_TTL_MS) return hit.value;
  const value = readPolicy(db).catch((err) => {
    cache.delete(key);
    throw err;
  });
  cache.set(key, { at: now, value });
  return value;
}

/** Stores a new policy (the caller audits it) and drops this process's cached copy. */
export async function savePolicy(
  db: Queryable,
  policy: RiskPolicy,
  by: string,
  key: object = db,
): Promise<StoredPolicy> {
  const [row] = await query<{ updated_at: Date }>(
    db,
    sql`insert into risk_policy (id, policy, updated_at, updated_by)
        values (1, ${JSON.stringify(policy)}::jsonb, now(), ${by})
        on conflict (id) do update set policy = excluded.policy, updated_at = now(), updated_by = excluded.updated_by
        returning updated_at`,
  );
  cache.delete(key);
  return { policy, updatedAt: new Date(row!.updated_at), updatedBy: by };
}

/** Drops the cached policy (tests that change it directly). */
export function forgetPolicy(key: object) {
  cache.delete(key);
}
