// Business constants (docs/product-rules.md#limits), shared by the member app, the console and the server.

export const BRAND_NAME = 'SpinRewards';

export const OFFER_CATEGORIES = [
  'Gaming',
  'Shopping',
  'Finance',
  'Entertainment',
  'Education',
  'Health',
  'Travel',
  'Food',
  'Technology',
  'Fashion',
  'Sports',
  'Dating',
  'Utilities',
] as const;

export const CATEGORY_LABELS: Record<string, string> = {
  Health: 'Health & Fitness',
  Food: 'Food & Delivery',
};

export const OFFER_MODELS = ['CPR', 'CPA', 'CPI', 'CPL', 'CPS', 'CPM', 'Revenue Share'] as const;
export const OFFER_TARGETING = ['ALL', 'NEW', 'RETURNING', 'HIGH_VALUE', 'MOBILE', 'DESKTOP'] as const;

export const VOUCHER_TYPES = ['Gift Card', 'Cashback', 'Discount', 'Credit'] as const;
export const VOUCHER_STATUSES = ['available', 'assigned', 'used', 'expired'] as const;
export const MAX_VOUCHER_CODES_PER_BATCH = 100;
export const EXPIRING_SOON_DAYS = 7;

export const AMOUNT_RANGES = ['0-50', '51-100', '101-500', '501-1000', '1001+'] as const;
export const EXPIRY_FILTERS = ['all', 'expired', 'expiring_soon', 'expiring_this_month', 'valid'] as const;
export const ASSIGNMENT_FILTERS = ['all', 'referral_rewards', 'free_spin_rewards', 'offer_rewards'] as const;

export const ADMIN_DATE_RANGES = ['all', 'today', 'yesterday', 'week', 'month', 'quarter'] as const;
export const REFERRAL_DATE_RANGES = ['all', 'today', 'week', 'month'] as const;
/** The admin dashboard chart's ranges in days (its `days` query value), and the default. */
export const DASHBOARD_RANGES = ['7', '30', '90'] as const;
export const DEFAULT_DASHBOARD_RANGE = '30';

export const USER_SORT_FIELDS = [
  'registration_date',
  'total_completions',
  'total_vouchers_won',
  'total_revenue_generated',
  'successful_referrals',
  'first_name',
] as const;

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const TOAST_DURATION_MS = 5000;
export const ADMIN_TIMEOUT_MS = 10_000;

export const PROFILE_BADGES = {
  activeUserCompletions: 10,
  luckyWinnerVouchers: 5,
  influencerReferrals: 3,
} as const;

/** Missing-conversion claims (docs/product-rules.md#claims): the longest note a member may add. */
export const CLAIM_NOTE_MAX = 500;

/** The longest first or last name a member may give in the privacy centre (sign-in keeps 100 of each). */
export const MEMBER_NAME_MAX = 100;
/** The longest reason an administrator may give when rejecting a claim (the member reads it). */
export const CLAIM_REASON_MAX = 500;
/** The longest reason an administrator gives for a block, an unblock or an (de)activation (issue 36). */
export const ACTION_REASON_MAX = 500;
/**
 * The longest reason an administrator may give when denying a held referral (admins only read it).
 * Here, not in the contract: the console imports values only from files without zod.
 */
export const REFERRAL_REASON_MAX = 500;

/** The changes the audit log records (shared/contract/admin/audit-log.ts). */
export const AUDIT_ACTIONS = [
  'user.block',
  'user.unblock',
  /** A member blocked pending review by the reversal hold (admin_id null: the system). */
  'user.hold',
  'offer.create',
  'offer.edit',
  'offer.activate',
  'offer.deactivate',
  'voucher.add',
  'voucher.expire',
  'voucher.unexpire',
  /** A member marked their own voucher as used (admin_id null; admin_username names the member). */
  'voucher.use',
  'voucher.unuse',
  /** A voucher brand's redeem link and steps were saved (issue 35). */
  'brand.edit',
  'network.create',
  'network.edit',
  'network.activate',
  'network.deactivate',
  'network.secret_rotate',
  'network.test',
  'postback.replay',
  /** An administrator granted the free spin of a referral held as same-device. */
  'referral.grant',
  /** An administrator closed a referral held as same-device without a reward. */
  'referral.deny',
  /** A missing-conversion claim approved (a manual approved conversion) or rejected with a reason. */
  'claim.approve',
  'claim.reject',
  /** An administrator signed in (target: the administrator). */
  'admin.sign_in',
  /**
   * A sign-in refused after its password was checked (wrong password, unknown username, inactive
   * account); admin_id is null for an unknown username. Never the password; attempts refused by the
   * sign-in limits (429) are not written, so a flood cannot fill the log.
   */
  'admin.sign_in_failed',
  /** An administrator signed out. */
  'admin.sign_out',
  /** A reward held by risk released (an administrator, or 'system' when its hold period ended) or denied (issue 33). */
  'reward.release',
  'reward.deny',
  /** The hold policy changed: thresholds, hold hours, rules and weights (issue 33). */
  'risk_policy.edit',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = [
  'user',
  'offer',
  'voucher',
  'voucher_batch',
  'network',
  'postback',
  'referral',
  'claim',
  'admin',
  'reward_hold',
  'risk_policy',
  'brand',
] as const;
