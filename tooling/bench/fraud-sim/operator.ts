// The operator in the loop of `npm --prefix tooling run fraud:sim`: once per simulated day they open the review queue
// (GET /api/admin/reviews.php, held rewards) and decide each item from what the queue shows: its level
// and its reasons. Never from the simulation's ground truth.
//
// The rule (documented in docs/benchmarks.md with the figures):
//   - high or very high, and a reason that names linked accounts (shared device, same email, linked to
//     the referrer, referral farm, referral chain), a hosting/VPN network (hosting network, network
//     hopping) or a behaviour (bot-speed completion, partner reversals): deny;
//     A shared address together with a sign-up burst from it counts as linked accounts too: more
//     accounts than a family's allowance on one /24, several made within the same hour, are throwaway
//     accounts being made (either alone is context: a hostel, a carrier's shared addresses);
//   - high or very high with none of those (only context: shared address or sign-up burst alone,
//     activity burst, referred accounts that quit): approve, the evidence is too weak to refuse a member;
//   - medium with two or more of those reasons (corroborated): deny;
//   - medium, a new account's first rewards (new_account) made from a hosting/VPN network or in a
//     sign-up burst on one address beyond a family's allowance: deny (how the account was made is the
//     evidence; no history of theirs speaks for them);
//   - medium otherwise: left alone, the server releases it when the network's hold hours pass.
import type { AdminReviewRow, DenyCategory, RiskReason } from '../../../shared/contract/admin/reviews';

const LINKED: readonly RiskReason[] = [
  'shared_device',
  'same_email',
  'referral_linked',
  'referral_farm',
  'referral_chain',
];
const NETWORK: readonly RiskReason[] = ['hosting_network', 'network_hopping'];
const BEHAVIOUR: readonly RiskReason[] = ['fast_conversion', 'reversals', 'disposable_email'];
const DAMNING = new Set<RiskReason>([...LINKED, ...NETWORK, ...BEHAVIOUR]);

export type Decision = { action: 'approve' } | { action: 'deny'; category: DenyCategory } | null;

/** Accounts being made in a burst on one address beyond a family's allowance: both reasons together. */
const ADDRESS_BURST: readonly RiskReason[] = ['shared_address', 'signup_burst_address'];

export function decide(row: Pick<AdminReviewRow, 'level' | 'reasons'>): Decision {
  const codes = new Set(row.reasons.map((r) => r.code));
  const addressBurst = ADDRESS_BURST.every((c) => codes.has(c));
  const damning = [...[...codes].filter((c) => DAMNING.has(c)), ...(addressBurst ? ['address_burst'] : [])];
  const category: DenyCategory =
    addressBurst || LINKED.some((c) => codes.has(c))
      ? 'linked_accounts'
      : codes.has('reversals') && damning.length === 1
        ? 'partner_reversal'
        : 'suspicious_activity';
  if (row.level === 'high' || row.level === 'very_high')
    return damning.length > 0 ? { action: 'deny', category } : { action: 'approve' };
  if (row.level === 'medium' && damning.length >= 2) return { action: 'deny', category };
  const madeSo = addressBurst || NETWORK.some((c) => codes.has(c));
  if (row.level === 'medium' && madeSo && codes.has('new_account')) return { action: 'deny', category };
  return null;
}

export const OPERATOR_RULE_TEXT =
  "once per simulated day, for each held reward in the queue: high or very high with a reason naming linked accounts (shared_device, same_email, referral_linked, referral_farm, referral_chain), a hosting/VPN network (hosting_network, network_hopping) or a behaviour (fast_conversion, reversals, disposable_email) → deny; high or very high with shared_address and signup_burst_address together (accounts made in a burst on one address beyond a family's allowance) → deny; high or very high with only context reasons (shared_address or a sign-up burst alone, activity_burst, referred_quit) → approve; medium with two or more of the named reasons → deny; medium on a new account's first rewards (new_account) with a hosting/VPN network or the address burst → deny; other medium holds are left to the timed release";
