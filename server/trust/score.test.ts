// Every reason code on fixed evidence, with the scores computed by hand from the default weights
// (docs/trust-and-safety.md#reasons): the score is the sum of what is listed, nothing else.
import { describe, expect, it } from 'vitest';
import { RISK_REASONS, type RiskPolicy } from '../../shared/contract/admin/reviews';
import type { MemberEvidence } from './evidence';
import { DEFAULT_POLICY } from './policy';
import { judge } from './score';

/** A member with no evidence against them. */
function clean(overrides: Partial<MemberEvidence> = {}): MemberEvidence {
  return {
    userId: 1,
    pausedAt: null,
    registrationHosting: false,
    registrationAsn: 55836,
    registrationAddress: '49.36.0.1',
    email: 'asha@gmail.com',
    ageDays: 40,
    completions: 5,
    device: { n: 0, ids: [] },
    address: { n: 0, ids: [], prefix: '49.36.0.0/24' },
    email_: { n: 0, ids: [] },
    burstAddress: 1,
    burstDevice: 1,
    clicks24h: 3,
    conversions24h: 1,
    reversals: 0,
    hostingAsns: [],
    distinctAsns: 1,
    referrer: null,
    ...overrides,
  };
}

const referrer = (o: Partial<NonNullable<MemberEvidence['referrer']>> = {}): MemberEvidence['referrer'] => ({
  id: 7,
  sameDevice: false,
  sameAddress: false,
  farmDevice: 1,
  farmAddress: 1,
  farmHosting: 0,
  quit: 0,
  ring: false,
  chainDepth: 1,
  ...o,
});

const codes = (
  e: MemberEvidence,
  reward: Parameters<typeof judge>[1] = { kind: 'member' },
  p = DEFAULT_POLICY,
) => judge(e, reward, p).reasons.map((r) => [r.code, r.weight]);

describe('risk score', () => {
  it('a clean member scores 0: low, no reasons', () => {
    expect(judge(clean(), { kind: 'member' }, DEFAULT_POLICY)).toEqual({
      score: 0,
      level: 'low',
      reasons: [],
    });
  });

  it('each reason alone, at its default weight (and its multiplier)', () => {
    const cases: [Partial<MemberEvidence>, [string, number][]][] = [
      [{ registrationHosting: true, registrationAsn: 16509 }, [['hosting_network', 35]]],
      [{ hostingAsns: [14061] }, [['hosting_network', 35]]],
      [{ device: { n: 1, ids: [2] } }, [['shared_device', 20]]],
      [{ device: { n: 5, ids: [2, 3, 4, 5, 6] } }, [['shared_device', 60]]], // capped at 3 others
      [{ address: { n: 3, ids: [2, 3, 4], prefix: '49.36.0.0/24' } }, []], // a family: within the allowance
      [{ address: { n: 5, ids: [2, 3, 4, 5, 6], prefix: '49.36.0.0/24' } }, [['shared_address', 20]]],
      [{ address: { n: 20, ids: [2], prefix: '49.36.0.0/24' } }, [['shared_address', 30]]], // capped at 3: a crowded /24 alone never holds
      [{ email_: { n: 1, ids: [9] } }, [['same_email', 40]]],
      [{ email: 'x@mailinator.com' }, [['disposable_email', 30]]],
      [{ burstAddress: 5 }, [['signup_burst_address', 30]]],
      [{ burstDevice: 3 }, [['signup_burst_device', 30]]],
      [{ clicks24h: 60 }, [['activity_burst', 25]]],
      [{ conversions24h: 15 }, [['activity_burst', 25]]],
      [{ referrer: referrer({ sameAddress: true }) }, [['referral_linked', 45]]],
      [{ referrer: referrer({ sameDevice: true }) }, [['referral_linked', 59]]], // 45 × 1.3, rounded
      [{ referrer: referrer({ farmAddress: 3 }) }, [['referral_farm', 40]]],
      [{ referrer: referrer({ farmHosting: 4 }) }, [['referral_farm', 40]]],
      [{ referrer: referrer({ ring: true }) }, [['referral_chain', 20]]],
      [{ referrer: referrer({ chainDepth: 3 }) }, [['referral_chain', 20]]],
      [{ referrer: referrer({ quit: 3 }) }, [['referred_quit', 20]]],
      [{ reversals: 1 }, [['reversals', 35]]], // one reversal alone stays low: honest members have one
      [{ reversals: 2 }, [['reversals', 70]]], // high: an operator decides before the third blocks
      [{ reversals: 9 }, [['reversals', 105]]], // capped at 3
      [
        { distinctAsns: 3, hostingAsns: [9009] },
        [
          ['hosting_network', 35],
          ['network_hopping', 30],
        ],
      ],
      [{ distinctAsns: 4 }, []], // a phone moving between carriers: no hosting network, no hopping
    ];
    for (const [overrides, expected] of cases)
      expect(codes(clean(overrides)), JSON.stringify(overrides)).toEqual(expected);
  });

  it("the referral's reasons judge the referral reward, not the referred member's own conversion", () => {
    const linked = clean({ referrer: referrer({ sameAddress: true, farmAddress: 4 }) });
    expect(codes(linked, { kind: 'referral' })).toEqual([
      ['referral_linked', 45],
      ['referral_farm', 40],
    ]);
    expect(codes(linked, { kind: 'conversion' })).toEqual([]);
  });

  it('fast_conversion only against the offer’s own typical time, with enough history', () => {
    const timing = (seconds: number, medianSeconds: number | null, sample: number) => ({
      kind: 'conversion' as const,
      timing: { seconds, medianSeconds, sample },
    });
    expect(codes(clean(), timing(4, 600, 50))).toEqual([['fast_conversion', 70]]);
    expect(codes(clean(), timing(61, 600, 50))).toEqual([]); // 61 × 10 > 600
    expect(codes(clean(), timing(4, 600, 19))).toEqual([]); // too little history to judge by the median
    expect(codes(clean(), timing(4, null, 0))).toEqual([]);
    // With history, the median decides: 2 s against a median of 15 s is a person.
    expect(codes(clean(), timing(2, 15, 50))).toEqual([]);
    // Without it, the floor no person beats: 3 s or less after the click.
    expect(codes(clean(), timing(0.12, null, 0))).toEqual([['fast_conversion', 70]]);
    expect(codes(clean(), timing(3, 600, 19))).toEqual([['fast_conversion', 70]]);
    expect(codes(clean(), timing(3.1, null, 0))).toEqual([]);
    // …only for a member registered from a public address: a private one (a demo, a test) converts at once.
    expect(codes(clean({ registrationAddress: null }), timing(0.12, null, 0))).toEqual([]);
    expect(judge(clean(), timing(0.12, 600, 4), DEFAULT_POLICY).reasons[0]!.evidence).toBe(
      'Converted 0.1 s after the click; no person completes an offer within 3 s (this offer has 4 approved conversions, too few for its own median)',
    );
    // A referral reward is not judged on a conversion's timing.
    expect(codes(clean(), { kind: 'referral' })).toEqual([]);
    expect(judge(clean(), timing(4, 600, 50), DEFAULT_POLICY).reasons[0]!.evidence).toBe(
      "Converted 4.0 s after the click; this offer's median is 10 min (50 conversions)",
    );
  });

  it("new_account: a new account's first two conversions add to other signals, and alone never hold", () => {
    const fresh = clean({ ageDays: 0.5, completions: 0 });
    const conversion = { kind: 'conversion' as const };
    expect(codes(fresh, conversion)).toEqual([['new_account', 15]]);
    expect(judge(fresh, conversion, DEFAULT_POLICY).level).toBe('low');
    expect(judge(fresh, conversion, DEFAULT_POLICY).reasons[0]!.evidence).toBe(
      'A new account (registered 12 h ago) with 0 approved completions: its first rewards are checked',
    );
    // With a hosting network (35) it reaches medium (50): held for the network's hold period.
    const vpn = clean({ ageDays: 2, completions: 1, registrationHosting: true, registrationAsn: 14061 });
    expect(judge(vpn, conversion, DEFAULT_POLICY)).toMatchObject({ score: 50, level: 'medium' });
    // Not after its second approved completion, nor after a week, nor for a referral reward.
    expect(codes(clean({ ageDays: 2, completions: 2 }), conversion)).toEqual([]);
    expect(codes(clean({ ageDays: 7.5, completions: 0 }), conversion)).toEqual([]);
    expect(codes(fresh, { kind: 'referral' })).toEqual([]);
  });

  it('sums the reasons, riskiest first, and names the level by the thresholds', () => {
    // The self-referral ring on one home address: linked to the referrer (45), a farm of referred
    // accounts on the address (40), 5 others registered there (20): 105, high.
    const ring = clean({
      address: { n: 5, ids: [2, 3, 4, 5, 6], prefix: '49.36.0.0/24' },
      referrer: referrer({ sameAddress: true, farmAddress: 5 }),
    });
    const j = judge(ring, { kind: 'referral' }, DEFAULT_POLICY);
    expect(j.reasons.map((r) => [r.code, r.weight])).toEqual([
      ['referral_linked', 45],
      ['referral_farm', 40],
      ['shared_address', 20],
    ]);
    expect([j.score, j.level]).toEqual([105, 'high']);
    expect(j.reasons[2]!.evidence).toBe(
      '6 accounts registered from 49.36.0.0/24 within 30 days: #2, #3, #4, #5, #6',
    );
    expect(j.reasons[0]!.user_ids).toEqual([7]);

    // An account farm on a datacenter: hosting (35), 3+ others on the device (60), a device burst (30),
    // an address burst (30): 155, very high.
    const farm = clean({
      registrationHosting: true,
      registrationAsn: 14061,
      device: { n: 4, ids: [2, 3, 4, 5] },
      burstDevice: 5,
      burstAddress: 5,
    });
    expect(judge(farm, { kind: 'member' }, DEFAULT_POLICY)).toMatchObject({ score: 155, level: 'very_high' });
    // Just below and at each threshold.
    expect(judge(clean({ device: { n: 1, ids: [2] } }), { kind: 'member' }, DEFAULT_POLICY).level).toBe(
      'low',
    ); // 20
    expect(judge(clean({ device: { n: 2, ids: [2, 3] } }), { kind: 'member' }, DEFAULT_POLICY).level).toBe(
      'medium',
    ); // 40
  });

  it("follows the operator's policy: a rule switched off or reweighted, other thresholds", () => {
    const e = clean({ device: { n: 2, ids: [2, 3] }, email_: { n: 1, ids: [9] } });
    expect(judge(e, { kind: 'member' }, DEFAULT_POLICY)).toMatchObject({ score: 80, level: 'high' });
    const tuned: RiskPolicy = {
      ...DEFAULT_POLICY,
      thresholds: { medium: 50, high: 100, very_high: 150 },
      rules: {
        ...DEFAULT_POLICY.rules,
        shared_device: { enabled: false, weight: 20 },
        same_email: { enabled: true, weight: 60 },
      },
    };
    expect(judge(e, { kind: 'member' }, tuned)).toMatchObject({ score: 60, level: 'medium' });
    expect(judge(e, { kind: 'member' }, tuned).reasons.map((r) => r.code)).toEqual(['same_email']);
  });

  it('every reason code has a default rule', () => {
    expect(Object.keys(DEFAULT_POLICY.rules).sort()).toEqual([...RISK_REASONS].sort());
  });
});
