// One schema for every entity of the product. Money: rupees numeric(10,2), payouts numeric(12,4).
// Counters on users and offers are kept in the same transaction as the writes that change them,
// so admin lists sort and filter on indexed columns instead of counting millions of rows.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const payout = (name: string) => numeric(name, { precision: 12, scale: 4, mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firebaseUid: text('firebase_uid'),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    registrationMethod: text('registration_method').notNull().default('firebase'),
    referralCode: text('referral_code').notNull(),
    referredByUserId: integer('referred_by_user_id'),
    referredByCode: text('referred_by_code'),
    deviceFingerprint: text('device_fingerprint'),
    isSuspicious: boolean('is_suspicious').notNull().default(false),
    freeSpinsRemaining: integer('free_spins_remaining').notNull().default(0),
    totalFreeSpinsEarned: integer('total_free_spins_earned').notNull().default(0),
    totalCompletions: integer('total_completions').notNull().default(0),
    totalVouchersWon: integer('total_vouchers_won').notNull().default(0),
    totalVoucherValue: numeric('total_voucher_value', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    spinsUsed: integer('spins_used').notNull().default(0),
    totalRevenueGenerated: numeric('total_revenue_generated', { precision: 16, scale: 4, mode: 'number' })
      .notNull()
      .default(0),
    totalReferrals: integer('total_referrals').notNull().default(0),
    successfulReferrals: integer('successful_referrals').notNull().default(0),
    registrationDate: ts('registration_date').notNull().defaultNow(),
    lastActivity: ts('last_activity'),
    /** The public sub-id offer links carry ({sub_id}); random, never the database id (migration 0008). */
    subId: text('sub_id')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Set when the reversal rule blocked the member pending review (migration 0008). */
    heldAt: ts('held_at'),
    /** Set when the member deleted their account: the row is erased, kept as an anonymous id (migration 0030). */
    deletedAt: ts('deleted_at'),
    /** When the member confirmed being 18 or older, and their state of residence (migration 0029). */
    adultConfirmedAt: ts('adult_confirmed_at'),
    residenceState: text('residence_state'),
    /**
     * The evidence of the registration, kept once and never overwritten (migration 0026,
     * docs/trust-and-safety.md): the device fingerprint, the address, its /24 or /48, its network and
     * whether that is a hosting one; the email normalised (Gmail dots and +tags); when the member's
     * rewards were paused (very high risk).
     */
    registrationFingerprint: text('registration_fingerprint'),
    registrationAddress: text('registration_address'),
    registrationPrefix: text('registration_prefix'),
    registrationAsn: integer('registration_asn'),
    registrationHosting: boolean('registration_hosting').notNull().default(false),
    emailNormalised: text('email_normalised'),
    rewardsPausedAt: ts('rewards_paused_at'),
    /** Another member has (or had) this one's registration device or email (migration 0035, a trigger's). */
    linksShared: boolean('links_shared').notNull().default(false),
    /** Others registered from this one's prefix may count (migration 0035, a trigger's). */
    addressCrowded: boolean('address_crowded').notNull().default(false),
    /** At or after the member's latest sighting on a hosting network (migration 0035, a trigger's). */
    hostingSeenAt: ts('hosting_seen_at'),
    /**
     * The member's clicks and completions in two buckets, the recent one opened at `activitySince`: an
     * upper bound of those of the last 24 hours (migration 0036, triggers').
     */
    activitySince: ts('activity_since'),
    activityRecent: integer('activity_recent').notNull().default(0),
    activityPrior: integer('activity_prior').notNull().default(0),
    /** The latest reversal of the member's approved completions (migration 0036, a trigger's). */
    lastReversalAt: ts('last_reversal_at'),
  },
  (t) => [
    uniqueIndex('users_firebase_uid_key').on(t.firebaseUid),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    uniqueIndex('users_sub_id_key').on(t.subId),
    index('users_email_idx').on(t.email),
    index('users_registration_date_idx').on(t.registrationDate),
    index('users_last_activity_idx').on(t.lastActivity),
    index('users_total_completions_idx').on(t.totalCompletions),
    index('users_total_revenue_idx').on(t.totalRevenueGenerated),
    index('users_successful_referrals_idx').on(t.successfulReferrals),
    index('users_referred_by_idx').on(t.referredByUserId),
    index('users_first_name_idx').on(t.firstName),
    // Admin users list, 'inactive' filter and Active Users card (last seen, or registered).
    index('users_last_seen_idx').on(sql`coalesce(${t.lastActivity}, ${t.registrationDate})`),
    check('users_free_spins_nonnegative', sql`${t.freeSpinsRemaining} >= 0`),
  ],
);

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastLoginAt: ts('last_login_at'),
  },
  (t) => [uniqueIndex('admins_username_key').on(t.username)],
);

/** Member and admin sessions; only a keyed hash of the cookie value (HMAC-SHA256) is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    publicId: text('public_id').notNull(),
    kind: text('kind', { enum: ['member', 'admin'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Absolute end (admins: 12 hours from sign-in); a member's moves forward as they use it. */
    expiresAt: ts('expires_at').notNull(),
    /** Last request that counted as activity: an admin session ends after 30 idle minutes. */
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_admin_idx').on(t.adminId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Partner networks (migration 0008): config is server/networks/config.ts without the columns. */
export const networks = pgTable(
  'networks',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    preset: text('preset').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    config: jsonb('config').notNull(),
    secret: text('secret').notNull().default(''),
    previousSecret: text('previous_secret'),
    previousSecretValidUntil: ts('previous_secret_valid_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('networks_slug_key').on(t.slug)],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    offerUrl: text('offer_url').notNull(),
    previewUrl: text('preview_url'),
    externalOfferId: text('external_offer_id').notNull(),
    network: text('network').notNull().default('default'),
    category: text('category'),
    model: text('model').notNull().default('CPR'),
    targeting: text('targeting').notNull().default('ALL'),
    rewardAmount: money('reward_amount').notNull().default(0),
    slotConfig: jsonb('slot_config'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    totalCompletions: integer('total_completions').notNull().default(0),
    uniqueUsers: integer('unique_users').notNull().default(0),
    totalRevenue: numeric('total_revenue', { precision: 16, scale: 4, mode: 'number' }).notNull().default(0),
    spinsUsed: integer('spins_used').notNull().default(0),
    rewardsWon: integer('rewards_won').notNull().default(0),
    /** The rupee value of the codes this offer's spins handed out, kept by rewards_spin (migration 0012). */
    totalVoucherValue: numeric('total_voucher_value', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /** The network whose receiver credits this offer; null = the native receiver (migration 0008). */
    networkId: integer('network_id').references(() => networks.id),
  },
  (t) => [
    index('offers_network_offer_idx')
      .on(t.networkId, t.externalOfferId)
      .where(sql`${t.networkId} is not null`),
    uniqueIndex('offers_external_offer_id_key').on(t.externalOfferId),
    index('offers_active_created_idx').on(t.isActive, t.createdAt),
    index('offers_category_idx').on(t.category),
  ],
);

export const clicks = pgTable(
  'clicks',
  {
    id: text('id').primaryKey(), // 128-bit random, base64url
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('clicks_user_offer_idx').on(t.userId, t.offerId),
    index('clicks_offer_idx').on(t.offerId),
    index('clicks_offer_created_idx').on(t.offerId, t.createdAt),
    index('clicks_user_created_idx').on(t.userId, t.createdAt),
    index('clicks_created_idx').on(t.createdAt),
  ],
);

/** Conversions confirmed (or announced) by the partner network's postbacks. */
export const completions = pgTable(
  'completions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    clickId: text('click_id').references(() => clicks.id),
    network: text('network').notNull(),
    transactionId: text('transaction_id').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'reversed'] }).notNull(),
    payoutAmount: payout('payout_amount').notNull().default(0),
    payoutCurrency: text('payout_currency').notNull().default('USD'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    reversedAt: ts('reversed_at'),
    isFirstCompletion: boolean('is_first_completion').notNull().default(false),
    completionType: text('completion_type').notNull().default('standard'),
    referralRewardProcessed: boolean('referral_reward_processed').notNull().default(false),
    spinnerUsed: boolean('spinner_used').notNull().default(false),
    rewardType: text('reward_type').notNull().default('none'),
    voucherId: integer('voucher_id'),
    /** Set while an approval waits for the blocked member's unblock (migration 0007); status stays 'pending'. */
    approvalHeldAt: ts('approval_held_at'),
    /** The partner's reason for a reversal, when it sent one (migration 0008). */
    reversalReason: text('reversal_reason'),
  },
  (t) => [
    uniqueIndex('completions_network_txn_key').on(t.network, t.transactionId),
    // One live completion per member and offer; a reversed one frees the offer again.
    uniqueIndex('completions_user_offer_key')
      .on(t.userId, t.offerId)
      .where(sql`${t.status} <> 'reversed'`),
    index('completions_completed_at_idx').on(t.completedAt),
    index('completions_offer_idx').on(t.offerId, t.completedAt),
    index('completions_user_completed_idx').on(t.userId, t.completedAt),
    index('completions_payout_idx').on(t.payoutAmount),
    index('completions_click_idx').on(t.clickId),
    // Admin conversions and clicks lists: approved completions by time or payout, and the common filters.
    index('completions_approved_completed_idx')
      .on(t.completedAt, t.id)
      .where(sql`${t.status} = 'approved'`),
    index('completions_approved_payout_idx')
      .on(t.payoutAmount, t.id)
      .where(sql`${t.status} = 'approved'`),
    index('completions_approved_first_idx')
      .on(t.completedAt, t.id)
      .where(sql`${t.status} = 'approved' and ${t.isFirstCompletion}`),
    index('completions_approved_won_idx')
      .on(t.completedAt, t.id)
      .where(sql`${t.status} = 'approved' and ${t.voucherId} is not null`),
    index('completions_referral_trigger_idx')
      .on(t.completedAt, t.id)
      .where(sql`${t.completionType} = 'triggered_referral_reward'`),
    index('completions_user_reversed_idx')
      .on(t.userId, t.reversedAt)
      .where(sql`${t.status} = 'reversed'`),
    // The member's rewards history, newest event first (migration 0013).
    index('completions_user_history_idx')
      .on(t.userId, sql`(coalesce(${t.reversedAt}, ${t.completedAt})) desc`)
      .where(
        sql`${t.status} = 'approved' or (${t.status} = 'reversed' and ${t.reversedAt} > ${t.createdAt})`,
      ),
    // Needs attention (migration 0012): the reversals of the hold's window.
    index('completions_reversed_at_idx')
      .on(t.reversedAt)
      .where(sql`${t.status} = 'reversed'`),
  ],
);

/**
 * A member's missing-conversion claim on one of their clicks (migration 0010): pending until an
 * administrator approves it (a manual approved conversion, completion_id) or rejects it with a reason.
 */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clickId: text('click_id')
      .notNull()
      .references(() => clicks.id),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by').references(() => admins.id),
    decidedAt: ts('decided_at'),
    completionId: integer('completion_id').references(() => completions.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('claims_click_key').on(t.clickId),
    index('claims_created_idx').on(t.createdAt, t.id),
    index('claims_status_created_idx').on(t.status, t.createdAt, t.id),
    index('claims_offer_created_idx').on(t.offerId, t.createdAt, t.id),
    index('claims_user_offer_idx').on(t.userId, t.offerId, t.createdAt),
    // Migration 0023: the claims on one click (the console's click view).
    index('claims_click_idx').on(t.clickId),
    check('claims_note_length', sql`char_length(${t.note}) <= 500`),
  ],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    voucherCode: text('voucher_code').notNull(),
    voucherBrand: text('voucher_brand').notNull(),
    voucherType: text('voucher_type').notNull().default('Gift Card'),
    voucherAmount: money('voucher_amount').notNull(),
    voucherDescription: text('voucher_description'),
    voucherTerms: text('voucher_terms'),
    status: text('status', { enum: ['available', 'assigned', 'used', 'expired'] })
      .notNull()
      .default('available'),
    expiryDate: date('expiry_date', { mode: 'string' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id),
    assignedToUserId: integer('assigned_to_user_id').references(() => users.id),
    assignedAt: ts('assigned_at'),
    assignmentContext: text('assignment_context', {
      enum: ['free_spin_from_referral', 'offer_completion', 'admin_assigned'],
    }),
    completionId: integer('completion_id'),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.voucherCode),
    // The claim path: available stock of one amount, earliest expiry first.
    index('vouchers_claim_idx')
      .on(t.voucherAmount, t.expiryDate, t.id)
      .where(sql`${t.status} = 'available'`),
    index('vouchers_status_idx').on(t.status),
    index('vouchers_brand_amount_idx').on(t.voucherBrand, t.voucherAmount),
    // The member's vouchers, newest first (migration 0013).
    index('vouchers_user_assigned_idx').on(t.assignedToUserId, t.assignedAt.desc()),
    index('vouchers_created_idx').on(t.createdAt),
    index('vouchers_expiry_idx').on(t.expiryDate),
    // Needs attention (migration 0012): available stock by amount and brand.
    index('vouchers_available_stock_idx')
      .on(t.voucherAmount, t.voucherBrand, t.expiryDate)
      .where(sql`${t.status} = 'available'`),
  ],
);

export const spins = pgTable(
  'spins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    spinType: text('spin_type', { enum: ['offer', 'free'] }).notNull(),
    // An offer spin spends exactly one completion: the unique index makes a second spin impossible.
    completionId: integer('completion_id').references(() => completions.id),
    offerId: integer('offer_id').references(() => offers.id),
    slotResult: jsonb('slot_result').$type<[number, number, number]>().notNull(),
    isWin: boolean('is_win').notNull(),
    drawnAmount: money('drawn_amount'),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    rewardType: text('reward_type').notNull().default('none'),
    stockOut: boolean('stock_out').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spins_completion_key').on(t.completionId),
    uniqueIndex('spins_voucher_key').on(t.voucherId),
    index('spins_user_idx').on(t.userId, t.createdAt),
    // Needs attention (migration 0012): an offer's last spins, the draws of the last 7 days.
    index('spins_offer_recent_idx').on(t.offerId, t.id),
    index('spins_drawn_created_idx')
      .on(t.createdAt)
      .where(sql`${t.drawnAmount} is not null`),
  ],
);

export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => users.id),
    referredUserId: integer('referred_user_id')
      .notNull()
      .references(() => users.id),
    referralCode: text('referral_code').notNull(),
    /** 'denied': a same-device referral an administrator closed without a reward (migration 0011). */
    status: text('status', { enum: ['pending', 'completed_waiting', 'successful', 'denied'] })
      .notNull()
      .default('pending'),
    sameDevice: boolean('same_device').notNull().default(false),
    firstCompletionId: integer('first_completion_id'),
    firstCompletionDate: ts('first_completion_date'),
    freeSpinsGranted: integer('free_spins_granted').notNull().default(0),
    rewardGrantedAt: ts('reward_granted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** An administrator's decision on a same-device referral: when, by whom, why (migration 0011). */
    reviewedAt: ts('reviewed_at'),
    reviewedByAdminId: integer('reviewed_by_admin_id').references(() => admins.id),
    reviewReason: text('review_reason'),
  },
  (t) => [
    uniqueIndex('referrals_referred_key').on(t.referredUserId),
    index('referrals_referrer_idx').on(t.referrerUserId, t.createdAt),
    index('referrals_status_idx').on(t.status, t.createdAt),
    // The member's pending referrals (migration 0013).
    index('referrals_referrer_pending_idx')
      .on(t.referrerUserId)
      .where(sql`${t.status} = 'pending'`),
    index('referrals_created_idx').on(t.createdAt),
    index('referrals_needs_review_idx')
      .on(t.createdAt)
      .where(sql`${t.sameDevice} and ${t.status} = 'completed_waiting'`),
  ],
);

export const postbackLog = pgTable(
  'postback_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    method: text('method').notNull(),
    ip: text('ip'),
    params: jsonb('params').notNull(),
    clickId: text('click_id'),
    transactionId: text('transaction_id'),
    status: text('status'),
    outcome: text('outcome').notNull(),
    httpStatus: integer('http_status').notNull(),
    completionId: integer('completion_id'),
    /** false: the attempt never passed the signature check (junk, purged after a while; migration 0007). */
    verified: boolean('verified'),
    // Migration 0008: the network's receiver.
    networkId: integer('network_id').references(() => networks.id),
    /** Why the attempt was refused or what it did, for a person: names parameters, never a secret. */
    reason: text('reason'),
    /** The request as received (method, url, query, body, headers), for Replay; shown masked. */
    request: jsonb('request'),
    /** Repeated junk (same network, address and outcome) is folded into one row. */
    repeatCount: integer('repeat_count').notNull().default(1),
    lastReceivedAt: ts('last_received_at'),
    /** On a replay's row: the refused attempt it re-ran. */
    replayOf: bigint('replay_of', { mode: 'number' }),
    /** On a refused attempt: when it was replayed. */
    replayedAt: ts('replayed_at'),
  },
  (t) => [
    index('postback_log_received_idx').on(t.receivedAt),
    index('postback_log_txn_idx').on(t.transactionId),
    index('postback_log_network_idx').on(t.networkId, t.receivedAt),
    index('postback_log_outcome_idx').on(t.outcome, t.receivedAt),
    index('postback_log_click_idx').on(t.clickId),
  ],
);

/** A reversal after the spin was used (migration 0008): the code cannot be taken back, so it is recorded. */
export const clawbacks = pgTable(
  'clawbacks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    completionId: integer('completion_id')
      .notNull()
      .references(() => completions.id),
    voucherId: integer('voucher_id'),
    voucherValue: money('voucher_value').notNull().default(0),
    payoutAmount: payout('payout_amount').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clawbacks_completion_key').on(t.completionId),
    index('clawbacks_user_idx').on(t.userId, t.createdAt),
    index('clawbacks_created_idx').on(t.createdAt),
  ],
);

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id').references(() => admins.id),
    adminUsername: text('admin_username').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    // Migration 0023: one record's entries, newest first (the console's timelines).
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);

/**
 * Failed administrator sign-ins, per username and per IP (sign-ins are rate-limited). Kept in
 * the database so every server process sees the same count.
 */
export const adminLoginAttempts = pgTable(
  'admin_login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
  },
  (t) => [
    index('admin_login_attempts_username_idx').on(t.username, t.attemptedAt),
    index('admin_login_attempts_ip_idx').on(t.ip, t.attemptedAt),
    index('admin_login_attempts_time_idx').on(t.attemptedAt),
  ],
);

/**
 * Addresses an administrator has signed in from with the right password (docs/decisions/admin-sign-in-limits.md): a username locked by failures elsewhere still opens from these.
 */
export const adminKnownAddresses = pgTable(
  'admin_known_addresses',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    lastSuccessAt: ts('last_success_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.username, t.ip] }),
    index('admin_known_addresses_time_idx').on(t.lastSuccessAt),
  ],
);

/**
 * The users list's order by vouchers won (migration 0032, docs/decisions/vouchers-won-rank.md): a
 * mirror of `users.total_vouchers_won` kept by a trigger, so that column stays unindexed.
 */
export const userVouchersWon = pgTable(
  'user_vouchers_won',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalVouchersWon: integer('total_vouchers_won').notNull(),
  },
  (t) => [index('user_vouchers_won_rank_idx').on(t.totalVouchersWon, t.userId)],
);

// --- Trust and safety (migration 0026, docs/trust-and-safety.md) ----------------------------------------

/** Where and on what a member was seen: at registration and at each later sign-in (the history). */
export const memberSightings = pgTable('member_sightings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  kind: text('kind', { enum: ['registration', 'sign_in'] }).notNull(),
  address: text('address'),
  prefix: text('prefix'),
  asn: integer('asn'),
  org: text('org'),
  hosting: boolean('hosting').notNull().default(false),
  fingerprint: text('fingerprint'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Each member's registration device ('d'), address prefix ('p') and normalised email ('e') with the
 * registration time, kept by triggers equal to the member row (migration 0035): the receiver's gate
 * counts linked accounts from this table's primary key alone (docs/decisions/member-links.md).
 */
export const memberLinks = pgTable(
  'member_links',
  {
    kind: text('kind', { enum: ['d', 'p', 'e'] }).notNull(),
    value: text('value').notNull(),
    registeredAt: ts('registered_at').notNull(),
    /** The member (no foreign key: the triggers keep the rows, migration 0035). */
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value, t.registeredAt, t.userId] })],
);

/** One row per registration device, address prefix or normalised email in use: a 64-bit hash of `kind:value` (migration 0035). */
export const memberLinkGroups = pgTable('member_link_groups', {
  key: bigint('key', { mode: 'number' }).primaryKey(),
});

/** A reward held by risk: its score, level and reasons, until it is released or denied exactly once. */
export const rewardHolds = pgTable('reward_holds', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  kind: text('kind', { enum: ['conversion', 'referral'] }).notNull(),
  completionId: integer('completion_id').references(() => completions.id),
  referralId: integer('referral_id').references(() => referrals.id),
  network: text('network'),
  score: integer('score').notNull(),
  level: text('level', { enum: ['medium', 'high', 'very_high'] }).notNull(),
  /** The named reasons with their weights and evidence (shared/contract/admin/reviews.ts). */
  reasons: jsonb('reasons').notNull(),
  status: text('status', { enum: ['held', 'released', 'denied'] })
    .notNull()
    .default('held'),
  releaseAt: ts('release_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
  denyCategory: text('deny_category'),
  note: text('note'),
});

/** The hold policy, one row (id 1); absent, the defaults of server/trust/policy.ts. */
export const riskPolicy = pgTable('risk_policy', {
  id: integer('id').primaryKey(),
  policy: jsonb('policy').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

// --- Web Push (migration 0028, docs/decisions/web-push-one-sender-per-event.md) ----------------------------------------------------------

export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSentAt: ts('last_sent_at'),
});

/** What a member wants to hear about (every kind on until they switch it off). */
export const pushPreferences = pgTable('push_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  spinReady: boolean('spin_ready').notNull().default(true),
  voucherExpiring: boolean('voucher_expiring').notNull().default(true),
  claimAnswered: boolean('claim_answered').notNull().default(true),
  referralReward: boolean('referral_reward').notNull().default(true),
  accountMessages: boolean('account_messages').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Each push sent and its result. */
export const pushSends = pgTable('push_sends', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  kind: text('kind').notNull(),
  dispatch: text('dispatch').notNull(),
  result: text('result').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Every process hears every member event; the first to insert its key sends the notification. */
export const pushDispatches = pgTable('push_dispatches', {
  eventKey: text('event_key').primaryKey(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** An open live-update stream of one app window and whether it is visible, refreshed by its process. */
export const pushPresence = pgTable('push_presence', {
  tab: text('tab').primaryKey(),
  userId: integer('user_id').notNull(),
  visible: boolean('visible').notNull().default(true),
  seenAt: ts('seen_at').notNull().defaultNow(),
});

/** The per-member rate limit: notifications in the member's current hour, taken atomically. */
export const pushMemberRate = pgTable('push_member_rate', {
  userId: integer('user_id').primaryKey(),
  windowStart: ts('window_start').notNull().defaultNow(),
  sent: integer('sent').notNull().default(0),
});

/** A voucher whose coming expiry the member was told of (once). */
export const pushVoucherNotices = pgTable('push_voucher_notices', {
  voucherId: integer('voucher_id').primaryKey(),
  userId: integer('user_id').notNull(),
  notifiedAt: ts('notified_at').notNull().defaultNow(),
});

// --- Fair play (migration 0029, docs/decisions/fair-play-daily-spin.md) ---------------------------------------------------

/** Which version of the rules a member accepted, and when. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    termsVersion: text('terms_version').notNull(),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.termsVersion] })],
);

/** A member's spins claimed on a day (the daily cap). */
export const dailySpinClaims = pgTable(
  'daily_spin_claims',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    claimed: integer('claimed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('daily_spin_claims_claimed_check', sql`${t.claimed} >= 0`),
  ],
);

/** The states where the operator does not offer the promotion (EXCLUDED_STATES, written at start). */
export const excludedStates = pgTable('excluded_states', {
  code: text('code').primaryKey(),
});

/** Each published version of the rules, by its content's hash. */
export const rulesVersions = pgTable('rules_versions', {
  hash: text('hash').primaryKey(),
  content: jsonb('content').notNull(),
  publishedAt: ts('published_at').notNull().defaultNow(),
});

// --- Vouchers owed and in stock, brands, generations -------------------------------------------------

/**
 * A win that lost the race for the last code of its amount: the code is assigned, oldest debt first and
 * exactly once, when that amount is restocked (migration 0025, docs/product-rules.md#spins).
 */
export const owedVouchers = pgTable('owed_vouchers', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  spinId: integer('spin_id')
    .notNull()
    .references(() => spins.id),
  completionId: integer('completion_id').references(() => completions.id),
  offerId: integer('offer_id').references(() => offers.id),
  voucherAmount: money('voucher_amount').notNull(),
  assignmentContext: text('assignment_context').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  voucherId: integer('voucher_id').references(() => vouchers.id),
  assignedAt: ts('assigned_at'),
});

/** Which prize amounts have a code in stock (what members are shown), kept by refresh_voucher_stock. */
export const voucherStock = pgTable('voucher_stock', {
  amount: money('amount').primaryKey(),
  inStock: boolean('in_stock').notNull(),
});

/** How to redeem each brand's vouchers, set by an operator (migration 0031). */
export const brandSettings = pgTable('brand_settings', {
  brand: text('brand').primaryKey(),
  redeemUrl: text('redeem_url'),
  redeemSteps: text('redeem_steps'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/**
 * The offers catalogue's generation, one row (id 1): changes with anything offers.php shows of an offer
 * (docs/decisions/cached-offers-catalogue.md).
 */
export const catalogueGeneration = pgTable('catalogue_generation', {
  id: integer('id').primaryKey().default(1),
  gen: bigint('gen', { mode: 'number' }).notNull(),
});

/** Each member's stats generation: changes with anything their stats calls list (docs/decisions/cached-member-stats.md). */
export const memberStatsGeneration = pgTable('member_stats_generation', {
  userId: integer('user_id').primaryKey(),
  gen: bigint('gen', { mode: 'number' }).notNull(),
});
