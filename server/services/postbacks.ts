// The partner network's server-to-server postback (DESIGN.md section 4): signed with HMAC-SHA256,
// fail closed, idempotent on (network, transaction id), every attempt logged.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { clicks, completions, offers, postbackLog, referrals, users } from '../db/schema';

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

/** Flattens a query or form body into string pairs; arrays and nested values are malformed. */
export function flattenParams(raw: unknown): Record<string, string> | null {
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    // PostgreSQL text cannot hold U+0000: such a postback is malformed (and is logged as such).
    if (k.includes('\u0000') || (typeof v === 'string' && v.includes('\u0000'))) return null;
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number') out[k] = String(v);
    else return null;
  }
  return out;
}

export async function logPostback(
  db: Db,
  entry: {
    method: string;
    ip: string | null;
    params: Record<string, string> | null;
    outcome: PostbackOutcome;
  },
) {
  const p = entry.params ?? {};
  await db.insert(postbackLog).values({
    method: entry.method,
    ip: entry.ip,
    params: Object.fromEntries(Object.entries(p).map(([k, v]) => [k.slice(0, 64), v.slice(0, 256)])),
    clickId: p.click_id?.slice(0, 64) ?? null,
    transactionId: p.transaction_id?.slice(0, 128) ?? null,
    status: p.status?.slice(0, 32) ?? null,
    outcome: entry.outcome.outcome,
    httpStatus: entry.outcome.httpStatus,
    completionId: entry.outcome.completionId ?? null,
  });
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
        if (params.status === 'approved')
          await approve(tx, inserted[0].id, click.userId, click.offerId, params.payout);
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
      await approve(tx, existing.id, existing.userId, existing.offerId, params.payout);
      return accepted('approved', existing.id);
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

async function approve(tx: Tx, completionId: number, userId: number, offerId: number, payout: number) {
  const [user] = await tx
    .update(users)
    .set({
      totalCompletions: sql`${users.totalCompletions} + 1`,
      totalRevenueGenerated: sql`${users.totalRevenueGenerated} + ${payout}`,
      lastActivity: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ totalCompletions: users.totalCompletions });
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
    })
    .where(eq(completions.id, completionId));
}

/** Takes back an unused spin (the completion can no longer be spun) and the counters it added. */
async function reverse(tx: Tx, existing: typeof completions.$inferSelect) {
  await tx
    .update(completions)
    .set({ status: 'reversed', reversedAt: sql`now()` })
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
