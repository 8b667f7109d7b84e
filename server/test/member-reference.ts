// The uncached references of the member reads, for server/members/answers-cache.test.ts: offers.php,
// user-stats.php and referral-stats.php as one statement each that reads every list, answered as
// objects. The product serves the cached paths (server/offers/service.ts, member-stats.ts); these are
// what those paths must answer byte for byte once serialised, and live with the tests since nothing
// else calls them (docs/decisions/member-answers-cache.md).
import type { Queryable } from '../db/client';
import { run } from '../db/client';
import {
  toMemberOffer,
  toMonthlyReferrals,
  toReferralDetail,
  toSessionUser,
  toUserCompletion,
  toUserStats,
  toOwedVoucher,
  toUserVoucher,
  toVoucherBreakdownRow,
} from '../members/mapper';
import type { MemberOfferRow } from '../offers/repository';
import { memberStatsRowsForSession, referralStatsRowsForSession } from '../members/repository';
import { listStockedAmounts } from '../vouchers/repository';
import { percent } from '../db/row-mappers';
import { statement } from '../db/statements';
import { foldedSession, type FoldedSession, type MemberSessionKey } from '../members/sessions-service';
import type { MemberOffer, ReferralStatsResponse, UserStatsResponse } from '../../shared/contract/member';

// Active offers, plus inactive ones the member has a live completion on (so a won voucher or a
// pending spin never disappears when an admin deactivates the offer). A pending completion also
// reads its click (by primary key), for the card's "started" time. The member's latest claim on the
// offer (claims_user_offer_idx) gives the claim's status; an offer without a live completion or a
// claim under review looks for a click that can still be claimed (clicks_user_offer_idx: between
// the minimum age, $2 minutes, and 30 days old, no conversion, no claim).
/**
 * The offers list's select for the member `u` (a column or parameter reference), claims after `minAge`
 * minutes: the active offers (offers_active_created_idx) and the inactive ones the member has a
 * live completion on (so a won voucher or a pending spin never disappears when an admin deactivates
 * the offer), never the whole table of past offers (the inactive ones by primary key, one per completion:
 * `offset 0` keeps the planner from turning that into a scan of every past offer; the same for the
 * member's completion of each offer, its voucher and its click: one index probe each, whatever the
 * planner guesses of a member it does not know when it plans the statement). Set-based, so its cost follows the member's own
 * rows: the member's completions (completions_user_offer_key), their latest claim per offer (one range
 * of claims_user_offer_idx) and the offers with a click that can still be claimed (one range of
 * clicks_user_created_idx over the last 30 days) are each read once and joined by offer.
 */
const memberOffersSelect = (u: string, minAge: string) =>
  `select o.id as offer_id, o.title, o.description, o.preview_url, o.offer_url, o.category, o.slot_config,
          c.status as completion_status, c.spinner_used, c.reward_type, v.voucher_code,
          k.created_at as clicked_at, case when c.status = 'pending' then c.created_at end as pending_since,
          cl.status as claim_status, case when cl.status = 'rejected' then cl.reject_reason end as claim_reason,
          (c.id is null and cl.status is distinct from 'pending' and cc.offer_id is not null) as can_claim,
          rh.review_status, rh.review_level, rh.review_release_at, rh.review_category,
          o.created_at as sort_created_at
     from (
       select a.* from offers a where a.is_active
       union all
       select b.* from completions x
        cross join lateral (
          select * from offers b where b.id = x.offer_id and not b.is_active offset 0) b
        where x.user_id = ${u} and x.status <> 'reversed') o
     left join lateral (
       select * from completions c1
        where c1.offer_id = o.id and c1.user_id = ${u} and c1.status <> 'reversed' offset 0) c on true
     left join lateral (select v1.voucher_code from vouchers v1 where v1.id = c.voucher_id offset 0) v on true
     left join lateral (
       select k1.created_at from clicks k1 where k1.id = c.click_id and c.status = 'pending' offset 0) k on true
     left join lateral (
         select h.status as review_status, h.level as review_level, h.release_at as review_release_at,
                h.deny_category as review_category
           from reward_holds h join completions hc on hc.id = h.completion_id
          where h.user_id = ${u} and hc.offer_id = o.id and h.kind = 'conversion'
          order by h.id desc limit 1) rh on true
     left join (
       select distinct on (y.offer_id) y.offer_id, y.status, y.reject_reason from claims y
        where y.user_id = ${u}
        order by y.offer_id, y.created_at desc, y.id desc) cl on cl.offer_id = o.id
     left join (
       select distinct e.offer_id from clicks e
        where e.user_id = ${u}
          and e.created_at <= now() - make_interval(mins => ${minAge}::int)
          and e.created_at >= now() - interval '30 days'
          and not exists (select 1 from completions x where x.click_id = e.id)
          and not exists (select 1 from claims y where y.click_id = e.id)) cc on cc.offer_id = o.id
    order by o.created_at desc, o.id desc
    limit 500`;

const memberOffers = statement('member_offers_reference', memberOffersSelect('$1', '$2'));

/** `claimMinAgeMinutes`: a click younger than this cannot be claimed yet (config.claimMinAgeMinutes). */
function listMemberOfferRows(
  db: Queryable,
  userId: number,
  claimMinAgeMinutes = 60,
): Promise<MemberOfferRow[]> {
  return run<MemberOfferRow>(db, memberOffers, [userId, claimMinAgeMinutes]);
}

/**
 * offers.php's answer as objects, read by the uncached statement above. `claimMinAgeMinutes`: how old a
 * click must be before the card offers a missing-conversion claim (config.claimMinAgeMinutes).
 */
export async function listMemberOffers(
  db: Queryable,
  userId: number,
  claimMinAgeMinutes?: number,
): Promise<MemberOffer[]> {
  const stocked = await listStockedAmounts(db);
  return (await listMemberOfferRows(db, userId, claimMinAgeMinutes)).map((r) => toMemberOffer(r, stocked));
}

/** user-stats.php's answer as objects, every list read (the uncached reference). */
export async function userStatsForSession(
  db: Queryable,
  key: MemberSessionKey,
): Promise<{ session: FoldedSession; stats: Omit<UserStatsResponse, 'success'> | null }> {
  const u = await memberStatsRowsForSession(db, key);
  const session = foldedSession(u);
  if (!u || session.status !== 'ok') return { session, stats: null };
  return {
    session,
    stats: {
      user: toSessionUser(u),
      stats: toUserStats(u),
      completions: u.completions!.map(toUserCompletion),
      voucherBreakdown: u.breakdown!.map(toVoucherBreakdownRow),
      userVouchers: u.vouchers!.map(toUserVoucher),
      owedVouchers: (u.owed ?? []).map(toOwedVoucher),
    },
  };
}

/** referral-stats.php's answer as objects, every list read (the uncached reference). */
export async function referralStatsForSession(
  db: Queryable,
  key: MemberSessionKey,
  publicUrl: string,
): Promise<{ session: FoldedSession; stats: Omit<ReferralStatsResponse, 'success'> | null }> {
  const u = await referralStatsRowsForSession(db, key);
  const session = foldedSession(u);
  if (!u || session.status !== 'ok') return { session, stats: null };
  return {
    session,
    stats: {
      referralCode: u.referralCode,
      shareUrl: `${publicUrl}/?ref=${encodeURIComponent(u.referralCode)}`,
      summary: {
        totalReferrals: u.totalReferrals,
        successfulReferrals: u.successfulReferrals,
        pendingReferrals: u.pending!,
        totalFreeSpinsEarned: u.totalFreeSpinsEarned,
        conversionRate: percent(u.successfulReferrals, u.totalReferrals),
      },
      monthlyPerformance: u.monthly!.map(toMonthlyReferrals),
      referralDetails: u.details!.map(toReferralDetail),
    },
  };
}
