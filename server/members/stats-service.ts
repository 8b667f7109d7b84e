// user-stats.php and referral-stats.php, each in one round trip: the member session check, the member
// row (its counters, kept in the transactions that change them) and the call's bounded lists, in one
// statement (server/members/repository.ts). The lists are kept per process, already serialised,
// under the member's stats key read in that same statement (docs/decisions/cached-member-stats.md):
// the statement reads them only when the process does not hold the current key's lists.
import type { Queryable } from '../db/client';
import {
  toMonthlyReferrals,
  toReferralDetail,
  toSessionUser,
  toUserCompletion,
  toUserStats,
  toOwedVoucher,
  toUserVoucher,
  toVoucherBreakdownRow,
} from './mapper';
import { memberStatsRowsForSession, referralStatsRowsForSession } from './repository';
import { percent } from '../db/row-mappers';
import {
  referralStats as referralStatsEndpoint,
  userStats as userStatsEndpoint,
} from '../../shared/contract/member';
import { compileContractSerializer } from '../offers/service';
import { foldedSession, sessionCacheUntil, type MemberSessionKey } from './sessions-service';
import type { CachedAnswer } from '../offers/service';

/**
 * An answer's JSON written field by field, each by the serializer compiled from its own schema, in the
 * schema's order: the same bytes as the whole answer's compiled serializer (member-cache.test.ts), so
 * that a cached field's text can be spliced in as it is.
 */
function fieldWriters<S extends Record<string, unknown>, C extends keyof S & string>(
  shape: S,
  cached: readonly C[],
) {
  const keys = Object.keys(shape) as (keyof S & string)[];
  // The cached fields are the answer's last ones, so that their text is the answer's end as it is.
  const first = keys.length - cached.length;
  if (keys.slice(first).join() !== cached.join()) throw new Error('the cached fields must end the answer');
  const writers = Object.fromEntries(keys.map((k) => [k, compileContractSerializer(shape[k])])) as Record<
    keyof S & string,
    (v: unknown) => string
  >;
  const field = (k: string, text: string) => `${JSON.stringify(k)}:${text}`;
  return {
    write: (k: keyof S & string, v: unknown) => writers[k](v),
    /** The end of the answer from the cached fields' JSON text, as bytes (written to every answer as is). */
    tail: (parts: Record<C, string>) => Buffer.from(`${cached.map((k) => field(k, parts[k])).join(',')}}`),
    /** The answer: its other fields' JSON text, then the cached end. */
    answer: (parts: Record<Exclude<keyof S & string, C>, string>, tail: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `{${keys
            .slice(0, first)
            .map((k) => field(k, parts[k as Exclude<keyof S & string, C>]))
            .join(',')},`,
        ),
        tail,
      ]),
  };
}

const userStatsFields = fieldWriters(userStatsEndpoint.schema.response[200].shape, [
  'completions',
  'voucherBreakdown',
  'userVouchers',
  'owedVouchers',
] as const);
const referralStatsFields = fieldWriters(referralStatsEndpoint.schema.response[200].shape, [
  'monthlyPerformance',
  'referralDetails',
] as const);

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

/** Each call's cache holds at most this many bytes of list text per process and database. */
export const STATS_CACHE_BUDGET = 16 * 1024 * 1024;

interface UserStatsLists {
  key: string;
  size: number;
  /** The answer's end: its lists, serialised, as bytes. */
  tail: Buffer;
}
interface ReferralLists {
  key: string;
  size: number;
  pending: number;
  /** The answer's end: its lists, serialised, as bytes. */
  tail: Buffer;
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
 * user-stats.php's answer as JSON bytes (null unless the session admits the member): the member row
 * read fresh by the statement, the lists from this process's cache when the statement says they are
 * the current key's (it then does not read them), else as the statement read them, kept under its key.
 * Cached per session (the cookie's hash), so a call uses no other member's entry; the key names the
 * member anyway (their referral code).
 */
export async function userStatsJsonForSession(db: Queryable, key: MemberSessionKey): Promise<CachedAnswer> {
  const cache = cacheOf(userStatsCaches, db);
  const held = cache.get(key.idHash);
  const u = await memberStatsRowsForSession(db, key, held?.key ?? null);
  const session = foldedSession(u);
  if (!u || session.status !== 'ok') return { session, json: null, sessionUntil: null, until: 0 };
  let lists: UserStatsLists;
  if (u.completions && u.breakdown && u.vouchers) {
    const completions = userStatsFields.write('completions', u.completions.map(toUserCompletion));
    const voucherBreakdown = userStatsFields.write(
      'voucherBreakdown',
      u.breakdown.map(toVoucherBreakdownRow),
    );
    const userVouchers = userStatsFields.write('userVouchers', u.vouchers.map(toUserVoucher));
    const owedVouchers = userStatsFields.write('owedVouchers', (u.owed ?? []).map(toOwedVoucher));
    const tail = userStatsFields.tail({ completions, voucherBreakdown, userVouchers, owedVouchers });
    lists = { key: u.stats_key, size: tail.length, tail };
    cache.set(key.idHash, lists);
  } else if (held && held.key === u.stats_key) lists = held;
  else throw new Error('user-stats.php: the lists were not read and none are held under the key');
  return {
    session,
    sessionUntil: sessionCacheUntil(u, key),
    // Nothing in it changes with time alone.
    until: Infinity,
    json: userStatsFields.answer(
      {
        success: 'true',
        user: userStatsFields.write('user', toSessionUser(u)),
        stats: userStatsFields.write('stats', toUserStats(u)),
      },
      lists.tail,
    ),
  };
}

/** referral-stats.php's answer as JSON bytes, cached as userStatsJsonForSession's (its key has the month). */
export async function referralStatsJsonForSession(
  db: Queryable,
  key: MemberSessionKey,
  publicUrl: string,
): Promise<CachedAnswer> {
  const cache = cacheOf(referralCaches, db);
  const held = cache.get(key.idHash);
  const u = await referralStatsRowsForSession(db, key, held?.key ?? null);
  const session = foldedSession(u);
  if (!u || session.status !== 'ok') return { session, json: null, sessionUntil: null, until: 0 };
  let lists: ReferralLists;
  if (u.monthly && u.details && u.pending !== null) {
    const monthlyPerformance = referralStatsFields.write(
      'monthlyPerformance',
      u.monthly.map(toMonthlyReferrals),
    );
    const referralDetails = referralStatsFields.write('referralDetails', u.details.map(toReferralDetail));
    const tail = referralStatsFields.tail({ monthlyPerformance, referralDetails });
    lists = { key: u.stats_key, size: tail.length, pending: u.pending, tail };
    cache.set(key.idHash, lists);
  } else if (held && held.key === u.stats_key) lists = held;
  else throw new Error('referral-stats.php: the lists were not read and none are held under the key');
  return {
    session,
    sessionUntil: sessionCacheUntil(u, key),
    // The monthly chart's month ends.
    until: new Date(u.lists_until).getTime(),
    json: referralStatsFields.answer(
      {
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
      },
      lists.tail,
    ),
  };
}
