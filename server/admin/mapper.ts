// Rows as the admin lists answer them: one mapper per row shape, the page's pagination block and the
// member columns the users list and the dashboard's recent users both start with. Each mapper takes its
// list query's row as the SQL returns it (snake_case; numeric as text, bigint as text from node-postgres,
// timestamps as text or Date), typed here so the repositories that read it and the mapper agree.
import type { AdminClickRow } from '../../shared/contract/admin/clicks';
import type { AdminConversionRow } from '../../shared/contract/admin/conversions';
import type { AdminOfferRow } from '../../shared/contract/admin/offers';
import type { AdminUserRow, UserCategory } from '../../shared/contract/admin/users';
import type { AdminVoucherRow, AssignmentContext, VoucherStatus } from '../../shared/contract/admin/vouchers';
import type { Pagination } from '../../shared/contract/common';
import { parseSlotConfig } from '../../shared/slot';
import type { PageInput } from '../db/admin/list-sql';
import { bool, dateOnly, iso, isoOrNull, money, num, numOrNull, str, strOrNull } from '../db/row-mappers';

export function pagination(p: PageInput, total: number, estimated = false): Pagination {
  return {
    page: p.page,
    limit: p.limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / p.limit)),
    ...(estimated ? { estimated: true } : {}),
  };
}

/** A page whose total is the filtered count (countRows) when there is one, else the unfiltered total. */
export function paginationOf(
  p: PageInput,
  count: { total: number; estimated: boolean } | null,
  unfilteredTotal: number,
): Pagination {
  return pagination(p, count ? count.total : unfilteredTotal, count?.estimated ?? false);
}

/** The users row's columns memberOf reads. */
export interface MemberColumnsRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  registration_date: Date | string;
  registration_method: string;
}

/** The member columns the users list and the dashboard's recent users both start with. */
export function memberOf(r: MemberColumnsRow) {
  return {
    user_id: num(r.id),
    first_name: str(r.first_name),
    last_name: str(r.last_name),
    email: str(r.email),
    registration_date: iso(r.registration_date),
    registration_method: str(r.registration_method),
  };
}

/** A click with its member and offer, and its approved completion and voucher when it converted. */
export interface ClickListRow {
  click_id: string;
  user_id: number;
  offer_id: number;
  clicked_at: Date | string;
  completion_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  firebase_uid: string | null;
  title: string;
  category: string | null;
  external_offer_id: string;
  payout_amount: string | null;
  voucher_code: string | null;
  voucher_brand: string | null;
  voucher_amount: string | null;
  spinner_used: boolean | null;
  completed_at: Date | string | null;
}

export function toClickRow(r: ClickListRow): AdminClickRow {
  return {
    click_id: str(r.click_id),
    completion_id: numOrNull(r.completion_id),
    user_id: num(r.user_id),
    offer_id: num(r.offer_id),
    first_name: str(r.first_name),
    last_name: str(r.last_name),
    email: str(r.email),
    firebase_uid: strOrNull(r.firebase_uid),
    title: strOrNull(r.title),
    category: strOrNull(r.category),
    external_offer_id: strOrNull(r.external_offer_id),
    payout_amount: numOrNull(r.payout_amount),
    voucher_code: strOrNull(r.voucher_code),
    voucher_brand: strOrNull(r.voucher_brand),
    voucher_amount: numOrNull(r.voucher_amount),
    spinner_used: bool(r.spinner_used),
    completed_at: isoOrNull(r.completed_at),
  };
}

/** A completion with its member, the member's referrer, its offer, voucher and clawback. */
export interface ConversionListRow {
  id: number;
  user_id: number;
  offer_id: number;
  click_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  registration_method: string;
  referral_code: string;
  referred_by_code: string | null;
  referred_by_user_id: number | null;
  /** 'Name <email>' of the member's referrer. */
  referrer_info: string | null;
  title: string;
  category: string | null;
  external_offer_id: string;
  payout_amount: string;
  payout_currency: string;
  completed_at: Date | string | null;
  is_first_completion: boolean;
  completion_type: string;
  referral_reward_processed: boolean;
  spinner_used: boolean;
  reward_type: string;
  voucher_id: number | null;
  voucher_brand: string | null;
  voucher_amount: string | null;
  voucher_code: string | null;
  voucher_type: string | null;
  voucher_description: string | null;
  voucher_expiry: Date | string | null;
  voucher_status: string | null;
  status: string;
  reversed_at: Date | string | null;
  reversal_reason: string | null;
  clawback_value: string | null;
}

/** A conversion; `withStatus` (a query with a status filter) adds its status and reversal. */
export function toConversionRow(r: ConversionListRow, withStatus = false): AdminConversionRow {
  const won = r.voucher_id !== null && r.voucher_id !== undefined;
  const reversal = withStatus
    ? {
        status: str(r.status) === 'reversed' ? ('reversed' as const) : ('approved' as const),
        reversed_at: isoOrNull(r.reversed_at),
        reversal_reason: strOrNull(r.reversal_reason),
        clawback_value:
          r.clawback_value === null || r.clawback_value === undefined ? null : money(r.clawback_value),
      }
    : {};
  return {
    completion_id: num(r.id),
    user_id: num(r.user_id),
    offer_id: num(r.offer_id),
    click_id: strOrNull(r.click_id),
    first_name: str(r.first_name),
    last_name: str(r.last_name),
    email: str(r.email),
    registration_method: str(r.registration_method),
    referral_code: str(r.referral_code),
    referred_by_code: strOrNull(r.referred_by_code),
    referrer_info: strOrNull(r.referrer_info),
    user_source:
      r.referred_by_user_id === null || r.referred_by_user_id === undefined ? 'organic' : 'referred',
    title: strOrNull(r.title),
    category: strOrNull(r.category),
    external_offer_id: strOrNull(r.external_offer_id),
    payout_amount: num(r.payout_amount),
    payout_currency: str(r.payout_currency) || 'USD',
    completed_at: iso(r.completed_at),
    is_first_completion: bool(r.is_first_completion),
    completion_type: str(r.completion_type),
    referral_reward_processed: bool(r.referral_reward_processed),
    spinner_used: bool(r.spinner_used),
    voucher_won: won,
    voucher_brand: strOrNull(r.voucher_brand),
    voucher_amount: numOrNull(r.voucher_amount),
    voucher_code: strOrNull(r.voucher_code),
    voucher_type: strOrNull(r.voucher_type),
    voucher_description: strOrNull(r.voucher_description),
    voucher_expiry: dateOnly(r.voucher_expiry),
    voucher_status: strOrNull(r.voucher_status),
    reward_type: str(r.reward_type) || 'none',
    ...reversal,
  };
}

/** An offers row (`o.*`: the columns toOfferRow reads) and its network's name. */
export interface OfferListRow {
  id: number;
  title: string;
  description: string;
  offer_url: string;
  preview_url: string | null;
  external_offer_id: string;
  category: string | null;
  model: string;
  targeting: string;
  reward_amount: string;
  slot_config: unknown;
  is_active: boolean;
  created_at: Date | string;
  total_completions: number;
  unique_users: number;
  total_revenue: string;
  spins_used: number;
  rewards_won: number;
  total_voucher_value: string;
  network_id: number | null;
  network_name: string | null;
}

/** An offers-list row; `fxUsdInr` (FX_USD_INR) converts its USD revenue for the rupee columns. */
export function toOfferRow(r: OfferListRow, fxUsdInr: number): AdminOfferRow {
  const completions = num(r.total_completions);
  const revenue = num(r.total_revenue);
  return {
    offer_id: num(r.id),
    title: str(r.title),
    description: str(r.description),
    offer_url: str(r.offer_url),
    preview_url: strOrNull(r.preview_url),
    external_offer_id: str(r.external_offer_id),
    category: strOrNull(r.category),
    model: str(r.model),
    targeting: str(r.targeting),
    reward_amount: num(r.reward_amount),
    slot_config: parseSlotConfig(r.slot_config),
    is_active: bool(r.is_active),
    created_at: iso(r.created_at),
    total_completions: completions,
    unique_users: num(r.unique_users),
    total_revenue: money(revenue),
    avg_payout: completions > 0 ? Math.round((revenue / completions) * 100) / 100 : 0,
    spins_used: num(r.spins_used),
    rewards_won: num(r.rewards_won),
    revenue_inr: money(revenue * fxUsdInr),
    voucher_cost: money(r.total_voucher_value),
    margin_inr: money(revenue * fxUsdInr - num(r.total_voucher_value)),
    network_id: numOrNull(r.network_id),
    network_name: strOrNull(r.network_name),
  };
}

export function userCategory(successfulReferrals: number, referred: boolean): UserCategory {
  if (successfulReferrals >= 3) return 'top_referrer';
  if (successfulReferrals >= 1) return 'active_referrer';
  return referred ? 'referred_user' : 'organic_user';
}

/** A users row with its referrer's name and its clawbacks. */
export interface UserListRow extends MemberColumnsRow {
  last_activity: Date | string | null;
  referred_by_user_id: number | null;
  referred_by_code: string | null;
  referred_by_name: string | null;
  total_completions: number;
  total_revenue_generated: string;
  total_vouchers_won: number;
  successful_referrals: number;
  total_referrals: number;
  free_spins_remaining: number;
  is_suspicious: boolean;
  held_at: Date | string | null;
  clawbacks_count: number;
  clawbacks_value: string;
}

export function toUserRow(r: UserListRow): AdminUserRow {
  const successful = num(r.successful_referrals);
  return {
    ...memberOf(r),
    last_activity: isoOrNull(r.last_activity),
    referred_by_code: strOrNull(r.referred_by_code),
    referred_by_name: strOrNull(r.referred_by_name),
    total_completions: num(r.total_completions),
    total_revenue_generated: money(r.total_revenue_generated),
    total_vouchers_won: num(r.total_vouchers_won),
    successful_referrals: successful,
    total_referrals: num(r.total_referrals),
    free_spins_remaining: num(r.free_spins_remaining),
    is_suspicious: bool(r.is_suspicious),
    user_category: userCategory(
      successful,
      r.referred_by_user_id !== null && r.referred_by_user_id !== undefined,
    ),
    held_at: isoOrNull(r.held_at),
    clawbacks_count: num(r.clawbacks_count),
    clawbacks_value: money(r.clawbacks_value),
  };
}

/** A vouchers row (`v.*`) with who created it and to whom it is assigned. */
export interface VoucherListRow {
  id: number;
  voucher_code: string;
  voucher_brand: string;
  voucher_type: string;
  voucher_description: string | null;
  voucher_terms: string | null;
  voucher_amount: string;
  status: string;
  expiry_date: Date | string | null;
  created_at: Date | string;
  created_by_username: string | null;
  assigned_to_user_id: number | null;
  assigned_to_name: string | null;
  assigned_to_email: string | null;
  assigned_at: Date | string | null;
  assignment_context: string | null;
}

export function toVoucherRow(r: VoucherListRow): AdminVoucherRow {
  return {
    voucher_id: num(r.id),
    voucher_code: str(r.voucher_code),
    voucher_brand: str(r.voucher_brand),
    voucher_type: str(r.voucher_type) || 'Gift Card',
    voucher_description: strOrNull(r.voucher_description),
    voucher_terms: strOrNull(r.voucher_terms),
    voucher_amount: num(r.voucher_amount),
    status: str(r.status) as VoucherStatus,
    expiry_date: dateOnly(r.expiry_date),
    created_at: iso(r.created_at),
    created_by_username: strOrNull(r.created_by_username),
    assigned_to_user_id: numOrNull(r.assigned_to_user_id),
    assigned_to_name: strOrNull(r.assigned_to_name),
    assigned_to_email: strOrNull(r.assigned_to_email),
    assigned_at: isoOrNull(r.assigned_at),
    assignment_context: strOrNull(r.assignment_context) as AssignmentContext | null,
  };
}
