import type { AuditLogRow } from '../../../shared/contract/admin/audit-log';
import type { AdminClickRow } from '../../../shared/contract/admin/clicks';
import type { AdminConversionRow } from '../../../shared/contract/admin/conversions';
import type { AdminDashboardResponse } from '../../../shared/contract/admin/dashboard';
import type { AdminAttentionResponse } from '../../../shared/contract/admin/attention';
import type {
  AdminNetworkPreset,
  AdminNetworkRow,
  NetworkSettings,
} from '../../../shared/contract/admin/networks';
import type { AdminPostbackRow } from '../../../shared/contract/admin/postbacks';
import type { AdminOfferRow } from '../../../shared/contract/admin/offers';
import type { AdminReferralRow } from '../../../shared/contract/admin/referrals';
import type { AdminUserRow } from '../../../shared/contract/admin/users';
import type { AdminVoucherRow } from '../../../shared/contract/admin/vouchers';
import type { AdminReviewRow, AdminRiskResponse, RiskPolicy } from '../../../shared/contract/admin/reviews';
import { RISK_REASONS } from '../../../shared/trust';

export const user = (n: number, over: Partial<AdminUserRow> = {}): AdminUserRow => ({
  user_id: n,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  email: `user${n}@example.com`,
  registration_date: '2025-01-15T10:00:00Z',
  registration_method: 'firebase',
  last_activity: '2025-02-01T09:00:00Z',
  referred_by_code: null,
  referred_by_name: null,
  total_completions: 3,
  total_revenue_generated: 12.5,
  total_vouchers_won: 1,
  successful_referrals: 0,
  total_referrals: 0,
  free_spins_remaining: 0,
  is_suspicious: false,
  user_category: 'organic_user',
  held_at: null,
  clawbacks_count: 0,
  clawbacks_value: 0,
  ...over,
});

export const offer = (n: number, over: Partial<AdminOfferRow> = {}): AdminOfferRow => ({
  offer_id: n,
  title: `Offer ${n}`,
  description: `Description ${n}`,
  offer_url: `https://partner.test/o/${n}?click={click_id}`,
  preview_url: `https://preview.test/${n}`,
  external_offer_id: `offer_${n}`,
  category: 'Finance',
  model: 'CPA',
  targeting: 'ALL',
  reward_amount: 20,
  slot_config: {
    reels: [
      { amount: 5, probability: 15 },
      { amount: 10, probability: 8 },
    ],
  },
  is_active: true,
  created_at: '2025-01-10T10:00:00Z',
  total_completions: 4,
  unique_users: 4,
  total_revenue: 100,
  avg_payout: 25,
  spins_used: 3,
  rewards_won: 1,
  revenue_inr: 8300,
  voucher_cost: 50,
  margin_inr: 8250,
  network_id: null,
  network_name: null,
  ...over,
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const voucher = (n: number, over: Partial<AdminVoucherRow> = {}): AdminVoucherRow => ({
  voucher_id: n,
  voucher_code: `CODE-${n}`,
  voucher_brand: 'Amazon',
  voucher_type: 'Gift Card',
  voucher_description: 'A gift card',
  voucher_terms: 'Use once',
  voucher_amount: 50,
  status: 'available',
  expiry_date: inDays(60),
  created_at: '2025-01-01T10:00:00Z',
  created_by_username: 'admin',
  assigned_to_user_id: null,
  assigned_to_name: null,
  assigned_to_email: null,
  assigned_at: null,
  assignment_context: null,
  ...over,
});
export { inDays };

export const referral = (n: number, over: Partial<AdminReferralRow> = {}): AdminReferralRow => ({
  referral_id: n,
  referrer_user_id: 100 + n,
  referred_user_id: 200 + n,
  referrer_name: `Referrer ${n}`,
  referrer_email: `referrer${n}@example.com`,
  referred_name: `Friend ${n}`,
  referred_email: `friend${n}@example.com`,
  registration_date: '2025-01-20T10:00:00Z',
  referred_user_completions: 1,
  first_completion_date: '2025-01-21T10:00:00Z',
  free_spins_granted: 1,
  status: 'successful',
  same_device: false,
  needs_review: false,
  review_decision: null,
  reviewed_at: null,
  reviewed_by: null,
  review_reason: null,
  ...over,
});

export const conversion = (n: number, over: Partial<AdminConversionRow> = {}): AdminConversionRow => ({
  completion_id: n,
  offer_id: n,
  click_id: `clk_${n}`,
  user_id: n,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  email: `user${n}@example.com`,
  registration_method: 'firebase',
  referral_code: `REF${n}`,
  referred_by_code: null,
  referrer_info: null,
  user_source: 'organic',
  title: `Offer ${n}`,
  category: 'Gaming',
  external_offer_id: `offer_${n}`,
  payout_amount: 2.5,
  payout_currency: 'USD',
  completed_at: '2025-02-01T12:00:00Z',
  is_first_completion: true,
  completion_type: 'standard',
  referral_reward_processed: false,
  spinner_used: true,
  voucher_won: false,
  voucher_brand: null,
  voucher_amount: null,
  voucher_code: null,
  voucher_type: null,
  voucher_description: null,
  voucher_expiry: null,
  voucher_status: null,
  reward_type: 'none',
  ...over,
});

export const click = (n: number, over: Partial<AdminClickRow> = {}): AdminClickRow => ({
  click_id: `clk_${n}`,
  completion_id: n,
  user_id: n,
  offer_id: n,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  email: `user${n}@example.com`,
  firebase_uid: `uid${n}`,
  title: `Offer ${n}`,
  category: 'Gaming',
  external_offer_id: `offer_${n}`,
  payout_amount: 1.75,
  voucher_code: null,
  voucher_brand: null,
  voucher_amount: null,
  spinner_used: false,
  completed_at: '2025-02-02T12:00:00Z',
  ...over,
});

export const auditEntry = (n: number, over: Partial<AuditLogRow> = {}): AuditLogRow => ({
  id: n,
  admin_id: 1,
  admin_username: 'admin',
  action: 'user.block',
  target_type: 'user',
  target_id: String(n),
  target_label: `Member ${n}`,
  before: { is_suspicious: false },
  after: { is_suspicious: true },
  created_at: '2025-02-03T12:00:00Z',
  ...over,
});

export const dashboard = (): AdminDashboardResponse => ({
  success: true,
  stats: {
    total_users: 1234,
    new_users_today: 12,
    firebase_users: 1200,
    active_offers: 18,
    total_conversions: 560,
    conversions_today: 9,
    total_revenue: 4321.5,
    revenue_today: 120,
    available_vouchers: 300,
    distributed_vouchers: 140,
    total_rewards_given: 140,
    total_voucher_value: 7000,
    total_referrals: 80,
    successful_referrals: 30,
    referrals_today: 2,
    total_free_spins_remaining: 11,
    total_free_spins_granted: 30,
    referral_conversion_rate: 37.5,
    clawbacks30d: { count: 0, value: 0 },
    heldMembers: 0,
  },
  recentUsers: Array.from({ length: 10 }, (_, i) => ({
    user_id: i + 1,
    first_name: `Recent${i + 1}`,
    last_name: 'User',
    email: `recent${i + 1}@example.com`,
    registration_date: '2025-02-01T10:00:00Z',
    registration_method: 'firebase',
    total_completions: i,
  })),
  recentConversions: Array.from({ length: 10 }, (_, i) => ({
    completion_id: i + 1,
    title: `Converted offer ${i + 1}`,
    first_name: `Buyer${i + 1}`,
    completed_at: '2025-02-01T10:00:00Z',
    payout_amount: 2,
    voucher_won: i % 2 === 0,
    voucher_amount: i % 2 === 0 ? 10 : null,
    completion_type: 'standard',
  })),
  topReferrers: Array.from({ length: 12 }, (_, i) => ({
    user_id: i + 1,
    referrer_name: `Top Referrer ${i + 1}`,
    referrer_email: `top${i + 1}@example.com`,
    referral_code: `TOP${i + 1}`,
    successful_referrals: 12 - i,
    total_referrals: 20,
    conversion_rate: 50,
  })),
  referralFunnel: {
    total_referrals: 80,
    completed_first_offer: 3,
    rewards_granted: 0,
    completion_rate: 3.75,
    reward_success_rate: 0,
  },
  dailyConversions: Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2025, 0, 5 + i)).toISOString().slice(0, 10),
    conversions: (i * 7) % 13,
    revenue: ((i * 5) % 11) * 3,
  })),
  money: {
    fx_usd_inr: 83,
    revenue_usd: 4321.5,
    revenue_inr: 358684.5,
    voucher_cost: 7000,
    margin_inr: 351684.5,
  },
  gettingStarted: {
    show: false,
    steps: [
      { id: 'network', done: true },
      { id: 'offers', done: true },
      { id: 'vouchers', done: true },
      { id: 'member_app', done: true },
    ],
    missing_amounts: [],
  },
});

/**
 * Needs attention with one item in every section (count 10: the claims waiting and the held rewards
 * count one each), as the dashboard's panel lists them.
 */
export const attention = (): AdminAttentionResponse => ({
  success: true,
  count: 10,
  window: 500,
  winRates: [
    {
      offer_id: 7,
      title: 'Dragon Quest',
      spins: 500,
      amounts: [
        { amount: 50, configured: 10, draws: 150, observed: 30, low: 26.15, high: 34.16, flagged: true },
        { amount: 10, configured: 40, draws: 200, observed: 40, low: 35.8, high: 44.35, flagged: false },
      ],
      cost_per_spin: 18,
      expected_cost_per_spin: 9,
      payout_inr: 8.3,
      cost_flagged: true,
    },
  ],
  stock: [
    {
      amount: 50,
      available: 7,
      brands: [
        { brand: 'Amazon', available: 5 },
        { brand: 'Flipkart', available: 2 },
      ],
      wins7d: 30,
      wins_per_day: 4.29,
      days_left: 1.6,
      stock_outs7d: 2,
      members_missed7d: 1,
      payable: true,
      flagged: true,
    },
    {
      amount: 10,
      available: 100,
      brands: [{ brand: 'Amazon', available: 100 }],
      wins7d: 30,
      wins_per_day: 4.29,
      days_left: 23.3,
      stock_outs7d: 0,
      members_missed7d: 0,
      payable: true,
      flagged: false,
    },
  ],
  expiring: [{ brand: 'Amazon', codes: 3, amounts: [50, 100], first_expiry: '2025-02-10' }],
  reversals: {
    days: 30,
    members: [{ user_id: 4, name: 'Ravi Kumar', email: 'ravi@example.com', reversals: 3, held_at: null }],
  },
  refusedPostbacks: [{ network_id: 2, network: 'Acme Ads', refused: 6 }],
  heldReferrals: 2,
  claims: {
    waiting: 7,
    oldest: [
      {
        claim_id: 31,
        user_id: 4,
        user_name: 'Ravi Kumar',
        offer_id: 7,
        offer_title: 'Dragon Quest',
        created_at: new Date(Date.now() - 50 * 3_600_000).toISOString(),
      },
    ],
  },
  reviews: { waiting: 2, oldest_at: new Date(Date.now() - 30 * 3_600_000).toISOString() },
});

const cpxSettings = (): NetworkSettings => ({
  params: {
    clickId: null,
    subId: 'user_id',
    transactionId: 'trans_id',
    payout: 'amount_usd',
    currency: null,
    status: 'status',
    offerId: null,
    originalTransactionId: null,
  },
  statuses: {
    approved: ['1'],
    pending: [],
    reversed: ['2'],
    ignored: [],
    whenAbsent: 'refuse',
    otherValues: 'refuse',
    ignoreWhen: { param: 'type', values: ['out', 'bonus'] },
  },
  signature: {
    algorithm: 'md5',
    scope: 'template',
    template: '{trans_id}-{secret}',
    encoding: 'uri-component',
    in: 'param',
    name: 'secure_hash',
    hexCase: 'lower',
  },
  answers: {
    success: { status: 200, body: 'ok', contentType: 'text/plain; charset=utf-8' },
    duplicate: { status: 200, body: 'ok', contentType: 'text/plain; charset=utf-8' },
    refusal: { status: null, body: null, contentType: 'application/json' },
  },
  macros: { status: '{status}', trans_id: '{trans_id}', user_id: '{user_id}', secure_hash: '{secure_hash}' },
  extra_params: [],
  param_names_case_insensitive: false,
  reversal_id_prefix: null,
  negative_payout_reverses: false,
  default_currency: 'USD',
  token_param: null,
});

export const preset = (over: Partial<AdminNetworkPreset> = {}): AdminNetworkPreset => ({
  ...cpxSettings(),
  preset: 'cpx',
  label: 'CPX Research',
  source: "Integrators' code",
  notes: 'Ask CPX for its server addresses.',
  ip_allowlist: ['188.40.3.73'],
  ...over,
});

/** `custom` as network-presets.php serves it: the receiver's defaults (CPX's settings emptied). */
export const customPreset = (over: Partial<AdminNetworkPreset> = {}): AdminNetworkPreset => {
  const cpx = cpxSettings();
  return {
    ...cpx,
    params: { ...cpx.params, subId: null, transactionId: 'transaction_id', payout: null, status: null },
    statuses: { ...cpx.statuses, approved: [], reversed: [], whenAbsent: 'approved', ignoreWhen: null },
    signature: { ...cpx.signature, algorithm: 'none', template: null, name: null },
    macros: {},
    default_currency: null,
    preset: 'custom',
    label: 'Custom',
    source: '',
    notes: "Fill in every setting from the network's postback documentation.",
    ip_allowlist: [],
    ...over,
  };
};

export const network = (n: number, over: Partial<AdminNetworkRow> = {}): AdminNetworkRow => ({
  ...cpxSettings(),
  network_id: n,
  name: `Network ${n}`,
  slug: `network-${n}`,
  preset: 'cpx',
  is_active: true,
  ip_allowlist: [],
  secret_hint: '••••cret',
  previous_secret_valid_until: null,
  postback_url: `/api/postback/network-${n}?status={status}&trans_id={trans_id}&user_id={user_id}&secure_hash={secure_hash}`,
  offers_count: 2,
  last_postback_at: '2025-02-03T12:00:00Z',
  postbacks_24h: { accepted: 5, refused: 1 },
  created_at: '2025-01-01T10:00:00Z',
  updated_at: '2025-01-02T10:00:00Z',
  ...over,
});

export const postback = (n: number, over: Partial<AdminPostbackRow> = {}): AdminPostbackRow => ({
  postback_id: n,
  network_id: 1,
  network: 'network-1',
  outcome: 'accepted',
  reason: 'Credited',
  http_status: 200,
  click_id: `clk_${n}`,
  transaction_id: `tx-${n}`,
  status: '1',
  ip: '203.0.113.7',
  verified: true,
  completion_id: n,
  repeat_count: 1,
  created_at: '2025-02-03T12:00:00Z',
  raw: {
    method: 'GET',
    url: `/api/postback/network-1?trans_id=tx-${n}&secure_hash=***`,
    params: { trans_id: `tx-${n}`, secure_hash: '***' },
    headers: { 'user-agent': 'CPX' },
  },
  replayable: false,
  replayed_at: null,
  replay_of: null,
  ...over,
});

// Issue 33: held rewards, a member's risk, the hold policy.
export const review = (n: number, over: Partial<AdminReviewRow> = {}): AdminReviewRow => ({
  hold_id: n,
  kind: 'conversion',
  status: 'held',
  level: 'high',
  score: 70,
  reasons: [
    {
      code: 'shared_device',
      weight: 30,
      evidence: `3 accounts share this device: member${n + 1}@example.com, member${n + 2}@example.com`,
      user_ids: [20 + n, 21 + n],
    },
    {
      code: 'fast_conversion',
      weight: 40,
      evidence: 'Completed 4 s after its click (typical 12 min)',
      user_ids: [],
    },
  ],
  user_id: 10 + n,
  user_name: `Member ${n}`,
  user_email: `member${n}@example.com`,
  offer_id: 3,
  offer_title: `Offer ${n}`,
  completion_id: 100 + n,
  referral_id: null,
  network_name: 'CPX Research',
  payout: 2.5,
  created_at: '2026-11-30T08:00:00.000Z',
  release_at: null,
  decided_at: null,
  decided_by: null,
  deny_category: null,
  note: null,
  ...over,
});

export const risk = (userId: number, over: Partial<AdminRiskResponse> = {}): AdminRiskResponse => ({
  success: true,
  user_id: userId,
  score: 0,
  level: 'low',
  reasons: [],
  rewards_paused_at: null,
  linked_accounts: [],
  referred_by: null,
  referral_tree: [],
  sightings: [],
  ...over,
});

export const riskPolicyFixture = (): RiskPolicy => ({
  thresholds: { medium: 30, high: 60, very_high: 100 },
  hold_hours: { default: 24, networks: { 'network-1': 48 } },
  rules: Object.fromEntries(
    RISK_REASONS.map((code) => [code, { enabled: code !== 'network_hopping', weight: 20 }]),
  ) as RiskPolicy['rules'],
});
