// Rows as the member calls answer them (offers.php, firebase-auth.php, user-stats.php,
// referral-stats.php): one mapper per shape.
import type {
  MemberOffer,
  MemberReferralStatus,
  OwedVoucher,
  ReferralStatsResponse,
  SessionUserRow,
  UserCompletion,
  UserStats,
  UserVoucher,
  VoucherBreakdownRow,
} from '../../shared/contract/member';
import { offerTable, parseSlotConfig, stockedTable } from '../../shared/slot';
import { DENY_CATEGORIES } from '../../shared/trust';
import type { Member } from './repository';
import { offerShownOf, type MemberOfferRow } from '../offers/repository';
import { dateOnly, isoOrNull, num, numOrNull, percent, strOrNull } from '../db/row-mappers';

/** The signed-in member as firebase-auth.php and user-stats.php answer it. */
export function toSessionUser(
  u: Pick<Member, 'id' | 'firstName' | 'lastName' | 'email' | 'referralCode'>,
): SessionUserRow {
  return {
    user_id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    referral_code: u.referralCode,
  };
}

/**
 * `stocked`: the prize amounts with a code in stock (voucher_stock), for slot_odds: the offer's table
 * (its slot_config, or the default one) as it can be won now (docs/product-rules.md#spins).
 */
/**
 * The reward hold the member is told about (issue 33): a pending conversion held by risk ('checking'
 * until its release time, or 'under_review'), or the denied one of an offer with no live conversion.
 */
function reviewOf(r: MemberOfferRow): MemberOffer['review'] {
  if (r.completion_status === 'pending' && r.review_status === 'held')
    // A medium hold waits for its time; one whose timer stopped (the member's rewards paused) for a review.
    return r.review_level === 'medium' && r.review_release_at
      ? { state: 'checking', release_at: isoOrNull(r.review_release_at), category: null }
      : {
          state: r.review_level === 'very_high' ? 'paused' : 'under_review',
          release_at: null,
          category: null,
        };
  if (r.completion_status === null && r.review_status === 'denied') {
    const category = DENY_CATEGORIES.find((c) => c === r.review_category) ?? 'other';
    return { state: 'not_approved', release_at: null, category };
  }
  return null;
}

export function toMemberOffer(r: MemberOfferRow, stocked: readonly number[]): MemberOffer {
  const completed = r.completion_status === 'approved';
  return {
    ...offerShownOf(r),
    completed,
    spinner_used: completed && !!r.spinner_used,
    status: completed ? 'completed' : r.completion_status === 'pending' ? 'pending' : 'available',
    reward_type: r.reward_type ?? 'none',
    voucher_code: r.voucher_code,
    slot_config: parseSlotConfig(r.slot_config),
    slot_odds: stockedTable(offerTable(r.slot_config), stocked),
    clicked_at: isoOrNull(r.clicked_at),
    pending_since: isoOrNull(r.pending_since),
    can_claim: r.can_claim === true,
    claim_status: r.claim_status ?? null,
    claim_reason: r.claim_reason ?? null,
    review: reviewOf(r),
  };
}

export function toUserStats(u: Member): UserStats {
  return {
    total_completions: u.totalCompletions,
    total_vouchers_won: u.totalVouchersWon,
    successful_referrals: u.successfulReferrals,
    total_voucher_value: Number(u.totalVoucherValue),
    spins_used: u.spinsUsed,
    free_spins_remaining: u.freeSpinsRemaining,
    total_free_spins_earned: u.totalFreeSpinsEarned,
    referral_conversion_rate: percent(u.successfulReferrals, u.totalReferrals),
  };
}

export function toUserCompletion(r: Record<string, unknown>): UserCompletion {
  return {
    title: r.title as string,
    category: strOrNull(r.category),
    completed_at: isoOrNull(r.completed_at)!,
    voucher_code: strOrNull(r.voucher_code),
    voucher_brand: strOrNull(r.voucher_brand),
    voucher_amount: numOrNull(r.voucher_amount),
    reward_type: r.reward_type as string,
    status: r.status === 'reversed' ? 'reversed' : 'approved',
    reversed_at: r.status === 'reversed' ? isoOrNull(r.reversed_at) : null,
    reversal_reason: r.status === 'reversed' ? strOrNull(r.reversal_reason) : null,
  };
}

export function toVoucherBreakdownRow(r: Record<string, unknown>): VoucherBreakdownRow {
  return {
    voucher_amount: num(r.voucher_amount),
    voucher_brand: r.voucher_brand as string,
    count: num(r.count),
    total_value: num(r.total_value),
  };
}

export function toUserVoucher(r: Record<string, unknown>): UserVoucher {
  return {
    voucher_id: num(r.voucher_id),
    voucher_code: r.voucher_code as string,
    voucher_amount: num(r.voucher_amount),
    voucher_brand: r.voucher_brand as string,
    voucher_description: strOrNull(r.voucher_description),
    title: strOrNull(r.title),
    assigned_at: isoOrNull(r.assigned_at)!,
    completed_at: isoOrNull(r.completed_at),
    voucher_source: r.assignment_context === 'free_spin_from_referral' ? 'free_spin' : 'offer_completion',
    voucher_terms: strOrNull(r.voucher_terms),
    expiry_date: dateOnly(r.expiry_date),
    status: r.status as UserVoucher['status'],
  };
}

/** A win whose voucher is owed (owed_vouchers), as user-stats.php lists it. */
export function toOwedVoucher(r: Record<string, unknown>): OwedVoucher {
  return {
    owed_id: num(r.owed_id),
    voucher_amount: num(r.voucher_amount),
    title: strOrNull(r.title),
    won_at: isoOrNull(r.won_at)!,
    voucher_source: r.assignment_context === 'free_spin_from_referral' ? 'free_spin' : 'offer_completion',
  };
}

export function toMonthlyReferrals(
  r: Record<string, unknown>,
): ReferralStatsResponse['monthlyPerformance'][number] {
  return { month: r.month as string, registrations: num(r.registrations), successful: num(r.successful) };
}

const MEMBER_REFERRAL_STATUS: Record<string, MemberReferralStatus> = {
  pending: 'registered_only',
  completed_waiting: 'completed_waiting',
  successful: 'completed_and_rewarded',
  denied: 'not_approved',
};

/** An administrator's decision on a held referral, read from the status it left; null when none was taken. */
function reviewOutcome(r: Record<string, unknown>): 'granted' | 'denied' | null {
  if (r.reviewed_at == null) return null;
  if (r.status === 'successful') return 'granted';
  return r.status === 'denied' ? 'denied' : null;
}

export function toReferralDetail(
  r: Record<string, unknown>,
): ReferralStatsResponse['referralDetails'][number] {
  return {
    first_name: r.first_name as string,
    last_name: r.last_name as string,
    registration_date: isoOrNull(r.registration_date)!,
    first_completion_date: isoOrNull(r.first_completion_date),
    total_completions: num(r.total_completions),
    status: MEMBER_REFERRAL_STATUS[r.status as string] ?? 'registered_only',
    // Held: both accounts look like one device and the friend's first offer is done; no decision yet.
    under_review: r.same_device === true && r.status === 'completed_waiting',
    review_outcome: reviewOutcome(r),
  };
}
