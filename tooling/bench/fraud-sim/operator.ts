// The operator in the loop of `npm --prefix tooling run fraud:sim`: once per simulated day they open the review queue
// (GET /api/admin/reviews.php, held rewards) and decide each item from what the queue shows: its level
// and its reasons. Never from the simulation's ground truth.
//
// The rule (documented in docs/benchmarks.md with the figures):
//   - high or very high, and a reason that names linked accounts (shared device, same email, linked to
//     the referrer, referral farm, referral chain), a hosting/VPN network (hosting network, network
//     hopping) or a behaviour (bot-speed completion, partner reversals): deny;
//   - high or very high with none of those (only context: shared address, sign-up burst, activity
//     burst, referred accounts that quit): approve, the evidence is too weak to refuse a member;
//   - medium with two or more of those reasons (corroborated): deny;
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

export function decide(row: Pick<AdminReviewRow, 'level' | 'reasons'>): Decision {
  const codes = new Set(row.reasons.map((r) => r.code));
  const damning = [...codes].filter((c) => DAMNING.has(c));
  const category: DenyCategory = LINKED.some((c) => codes.has(c))
    ? 'linked_accounts'
    : codes.has('reversals') && damning.length === 1
      ? 'partner_reversal'
      : 'suspicious_activity';
  if (row.level === 'high' || row.level === 'very_high')
    return damning.length > 0 ? { action: 'deny', category } : { action: 'approve' };
  if (row.level === 'medium' && damning.length >= 2) return { action: 'deny', category };
  return null;
}

export const OPERATOR_RULE_TEXT =
  'once per simulated day, for each held reward in the queue: high or very high with a reason naming linked accounts (shared_device, same_email, referral_linked, referral_farm, referral_chain), a hosting/VPN network (hosting_network, network_hopping) or a behaviour (fast_conversion, reversals, disposable_email) → deny; high or very high with only context reasons (shared_address, signup bursts, activity_burst, referred_quit) → approve; medium with two or more of the named reasons → deny; other medium holds are left to the timed release';
