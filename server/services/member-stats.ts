// user-stats.php and referral-stats.php, each in one round trip: the member session check, the member
// row (its counters, kept in the transactions that change them) and the call's bounded lists, in one
// statement (server/db/repositories/members.ts).
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
import { memberStatsRowsForSession, referralStatsRowsForSession } from '../db/repositories/members';
import { percent } from '../db/row-mappers';
import type { ReferralStatsResponse, UserStatsResponse } from '../../shared/contract/member';
import { foldedSession, type FoldedSession, type MemberSessionKey } from './sessions';

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
      completions: u.completions.map(toUserCompletion),
      voucherBreakdown: u.breakdown.map(toVoucherBreakdownRow),
      userVouchers: u.vouchers.map(toUserVoucher),
    },
  };
}

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
        pendingReferrals: u.pending,
        totalFreeSpinsEarned: u.totalFreeSpinsEarned,
        conversionRate: percent(u.successfulReferrals, u.totalReferrals),
      },
      monthlyPerformance: u.monthly.map(toMonthlyReferrals),
      referralDetails: u.details.map(toReferralDetail),
    },
  };
}
