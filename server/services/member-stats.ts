// user-stats.php and referral-stats.php: counters come from the member row, kept in the transactions
// that change them; lists are bounded (their queries: server/db/repositories).
import type { Queryable } from '../db/client';
import {
  toMonthlyReferrals,
  toReferralDetail,
  toSessionUser,
  toUserCompletion,
  toUserStats,
  toUserVoucher,
  toVoucherBreakdownRow,
} from '../db/mappers/member';
import { listCompletionHistoryOf } from '../db/repositories/completions';
import { findMemberById } from '../db/repositories/members';
import {
  countPendingReferralsOf,
  listReferredMembers,
  monthlyReferralsOf,
} from '../db/repositories/referrals';
import { listMemberVouchers, voucherBreakdownOf } from '../db/repositories/vouchers';
import { percent } from '../db/row-mappers';
import type { ReferralStatsResponse, UserStatsResponse } from '../../shared/contract/member';

async function memberOf(db: Queryable, userId: number) {
  const u = await findMemberById(db, userId);
  if (!u) throw new Error('member vanished');
  return u;
}

export async function userStats(db: Queryable, userId: number): Promise<Omit<UserStatsResponse, 'success'>> {
  const u = await memberOf(db, userId);
  const completions = await listCompletionHistoryOf(db, userId);
  const breakdown = await voucherBreakdownOf(db, userId);
  const vouchers = await listMemberVouchers(db, userId);
  return {
    user: toSessionUser(u),
    stats: toUserStats(u),
    completions: completions.map(toUserCompletion),
    voucherBreakdown: breakdown.map(toVoucherBreakdownRow),
    userVouchers: vouchers.map(toUserVoucher),
  };
}

export async function referralStats(
  db: Queryable,
  userId: number,
  publicUrl: string,
): Promise<Omit<ReferralStatsResponse, 'success'>> {
  const u = await memberOf(db, userId);
  const monthly = await monthlyReferralsOf(db, userId);
  const details = await listReferredMembers(db, userId);
  const pending = await countPendingReferralsOf(db, userId);
  return {
    referralCode: u.referralCode,
    shareUrl: `${publicUrl}/?ref=${encodeURIComponent(u.referralCode)}`,
    summary: {
      totalReferrals: u.totalReferrals,
      successfulReferrals: u.successfulReferrals,
      pendingReferrals: pending,
      totalFreeSpinsEarned: u.totalFreeSpinsEarned,
      conversionRate: percent(u.successfulReferrals, u.totalReferrals),
    },
    monthlyPerformance: monthly.map(toMonthlyReferrals),
    referralDetails: details.map(toReferralDetail),
  };
}
