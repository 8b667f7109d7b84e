// The partner network's server-to-server postback (DESIGN.md section 4): signed with HMAC-SHA256,
// fail closed, idempotent on (network, transaction id), every attempt logged.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { query, type Db, type Tx } from '../db/client';
import { clicks, completions, offers, postbackLog, referrals, users } from '../db/schema';
import { storableText, unstorableText } from '../lib/text';

/** name=value pairs of every parameter but sig, sorted by name, encodeURIComponent-encoded, joined by &. */
export function canonicalString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sig')
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k]!)}`)
    .join('&');
}

export function signPostback(params: Record<string, string>, secret: string): string {
  return createHmac('sha256', secret).update(canonicalString(params)).digest('hex');
}

export function verifySignature(params: Record<string, string>, secret: string): boolean {
  const sig = params.sig;
  if (typeof sig !== 'string' || !/^[0-9a-f]{64}$/.test(sig)) return false;
  const expected = Buffer.from(signPostback(params, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
}

export const postbackParamsSchema = z.object({
  click_id: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(128),
  payout: z
    .string()
    .regex(/^\d{1,8}(\.\d{1,4})?$/, 'payout must be a non-negative number with at most 4 decimals')
    .transform(Number),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'currency must be a 3-letter code')
    .transform((c) => c.toUpperCase())
    .optional(),
  status: z.enum(['approved', 'pending', 'reversed']),
  sig: z.string(),
});

export interface PostbackOutcome {
  httpStatus: number;
  body: { success: boolean; error?: string; status?: string; duplicate?: boolean; message?: string };
  outcome: string;
  completionId?: number | null;
}

/**
 * The receiver's bounds (issue 11, item 6; docs/operations.md, "Postbacks"). The receiver is public and
 * unauthenticated, so everything an unsigned caller can make it store is bounded:
 *   - perIpPerMinute: attempts per client address per minute, per process (429 beyond);
 *   - bodyBytes, maxParams, maxKeyLength, maxValueLength: the size of one attempt (400 beyond);
 *   - junkRowsPerMinute: log rows per minute, per process, for attempts that never passed the signature
 *     check (the rest are counted in metrics only), each a summary of at most junkSummaryValueLength
 *     characters per known parameter;
 *   - junkRetentionDays: how long those rows are kept (verified attempts are kept: the audit trail).
 */
export const POSTBACK_LIMITS = {
  perIpPerMinute: 1200,
  bodyBytes: 16_384,
  maxParams: 32,
  maxKeyLength: 64,
  maxValueLength: 1024,
  junkRowsPerMinute: 120,
  junkSummaryValueLength: 128,
  junkRetentionDays: 7,
} as const;

const KNOWN_PARAMS = ['click_id', 'transaction_id', 'payout', 'currency', 'status', 'sig'] as const;

/**
 * Flattens a query or form body into string pairs; arrays and nested values are malformed, and so is
 * text PostgreSQL cannot store (U+0000, a lone UTF-16 surrogate).
 */
export function flattenParams(raw: unknown): Record<string, string> | null {
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (unstorableText(k) || unstorableText(v)) return null;
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number') out[k] = String(v);
    else return null;
  }
  return out;
}

/** Why the parameters are too large to consider, or null. Checked before the signature. */
export function paramLimitProblem(params: Record<string, string>): string | null {
  const L = POSTBACK_LIMITS;
  const keys = Object.keys(params);
  if (keys.length > L.maxParams) return `at most ${L.maxParams} parameters are accepted`;
  if (keys.some((k) => k.length > L.maxKeyLength))
    return `parameter names are at most ${L.maxKeyLength} characters`;
  if (keys.some((k) => params[k]!.length > L.maxValueLength))
    return `parameter values are at most ${L.maxValueLength} characters`;
  return null;
}

/** What one log row keeps of an attempt: storable text, bounded; a junk attempt only a summary. */
export function logParams(raw: unknown, verified: boolean): Record<string, string> {
  if (!raw || typeof raw !== 'object') return {};
  const entries = Object.entries(raw as Record<string, unknown>);
  const text = (v: unknown) =>
    storableText(typeof v === 'string' ? v : typeof v === 'number' ? String(v) : `[${typeof v}]`);
  if (verified) {
    return Object.fromEntries(
      entries
        .slice(0, POSTBACK_LIMITS.maxParams)
        .map(([k, v]) => [text(k).slice(0, 64), text(v).slice(0, 256)]),
    );
  }
  const summary: Record<string, string> = {};
  for (const [k, v] of entries) {
    if ((KNOWN_PARAMS as readonly string[]).includes(k))
      summary[k] = text(v).slice(0, POSTBACK_LIMITS.junkSummaryValueLength);
  }
  const others = entries.length - Object.keys(summary).length;
  if (others > 0) summary._other_params = String(others);
  return summary;
}

export async function logPostback(
  db: Db,
  entry: {
    method: string;
    ip: string | null;
    /** The query or body as received (stored bounded and cleaned, see logParams). */
    raw: unknown;
    verified: boolean;
    outcome: PostbackOutcome;
  },
) {
  const p = logParams(entry.raw, entry.verified);
  await db.insert(postbackLog).values({
    method: entry.method,
    ip: entry.ip,
    params: p,
    clickId: p.click_id?.slice(0, 64) ?? null,
    transactionId: p.transaction_id?.slice(0, 128) ?? null,
    status: p.status?.slice(0, 32) ?? null,
    outcome: entry.outcome.outcome,
    httpStatus: entry.outcome.httpStatus,
    completionId: entry.outcome.completionId ?? null,
    verified: entry.verified,
  });
}

/**
 * A per-process budget of junk log rows per minute: `admit()` says whether this attempt may be stored.
 * One per app instance (the receiver's plugin owns it).
 */
export function junkBudget(perMinute: number = POSTBACK_LIMITS.junkRowsPerMinute) {
  let windowStart = 0;
  let used = 0;
  let dropped = 0;
  return {
    admit(now = Date.now()): { admitted: boolean; droppedInLastWindow: number } {
      let droppedInLastWindow = 0;
      if (now - windowStart >= 60_000) {
        droppedInLastWindow = dropped;
        windowStart = now;
        used = 0;
        dropped = 0;
      }
      if (used < perMinute) {
        used++;
        return { admitted: true, droppedInLastWindow };
      }
      dropped++;
      return { admitted: false, droppedInLastWindow };
    },
  };
}

/** Deletes junk attempts older than the retention period, a bounded batch at a time; returns the count. */
export async function purgeJunkPostbacks(
  db: Db,
  retentionDays: number = POSTBACK_LIMITS.junkRetentionDays,
  batch = 5_000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await query<{ n: number }>(
      db,
      sql`with d as (
            delete from postback_log where id in (
              select id from postback_log
               where verified = false and received_at < now() - make_interval(days => ${retentionDays})
               limit ${batch})
            returning 1)
          select count(*)::int as n from d`,
    );
    const n = row?.n ?? 0;
    total += n;
    if (n < batch) return total;
  }
}

type ApprovedParams = z.infer<typeof postbackParamsSchema>;

export async function processPostback(db: Db, params: ApprovedParams): Promise<PostbackOutcome> {
  return db.transaction(async (tx) => {
    const [click] = await tx
      .select({ id: clicks.id, userId: clicks.userId, offerId: clicks.offerId, network: offers.network })
      .from(clicks)
      .innerJoin(offers, eq(offers.id, clicks.offerId))
      .where(eq(clicks.id, params.click_id))
      .limit(1);
    if (!click) {
      return {
        httpStatus: 404,
        outcome: 'unknown_click',
        body: { success: false, error: 'Unknown click_id' },
      };
    }

    const findExisting = () =>
      tx
        .select()
        .from(completions)
        .where(
          and(eq(completions.network, click.network), eq(completions.transactionId, params.transaction_id)),
        )
        .for('update')
        .limit(1);

    let [existing] = await findExisting();
    if (!existing) {
      const inserted = await tx
        .insert(completions)
        .values({
          userId: click.userId,
          offerId: click.offerId,
          clickId: click.id,
          network: click.network,
          transactionId: params.transaction_id,
          status: params.status === 'reversed' ? 'reversed' : 'pending',
          payoutAmount: params.payout,
          payoutCurrency: params.currency ?? 'USD',
          reversedAt: params.status === 'reversed' ? sql`now()` : null,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) {
        if (params.status === 'approved') {
          const result = await approve(tx, inserted[0].id, click.userId, click.offerId, params.payout);
          if (result === 'held') return held(inserted[0].id);
        }
        return accepted(params.status, inserted[0].id);
      }
      // Lost a race with a concurrent copy of this postback, or the member already has a live
      // completion of this offer under another transaction id.
      [existing] = await findExisting();
      if (!existing) {
        return {
          httpStatus: 200,
          outcome: 'duplicate_conversion',
          body: { success: true, duplicate: true, message: 'Offer already completed by this user; ignored' },
        };
      }
    }

    // A transaction id names one conversion of one click: the same id arriving with another click_id
    // is refused (and logged), never applied to the first click's completion (issue 11, item 14).
    if (existing.clickId !== click.id) {
      return {
        httpStatus: 409,
        outcome: 'transaction_conflict',
        completionId: existing.id,
        body: {
          success: false,
          error: 'transaction_id is already recorded for another click_id; this postback was refused',
        },
      };
    }
    if (existing.approvalHeldAt && params.status === 'approved') {
      return {
        httpStatus: 200,
        outcome: 'replay',
        completionId: existing.id,
        body: { success: true, duplicate: true, status: 'held' },
      };
    }
    if (existing.status === params.status) {
      return {
        httpStatus: 200,
        outcome: 'replay',
        completionId: existing.id,
        body: { success: true, duplicate: true, status: existing.status },
      };
    }
    if (existing.status === 'pending' && params.status === 'approved') {
      await tx
        .update(completions)
        .set({ payoutAmount: params.payout, payoutCurrency: params.currency ?? existing.payoutCurrency })
        .where(eq(completions.id, existing.id));
      const result = await approve(tx, existing.id, existing.userId, existing.offerId, params.payout);
      return result === 'held' ? held(existing.id) : accepted('approved', existing.id);
    }
    if (params.status === 'reversed' && existing.status !== 'reversed') {
      await reverse(tx, existing);
      return accepted('reversed', existing.id);
    }
    // approved -> pending, or anything after a reversal: a late or out-of-order postback.
    return {
      httpStatus: 200,
      outcome: 'ignored_transition',
      completionId: existing.id,
      body: {
        success: true,
        status: existing.status,
        message: `Conversion is ${existing.status}; ${params.status} ignored`,
      },
    };
  });
}

function accepted(status: string, completionId: number): PostbackOutcome {
  return { httpStatus: 200, outcome: 'accepted', completionId, body: { success: true, status } };
}

/** Recorded, and answered 200 so that the network does not retry, but nothing granted (see approve). */
function held(completionId: number): PostbackOutcome {
  return {
    httpStatus: 200,
    outcome: 'held',
    completionId,
    body: {
      success: true,
      status: 'held',
      message: 'Recorded; the member is blocked, so nothing is granted unless they are unblocked',
    },
  };
}

/**
 * Approves a completion: counters, the referral reward of a first completion, and the spin (an
 * approved, unused completion). For a blocked member it grants nothing and holds the approval instead
 * (status stays 'pending', approval_held_at set): unblocking releases it (releaseHeldCompletions).
 * The member row is written first, with the block as its condition, so an approval and a concurrent
 * block or unblock are ordered by that row's lock.
 */
async function approve(
  tx: Tx,
  completionId: number,
  userId: number,
  offerId: number,
  payout: number,
): Promise<'approved' | 'held'> {
  const [user] = await tx
    .update(users)
    .set({
      totalCompletions: sql`${users.totalCompletions} + 1`,
      totalRevenueGenerated: sql`${users.totalRevenueGenerated} + ${payout}`,
      lastActivity: sql`now()`,
    })
    .where(and(eq(users.id, userId), eq(users.isSuspicious, false)))
    .returning({ totalCompletions: users.totalCompletions });
  if (!user) {
    await tx
      .update(completions)
      .set({ status: 'pending', approvalHeldAt: sql`coalesce(${completions.approvalHeldAt}, now())` })
      .where(eq(completions.id, completionId));
    return 'held';
  }
  const isFirst = user?.totalCompletions === 1;
  await tx
    .update(offers)
    .set({
      totalCompletions: sql`${offers.totalCompletions} + 1`,
      uniqueUsers: sql`${offers.uniqueUsers} + 1`,
      totalRevenue: sql`${offers.totalRevenue} + ${payout}`,
    })
    .where(eq(offers.id, offerId));

  let triggered = false;
  if (isFirst) {
    // Exactly once: only the transaction that moves the referral out of 'pending' grants the spin.
    const [referral] = await tx
      .update(referrals)
      .set({
        status: sql`case when ${referrals.sameDevice} then 'completed_waiting' else 'successful' end`,
        firstCompletionId: completionId,
        firstCompletionDate: sql`now()`,
        freeSpinsGranted: sql`case when ${referrals.sameDevice} then 0 else 1 end`,
        rewardGrantedAt: sql`case when ${referrals.sameDevice} then null else now() end`,
      })
      .where(and(eq(referrals.referredUserId, userId), eq(referrals.status, 'pending')))
      .returning({ referrerUserId: referrals.referrerUserId, sameDevice: referrals.sameDevice });
    if (referral && !referral.sameDevice) {
      await tx
        .update(users)
        .set({
          freeSpinsRemaining: sql`${users.freeSpinsRemaining} + 1`,
          totalFreeSpinsEarned: sql`${users.totalFreeSpinsEarned} + 1`,
          successfulReferrals: sql`${users.successfulReferrals} + 1`,
        })
        .where(eq(users.id, referral.referrerUserId));
      triggered = true;
    }
  }
  await tx
    .update(completions)
    .set({
      status: 'approved',
      completedAt: sql`now()`,
      isFirstCompletion: isFirst,
      completionType: triggered ? 'triggered_referral_reward' : 'standard',
      referralRewardProcessed: triggered,
      approvalHeldAt: null,
    })
    .where(eq(completions.id, completionId));
  return 'approved';
}

/** The member's held approvals, locked: taken before the member row when unblocking (lock order). */
export async function lockHeldCompletions(tx: Tx, userId: number) {
  return tx
    .select()
    .from(completions)
    .where(
      and(
        eq(completions.userId, userId),
        eq(completions.status, 'pending'),
        isNotNull(completions.approvalHeldAt),
      ),
    )
    .orderBy(completions.approvalHeldAt, completions.id)
    .for('update');
}

/**
 * Called by the unblock, in its transaction, once the member row says unblocked: approves every held
 * completion as its postback would have (the spin, the counters, a first completion's referral reward).
 * Returns how many were released.
 */
export async function releaseHeldCompletions(tx: Tx, userId: number): Promise<number> {
  let released = 0;
  for (const c of await lockHeldCompletions(tx, userId)) {
    if ((await approve(tx, c.id, c.userId, c.offerId, c.payoutAmount)) === 'approved') released++;
  }
  return released;
}

/** Takes back an unused spin (the completion can no longer be spun) and the counters it added. */
async function reverse(tx: Tx, existing: typeof completions.$inferSelect) {
  await tx
    .update(completions)
    .set({ status: 'reversed', reversedAt: sql`now()`, approvalHeldAt: null })
    .where(eq(completions.id, existing.id));
  if (existing.status === 'approved') {
    await tx
      .update(users)
      .set({
        totalCompletions: sql`${users.totalCompletions} - 1`,
        totalRevenueGenerated: sql`${users.totalRevenueGenerated} - ${existing.payoutAmount}`,
      })
      .where(eq(users.id, existing.userId));
    await tx
      .update(offers)
      .set({
        totalCompletions: sql`${offers.totalCompletions} - 1`,
        uniqueUsers: sql`${offers.uniqueUsers} - 1`,
        totalRevenue: sql`${offers.totalRevenue} - ${existing.payoutAmount}`,
      })
      .where(eq(offers.id, existing.offerId));
  }
}
