// The API contract of spec sections 3 and 7, with the specification's field names exactly.
// Numbers that are money arrive as numbers (rupees for vouchers and rewards, payout in its currency).
import type { SlotConfig } from './slot';

export interface ApiError {
  success: false;
  error: string;
}

// ---------- member ----------

export interface LoginRequest {
  idToken: string;
  deviceFingerprint?: string;
  referralCode?: string | null;
}

export interface SessionUserRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  referral_code: string;
}

export interface LoginResponse {
  success: true;
  sessionId: string;
  user: SessionUserRow;
  isNewUser: boolean;
  referralUsed: boolean;
}

export type MemberOfferStatus = 'available' | 'pending' | 'completed';

export interface MemberOffer {
  offer_id: number;
  title: string | null;
  description: string | null;
  preview_url: string | null;
  offer_url: string | null;
  category: string | null;
  completed: boolean;
  spinner_used: boolean;
  status: MemberOfferStatus;
  reward_type: string; // 'none' | 'voucher_<amount>'
  voucher_code: string | null;
  slot_config: SlotConfig | null;
}

export interface OffersResponse {
  success: true;
  offers: MemberOffer[];
  freeSpinsRemaining: number;
}

export interface ClickRequest {
  offerId: number;
}
export interface ClickResponse {
  success: true;
  clickId: string;
  offerTitle: string;
  network: string;
  redirectUrl: string;
}

export interface SpinRequest {
  offerId?: number;
  spinType: 'free' | 'offer';
}

export interface SpinVoucher {
  code: string;
  amount: number;
  brand: string;
  type: string;
  expiryDate: string | null;
  description: string | null;
}

export interface SpinResponse {
  success: true;
  slotResult: [number, number, number];
  isWinningCombination: boolean;
  rewardType: string;
  spinType: 'free' | 'offer';
  freeSpinsRemaining: number;
  voucher: SpinVoucher | null;
}

export interface UserStats {
  total_completions: number;
  total_vouchers_won: number;
  successful_referrals: number;
  total_voucher_value: number;
  spins_used: number;
  free_spins_remaining: number;
  total_free_spins_earned: number;
  referral_conversion_rate: number;
}

export interface UserCompletion {
  title: string | null;
  category: string | null;
  completed_at: string;
  voucher_code: string | null;
  voucher_brand: string | null;
  voucher_amount: number | null;
  reward_type: string;
}

export interface VoucherBreakdownRow {
  voucher_amount: number;
  voucher_brand: string;
  count: number;
  total_value: number;
}

export interface UserVoucher {
  voucher_id: number;
  voucher_code: string;
  voucher_amount: number;
  voucher_brand: string;
  voucher_description: string | null;
  title: string | null;
  assigned_at: string;
  completed_at: string | null;
  voucher_source: 'free_spin' | 'offer_completion';
}

export interface UserStatsResponse {
  success: true;
  user: SessionUserRow;
  stats: UserStats;
  completions: UserCompletion[];
  voucherBreakdown: VoucherBreakdownRow[];
  userVouchers: UserVoucher[];
}

export type MemberReferralStatus = 'registered_only' | 'completed_waiting' | 'completed_and_rewarded';

export interface ReferralStatsResponse {
  success: true;
  referralCode: string;
  shareUrl: string;
  summary: {
    totalReferrals: number;
    successfulReferrals: number;
    pendingReferrals: number;
    totalFreeSpinsEarned: number;
    conversionRate: number;
  };
  monthlyPerformance: { month: string; registrations: number; successful: number }[];
  referralDetails: {
    first_name: string;
    last_name: string;
    registration_date: string;
    first_completion_date: string | null;
    total_completions: number;
    status: MemberReferralStatus;
  }[];
}

// ---------- admin ----------

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  /** Beyond the spec: true when `total` is the planner's estimate of a very large filtered list. */
  estimated?: boolean;
}

export interface AdminRecord {
  id: number;
  username: string;
  email: string | null;
}

export interface AdminLoginResponse {
  success: true;
  admin: AdminRecord;
}

export interface AdminDashboardResponse {
  success: true;
  stats: {
    total_users: number;
    new_users_today: number;
    firebase_users: number;
    active_offers: number;
    total_conversions: number;
    conversions_today: number;
    total_revenue: number;
    revenue_today: number;
    available_vouchers: number;
    distributed_vouchers: number;
    total_rewards_given: number;
    total_voucher_value: number;
    total_referrals: number;
    successful_referrals: number;
    referrals_today: number;
    total_free_spins_remaining: number;
    total_free_spins_granted: number;
    referral_conversion_rate: number;
  };
  recentUsers: {
    user_id: number;
    first_name: string;
    last_name: string;
    email: string;
    registration_date: string;
    registration_method: string;
    total_completions: number;
  }[];
  recentConversions: {
    completion_id: number;
    title: string | null;
    first_name: string;
    completed_at: string;
    payout_amount: number;
    voucher_won: boolean;
    voucher_amount: number | null;
    completion_type: string;
  }[];
  topReferrers: {
    user_id: number;
    referrer_name: string;
    referrer_email: string;
    referral_code: string;
    successful_referrals: number;
    total_referrals: number;
    conversion_rate: number;
  }[];
  referralFunnel: {
    total_referrals: number;
    completed_first_offer: number;
    rewards_granted: number;
    completion_rate: number;
    reward_success_rate: number;
  };
  /** Beyond the spec: daily conversions and revenue over the last 30 days for the dashboard chart. */
  dailyConversions: { day: string; conversions: number; revenue: number }[];
}

export type UserCategory = 'top_referrer' | 'active_referrer' | 'referred_user' | 'organic_user';

export interface AdminUserRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  registration_date: string;
  registration_method: string;
  last_activity: string | null;
  referred_by_code: string | null;
  referred_by_name: string | null;
  total_completions: number;
  total_revenue_generated: number;
  total_vouchers_won: number;
  successful_referrals: number;
  total_referrals: number;
  free_spins_remaining: number;
  is_suspicious: boolean;
  user_category: UserCategory;
}

export interface AdminUsersResponse {
  success: true;
  users: AdminUserRow[];
  pagination: Pagination;
  summary: {
    total_users: number;
    active_users: number;
    firebase_users: number;
    total_referrals: number;
    flagged_users: number;
  };
}

export interface AdminOfferRow {
  offer_id: number;
  title: string;
  description: string;
  offer_url: string;
  preview_url: string | null;
  external_offer_id: string;
  category: string | null;
  model: string;
  targeting: string;
  reward_amount: number;
  slot_config: SlotConfig | null;
  is_active: boolean;
  created_at: string;
  total_completions: number;
  unique_users: number;
  total_revenue: number;
  avg_payout: number;
  spins_used: number;
  rewards_won: number;
}

export interface AdminOffersResponse {
  success: true;
  offers: AdminOfferRow[];
  pagination: Pagination;
}

export interface OfferCreateRequest {
  title: string;
  description: string;
  offer_url: string;
  preview_url: string | null;
  external_offer_id: string;
  category: string | null;
  model: string;
  targeting: string;
  reward_amount: number;
  slot_config: SlotConfig;
  is_active: true;
}

export type VoucherStatus = 'available' | 'assigned' | 'used' | 'expired';
export type AssignmentContext = 'free_spin_from_referral' | 'offer_completion' | 'admin_assigned';

export interface AdminVoucherRow {
  voucher_id: number;
  voucher_code: string;
  voucher_brand: string;
  voucher_type: string;
  voucher_description: string | null;
  voucher_terms: string | null;
  voucher_amount: number;
  status: VoucherStatus;
  expiry_date: string | null; // yyyy-MM-dd
  created_at: string;
  created_by_username: string | null;
  assigned_to_name: string | null;
  assigned_to_email: string | null;
  assigned_at: string | null;
  assignment_context: AssignmentContext | null;
}

export interface VoucherStatsRow {
  voucher_brand: string;
  voucher_amount: number;
  total: number;
  available: number;
  assigned: number;
  used: number;
  expired: number;
  total_value: number;
}

export interface AdminVouchersResponse {
  success: true;
  vouchers: AdminVoucherRow[];
  stats: VoucherStatsRow[];
  pagination: Pagination;
}

export interface VoucherCreateRequest {
  voucher_type: string;
  voucher_brand: string;
  voucher_amount: number;
  voucher_codes: string[];
  voucher_description?: string | null;
  voucher_terms?: string | null;
  expiry_date: string;
}

export interface VoucherCreateResponse {
  success: true;
  created: number;
  duplicates: string[];
}

export interface AdminReferralRow {
  referral_id: number;
  referrer_name: string;
  referrer_email: string;
  referred_name: string;
  referred_email: string;
  registration_date: string;
  referred_user_completions: number;
  first_completion_date: string | null;
  free_spins_granted: number;
  status: 'successful' | 'completed_waiting' | 'pending';
  same_device: boolean;
}

export interface AdminReferralsResponse {
  success: true;
  referrals: AdminReferralRow[];
  summary: {
    total_referrals: number;
    successful_referrals: number;
    completed_referrals: number;
    success_rate: number;
    total_referral_revenue: number;
  };
  pagination: Pagination;
}

export interface AdminConversionRow {
  completion_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  registration_method: string;
  referral_code: string;
  referred_by_code: string | null;
  referrer_info: string | null;
  user_source: 'referred' | 'organic';
  title: string | null;
  category: string | null;
  external_offer_id: string | null;
  payout_amount: number;
  payout_currency: string;
  completed_at: string;
  is_first_completion: boolean;
  completion_type: string;
  referral_reward_processed: boolean;
  spinner_used: boolean;
  voucher_won: boolean;
  voucher_brand: string | null;
  voucher_amount: number | null;
  voucher_code: string | null;
  voucher_type: string | null;
  voucher_description: string | null;
  voucher_expiry: string | null;
  voucher_status: string | null;
  reward_type: string;
}

export interface AdminConversionsResponse {
  success: true;
  conversions: AdminConversionRow[];
  summary: {
    totalConversions: number;
    totalRevenue: number;
    voucherValue: number;
    voucherWins: number;
    voucherWinRate: number;
    spinsUsed: number;
    uniqueUsers: number;
  };
  referralImpact: {
    referralDrivenConversions: number;
    referralImpactRate: number;
    firstCompletions: number;
    firstCompletionsReferred: number;
    referralDrivenRevenue: number;
    firstCompletionRate: number;
  };
  userTypeBreakdown: { firebaseUsers: number; emailUsers: number };
  pagination: Pagination;
}

export interface AdminClickRow {
  click_id: string;
  completion_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  firebase_uid: string | null;
  title: string | null;
  category: string | null;
  external_offer_id: string | null;
  payout_amount: number | null;
  voucher_code: string | null;
  voucher_brand: string | null;
  voucher_amount: number | null;
  spinner_used: boolean;
  completed_at: string | null;
}

export interface AdminClicksResponse {
  success: true;
  clicks: AdminClickRow[];
  stats: { totalConversions: number; uniqueUsers: number; totalRevenue: number; voucherWinRate: number };
  pagination: Pagination;
}

export interface AuditLogRow {
  id: number;
  admin_id: number | null;
  admin_username: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

export interface AdminAuditLogResponse {
  success: true;
  entries: AuditLogRow[];
  pagination: Pagination;
}

// ---------- run-time client configuration (beyond the spec) ----------

/** GET /api/client-config.json: one build serves demo and production (issue: member PWA, item 2). */
export interface ClientConfig {
  brand: string;
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** 'host:port' of the Firebase Auth Emulator when the server trusts emulator tokens, else null. */
  authEmulatorHost: string | null;
  /** Demo accounts offered by the app's own account chooser in emulator mode. */
  demoAccounts: { sub: string; name: string; email: string }[];
}
