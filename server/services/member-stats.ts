// user-stats.php and referral-stats.php, each in one round trip: the member session check, the member
// row (its counters, kept in the transactions that change them) and the call's bounded lists, in one
// statement (server/db/repositories/members.ts). The lists are kept per process, already serialised,
// under the member's stats key read in that same statement (docs/decisions.md, "Cached member stats"):
// the statement reads them only when the process does not hold the current key's lists.
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
import {
  referralStats as referralStatsEndpoint,
  userStats as userStatsEndpoint,
  type ReferralStatsResponse,
  type UserStatsResponse,
} from '../../shared/contract/member';
import { compileContractSerializer } from './offers';
import { foldedSession, type FoldedSession, type MemberSessionKey } from './sessions';

/**
 * An answer's JSON written field by field, each by the serializer compiled from its own schema, in the
 * schema's order: the same bytes as the whole answer's compiled serializer (member-cache.test.ts), so
 * that a cached field's text can be spliced in as it is.
 */
function fieldWriters<S extends Record<string, unknown>>(shape: S) {
  const keys = Object.keys(shape) as (keyof S & string)[];
  const writers = Object.fromEntries(keys.map((k) => [k, compileContractSerializer(shape[k])])) as Record<
    keyof S & string,
    (v: unknown) => string
  >;
  return {
    write: (k: keyof S & string, v: unknown) => writers[k](v),
    /** The object from each field's JSON text. */
    join: (parts: Record<keyof S & string, string>) =>
      `{${keys.map((k) => `${JSON.stringify(k)}:${parts[k]}`).join(',')}}`,
  };
}

const userStatsFields = fieldWriters(userStatsEndpoint.schema.response[200].shape);
const referralStatsFields = fieldWriters(referralStatsEndpoint.schema.response[200].shape);

/**
 * A least-recently-used map of each member's cached lists, bounded by their text's size (a member with
 * a long history holds up to 300 rows of it: the budget, not a count, bounds the memory).
 */
class ListCache<T extends { key: string; size: number }> {
  private readonly entries = new Map<string, T>();
  private size = 0;
  constructor(private readonly budget: number) {}
  get(sessionHash: string): T | undefined {
    const e = this.entries.get(sessionHash);
    if (e) {
      this.entries.delete(sessionHash);
      this.entries.set(sessionHash, e);
    }
    return e;
  }
  set(sessionHash: string, e: T): void {
    const old = this.entries.get(sessionHash);
    if (old) {
      this.size -= old.size;
      this.entries.delete(sessionHash);
    }
    if (e.size > this.budget) return;
    this.entries.set(sessionHash, e);
    this.size += e.size;
    for (const [id, oldest] of this.entries) {
      if (this.size <= this.budget) break;
      this.entries.delete(id);
      this.size -= oldest.size;
    }
  }
}

/** Each call's cache holds at most this much list text per process and database (UTF-16 characters). */
export const STATS_CACHE_BUDGET = 16 * 1024 * 1024;

interface UserStatsLists {
  key: string;
  size: number;
  completions: string;
  voucherBreakdown: string;
  userVouchers: string;
}
interface ReferralLists {
  key: string;
  size: number;
  pending: number;
  monthlyPerformance: string;
  referralDetails: string;
}

const userStatsCaches = new WeakMap<object, ListCache<UserStatsLists>>();
const referralCaches = new WeakMap<object, ListCache<ReferralLists>>();
function cacheOf<T extends { key: string; size: number }>(
  caches: WeakMap<object, ListCache<T>>,
  db: Queryable,
): ListCache<T> {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new ListCache<T>(STATS_CACHE_BUDGET)));
  return c;
}

/**
 * user-stats.php's answer as JSON text (null unless the session admits the member): the member row
 * read fresh by the statement, the lists from this process's cache when the statement says they are
 * the current key's (it then does not read them), else as the statement read them, kept under its key.
 * Cached per session (the cookie's hash), so a call uses no other member's entry; the key names the
 * member anyway (their referral code).
 */
export async function userStatsJsonForSession(
  db: Queryable,
  key: MemberSessionKey,
): Promise<{ session: FoldedSession; json: string | null }> {
  const cache = cacheOf(userStatsCaches, db);
  const held = cache.get(key.idHash);
  const u = await memberStatsRowsForSession(db, key, held?.key ?? null);
  const session = foldedSession(u);
  if (!u || session.status !== 'ok') return { session, json: null };
  let lists: UserStatsLists;
  if (u.completions && u.breakdown && u.vouchers) {
    const completions = userStatsFields.write('completions', u.completions.map(toUserCompletion));
    const voucherBreakdown = userStatsFields.write(
      'voucherBreakdown',
      u.breakdown.map(toVoucherBreakdownRow),
    );
    const userVouchers = userStatsFields.write('userVouchers', u.vouchers.map(toUserVoucher));
    const size = completions.length + voucherBreakdown.length + userVouchers.length;
    lists = { key: u.stats_key, size, completions, voucherBreakdown, userVouchers };
    cache.set(key.idHash, lists);
  } else if (held && held.key === u.stats_key) lists = held;
  else throw new Error('user-stats.php: the lists were not read and none are held under the key');
  return {
    session,
    json: userStatsFields.join({
      success: 'true',
      user: userStatsFields.write('user', toSessionUser(u)),
      stats: userStatsFields.write('stats', toUserStats(u)),
      completions: lists.completions,
      voucherBreakdown: lists.voucherBreakdown,
      userVouchers: lists.userVouchers,
    }),
  };
}

/** referral-stats.php's answer as JSON text, cached as userStatsJsonForSession's (its key has the month). */
export async function referralStatsJsonForSession(
  db: Queryable,
  key: MemberSessionKey,
  publicUrl: string,
): Promise<{ session: FoldedSession; json: string | null }> {
  const cache = cacheOf(referralCaches, db);
  const held = cache.get(key.idHash);
  const u = await referralStatsRowsForSession(db, key, held?.key ?? null);
  const session = foldedSession(u);
  if (!u || session.status !== 'ok') return { session, json: null };
  let lists: ReferralLists;
  if (u.monthly && u.details && u.pending !== null) {
    const monthlyPerformance = referralStatsFields.write(
      'monthlyPerformance',
      u.monthly.map(toMonthlyReferrals),
    );
    const referralDetails = referralStatsFields.write('referralDetails', u.details.map(toReferralDetail));
    const size = monthlyPerformance.length + referralDetails.length;
    lists = { key: u.stats_key, size, pending: u.pending, monthlyPerformance, referralDetails };
    cache.set(key.idHash, lists);
  } else if (held && held.key === u.stats_key) lists = held;
  else throw new Error('referral-stats.php: the lists were not read and none are held under the key');
  return {
    session,
    json: referralStatsFields.join({
      success: 'true',
      referralCode: referralStatsFields.write('referralCode', u.referralCode),
      shareUrl: referralStatsFields.write(
        'shareUrl',
        `${publicUrl}/?ref=${encodeURIComponent(u.referralCode)}`,
      ),
      summary: referralStatsFields.write('summary', {
        totalReferrals: u.totalReferrals,
        successfulReferrals: u.successfulReferrals,
        pendingReferrals: lists.pending,
        totalFreeSpinsEarned: u.totalFreeSpinsEarned,
        conversionRate: percent(u.successfulReferrals, u.totalReferrals),
      }),
      monthlyPerformance: lists.monthlyPerformance,
      referralDetails: lists.referralDetails,
    }),
  };
}

/** user-stats.php's answer as objects, every list read (the uncached reference of member-cache.test.ts). */
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
