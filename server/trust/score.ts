// A risk score is a sum of named reasons, each with its weight and the evidence behind it (issue 33,
// docs/trust-and-safety.md#reasons). Pure: the evidence comes from evidence.ts, the weights from the
// operator's policy; the same inputs give the same score, which the tests compute by hand.
import type { RiskLevel, RiskPolicy, RiskReason, RiskReasonRow } from '../../shared/contract/admin/reviews';
import type { ConversionEvidence, ConversionTiming, MemberEvidence } from './evidence';
import { SIGNAL_WINDOWS as W } from './evidence';
import { isDisposableEmail } from './email';
import { levelOf, rule } from './policy';

export interface RiskJudgement {
  score: number;
  level: RiskLevel;
  reasons: RiskReasonRow[];
}

/** What is being judged: a member's own conversion, or the referral reward their first one earns. */
export type JudgedReward =
  { kind: 'conversion'; timing?: ConversionTiming | undefined } | { kind: 'referral' } | { kind: 'member' };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const named = (list: number[], n: number) =>
  list.length ? `: #${list.join(', #')}${n > list.length ? ` and ${n - list.length} more` : ''}` : '';

/** The reasons the evidence supports, before weights: [code, multiplier, evidence, linked ids]. */
function findings(
  e: ConversionEvidence & Partial<MemberEvidence>,
  reward: JudgedReward,
): [RiskReason, number, string, number[]][] {
  const out: [RiskReason, number, string, number[]][] = [];
  if (e.registrationHosting || e.hostingAsns.length) {
    const asns = [
      ...new Set([
        ...(e.registrationHosting && e.registrationAsn ? [e.registrationAsn] : []),
        ...e.hostingAsns,
      ]),
    ];
    out.push([
      'hosting_network',
      1,
      `${e.registrationHosting ? 'Registered' : 'Signed in'} from a hosting, datacenter or VPN network (${asns.map((a) => `AS${a}`).join(', ')})`,
      [],
    ]);
  }
  if (e.device.n > 0)
    out.push([
      'shared_device',
      Math.min(e.device.n, 3),
      `${plural(e.device.n + 1, 'account')} registered on this device${named(e.device.ids, e.device.n)}`,
      e.device.ids,
    ]);
  const extraAddress = e.address.n - W.addressAllowance;
  if (extraAddress > 0)
    out.push([
      'shared_address',
      Math.min(extraAddress, 3),
      `${plural(e.address.n + 1, 'account')} registered from ${e.address.prefix} within ${W.addressDays} days${named(e.address.ids, e.address.n)}`,
      e.address.ids,
    ]);
  if (e.email_.n > 0)
    out.push([
      'same_email',
      1,
      `${plural(e.email_.n, 'other account')} with the same email once dots and +tags are removed${named(e.email_.ids, e.email_.n)}`,
      e.email_.ids,
    ]);
  if (isDisposable(e))
    out.push(['disposable_email', 1, `${e.email.split('@')[1]} is a disposable-mail domain`, []]);
  if (e.burstAddress >= W.burstAddress)
    out.push([
      'signup_burst_address',
      1,
      `${e.burstAddress} sign-ups from ${e.address.prefix} within an hour`,
      [],
    ]);
  if (e.burstDevice >= W.burstDevice)
    out.push(['signup_burst_device', 1, `${e.burstDevice} sign-ups from this device within an hour`, []]);
  if (e.clicks24h >= W.clicksPerDay || e.conversions24h >= W.conversionsPerDay)
    out.push([
      'activity_burst',
      1,
      `${plural(e.clicks24h, 'click')} and ${plural(e.conversions24h, 'conversion')} in the last 24 hours`,
      [],
    ]);
  if (reward.kind === 'conversion' && reward.timing) {
    const t = reward.timing;
    const history = t.medianSeconds !== null && t.sample >= W.fastMinSample;
    if (history && t.seconds * W.fastRatio < t.medianSeconds!)
      out.push([
        'fast_conversion',
        1,
        `Converted ${fmtSeconds(t.seconds)} after the click; this offer's median is ${fmtSeconds(t.medianSeconds!)} (${t.sample} conversions)`,
        [],
      ]);
    // An offer still building its history: only the floor no person beats, and only for a member
    // registered from a public address (a private one carries no address evidence: a demo or a test).
    else if (!history && e.registrationAddress !== null && t.seconds <= W.fastFloorSeconds)
      out.push([
        'fast_conversion',
        1,
        `Converted ${fmtSeconds(t.seconds)} after the click; no person completes an offer within ${W.fastFloorSeconds} s (this offer has ${plural(t.sample, 'approved conversion')}, too few for its own median)`,
        [],
      ]);
  }
  if (reward.kind === 'conversion' && e.ageDays <= W.newAccountDays && e.completions < W.newAccountRewards)
    out.push([
      'new_account',
      1,
      `A new account (registered ${fmtDays(e.ageDays)}) with ${plural(e.completions, 'approved completion')}: its first rewards are checked`,
      [],
    ]);
  // The referral's own reasons judge the referral reward (the referrer's free spin), not the referred
  // member's conversion: a friend on the referrer's sofa still gets their own spin at once.
  const ref = reward.kind === 'referral' || reward.kind === 'member' ? (e.referrer ?? null) : null;
  if (ref) {
    if (ref.sameDevice || ref.sameAddress)
      out.push([
        'referral_linked',
        ref.sameDevice ? 1.3 : 1,
        `Shares ${[ref.sameDevice && 'a device', ref.sameAddress && 'an address'].filter(Boolean).join(' and ')} with the member who referred them (#${ref.id})`,
        [ref.id],
      ]);
    const farm = Math.max(ref.farmDevice, ref.farmAddress, ref.farmHosting);
    if (farm >= W.farmAccounts)
      out.push([
        'referral_farm',
        1,
        `Their referrer (#${ref.id}) has ${farm} referred accounts on one ${ref.farmDevice === farm ? 'device' : ref.farmAddress === farm ? 'address' : 'hosting network'}`,
        [ref.id],
      ]);
    if (ref.ring || ref.chainDepth >= 3)
      out.push([
        'referral_chain',
        1,
        ref.ring
          ? `They referred the member who referred them (#${ref.id}): a ring`
          : `A referral chain ${ref.chainDepth}+ accounts long above them (#${ref.id})`,
        [ref.id],
      ]);
    if (ref.quit >= W.quitAccounts)
      out.push([
        'referred_quit',
        1,
        `${ref.quit} accounts referred by #${ref.id} stopped after their first completion`,
        [ref.id],
      ]);
  }
  if (e.reversals > 0)
    out.push([
      'reversals',
      Math.min(e.reversals, 3),
      `${plural(e.reversals, 'conversion')} reversed by partners in the last ${W.reversalDays} days`,
      [],
    ]);
  if (e.distinctAsns >= W.hoppingNetworks && e.hostingAsns.length > 0)
    out.push([
      'network_hopping',
      1,
      `Signed in from ${e.distinctAsns} networks in ${W.hoppingDays} days, ${plural(e.hostingAsns.length, 'hosting one')}`,
      [],
    ]);
  return out;
}

function fmtSeconds(s: number): string {
  if (s < 60) return `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

function fmtDays(d: number): string {
  if (d < 1 / 24) return 'less than an hour ago';
  if (d < 1) return `${Math.round(d * 24)} h ago`;
  return `${Math.round(d)} ${Math.round(d) === 1 ? 'day' : 'days'} ago`;
}

const isDisposable = (e: ConversionEvidence) => isDisposableEmail(e.email);

/**
 * The score of `reward` for the member whose evidence this is, under `policy`. A conversion needs no
 * referral graph (ConversionEvidence); a referral reward and the member's own standing do.
 */
export function judge(
  e: ConversionEvidence,
  reward: Extract<JudgedReward, { kind: 'conversion' }>,
  policy: RiskPolicy,
): RiskJudgement;
export function judge(e: MemberEvidence, reward: JudgedReward, policy: RiskPolicy): RiskJudgement;
export function judge(
  e: ConversionEvidence & Partial<MemberEvidence>,
  reward: JudgedReward,
  policy: RiskPolicy,
): RiskJudgement {
  const reasons: RiskReasonRow[] = [];
  for (const [code, times, evidence, userIds] of findings(e, reward)) {
    const r = rule(policy, code);
    if (!r.enabled || r.weight === 0) continue;
    reasons.push({ code, weight: Math.round(r.weight * times), evidence, user_ids: userIds });
  }
  reasons.sort((a, b) => b.weight - a.weight);
  const score = reasons.reduce((sum, r) => sum + r.weight, 0);
  return { score, level: levelOf(score, policy), reasons };
}
