// The partner network's server-to-server postback (docs/product-rules.md#postbacks): signed with HMAC-SHA256,
// fail closed, idempotent on (network, transaction id), every attempt logged.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PostbackParams } from '../../shared/contract/postback';
import type { Db, Queryable, Tx } from '../db/client';
import { findClickWithNetwork } from '../db/repositories/clicks';
import * as completions from '../db/repositories/completions';
import { creditCompletion, debitCompletion, grantReferralSpin } from '../db/repositories/members';
import { creditOfferCompletion, debitOfferCompletion } from '../db/repositories/offers';
import { deleteOldUnverified, insertPostbackLog } from '../db/repositories/postback-log';
import { settlePendingReferral } from '../db/repositories/referrals';
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

/**
 * What a verified postback did, in the receiver's terms (the route answers each with its HTTP status
 * and body; `kind` is also the outcome the log and the metrics record):
 *   - unknown_click: no such click;
 *   - accepted: recorded with `status` (pending, approved: the spin is granted, reversed);
 *   - held: approved for a blocked member: recorded, nothing granted until the unblock;
 *   - duplicate_conversion: the member already has a live completion of this offer;
 *   - transaction_conflict: the transaction id belongs to another click: refused;
 *   - replay: the same status again (or an approval that is already held): nothing changes;
 *   - ignored_transition: a late or out-of-order status (approved -> pending, anything after a reversal).
 */
export type PostbackResult =
  | { kind: 'unknown_click' }
  | { kind: 'accepted'; completionId: number; status: completions.CompletionStatus }
  | { kind: 'held'; completionId: number }
  | { kind: 'duplicate_conversion' }
  | { kind: 'transaction_conflict'; completionId: number }
  | { kind: 'replay'; completionId: number; status: completions.CompletionStatus | 'held' }
  | {
      kind: 'ignored_transition';
      completionId: number;
      status: completions.CompletionStatus;
      ignored: completions.CompletionStatus;
    };

/** What the log keeps of an attempt's outcome (the route's answer). */
export interface LoggedOutcome {
  outcome: string;
  httpStatus: number;
  completionId?: number | null;
}

/**
 * The receiver's bounds (docs/operations.md, "Postbacks"). The receiver is public and
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
  db: Queryable,
  entry: {
    method: string;
    ip: string | null;
    /** The query or body as received (stored bounded and cleaned, see logParams). */
    raw: unknown;
    verified: boolean;
    outcome: LoggedOutcome;
  },
) {
  const p = logParams(entry.raw, entry.verified);
  await insertPostbackLog(db, {
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
  db: Queryable,
  retentionDays: number = POSTBACK_LIMITS.junkRetentionDays,
  batch = 5_000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deleteOldUnverified(db, retentionDays, batch);
    total += n;
    if (n < batch) return total;
  }
}

type ApprovedParams = PostbackParams;

export async function processPostback(db: Db, params: ApprovedParams): Promise<PostbackResult> {
  return db.transaction((tx) => applyPostback(tx, params));
}

/** The postback's rules inside the caller's transaction (processPostback opens one). */
export async function applyPostback(tx: Tx, params: ApprovedParams): Promise<PostbackResult> {
  const click = await findClickWithNetwork(tx, params.click_id);
  if (!click) return { kind: 'unknown_click' };
  const findExisting = () =>
    completions.lockCompletionByTransaction(tx, click.network, params.transaction_id);

  let existing = await findExisting();
  if (!existing) {
    const insertedId = await completions.insertCompletion(tx, {
      userId: click.userId,
      offerId: click.offerId,
      clickId: click.id,
      network: click.network,
      transactionId: params.transaction_id,
      status: params.status === 'reversed' ? 'reversed' : 'pending',
      payoutAmount: params.payout,
      payoutCurrency: params.currency ?? 'USD',
    });
    if (insertedId !== null) {
      if (params.status === 'approved') {
        const result = await approve(tx, insertedId, click.userId, click.offerId, params.payout);
        if (result === 'held') return { kind: 'held', completionId: insertedId };
      }
      return { kind: 'accepted', completionId: insertedId, status: params.status };
    }
    // Lost a race with a concurrent copy of this postback, or the member already has a live
    // completion of this offer under another transaction id.
    existing = await findExisting();
    if (!existing) return { kind: 'duplicate_conversion' };
  }

  // A transaction id names one conversion of one click: the same id arriving with another click_id
  // is refused (and logged), never applied to the first click's completion.
  if (existing.clickId !== click.id) return { kind: 'transaction_conflict', completionId: existing.id };
  if (existing.approvalHeldAt && params.status === 'approved')
    return { kind: 'replay', completionId: existing.id, status: 'held' };
  if (existing.status === params.status)
    return { kind: 'replay', completionId: existing.id, status: existing.status };
  if (existing.status === 'pending' && params.status === 'approved') {
    await completions.setPayout(tx, existing.id, params.payout, params.currency ?? existing.payoutCurrency);
    const result = await approve(tx, existing.id, existing.userId, existing.offerId, params.payout);
    return result === 'held'
      ? { kind: 'held', completionId: existing.id }
      : { kind: 'accepted', completionId: existing.id, status: 'approved' };
  }
  if (params.status === 'reversed' && existing.status !== 'reversed') {
    await reverse(tx, existing);
    return { kind: 'accepted', completionId: existing.id, status: 'reversed' };
  }
  // approved -> pending, or anything after a reversal: a late or out-of-order postback.
  return {
    kind: 'ignored_transition',
    completionId: existing.id,
    status: existing.status,
    ignored: params.status,
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
  const totalCompletions = await creditCompletion(tx, userId, payout);
  if (totalCompletions === null) {
    await completions.holdApproval(tx, completionId);
    return 'held';
  }
  const isFirst = totalCompletions === 1;
  await creditOfferCompletion(tx, offerId, payout);

  let triggered = false;
  if (isFirst) {
    // Exactly once: only the transaction that moves the referral out of 'pending' grants the spin.
    const referral = await settlePendingReferral(tx, userId, completionId);
    if (referral && !referral.sameDevice) {
      await grantReferralSpin(tx, referral.referrerUserId);
      triggered = true;
    }
  }
  await completions.markApproved(tx, completionId, { isFirst, triggeredReferralReward: triggered });
  return 'approved';
}

/** The member's held approvals, locked: taken before the member row when unblocking (lock order). */
export async function lockHeldCompletions(tx: Tx, userId: number) {
  return completions.lockHeldCompletions(tx, userId);
}

/**
 * Called by the unblock, in its transaction, once the member row says unblocked: approves every held
 * completion as its postback would have (the spin, the counters, a first completion's referral reward).
 * Returns how many were released.
 */
export async function releaseHeldCompletions(tx: Tx, userId: number): Promise<number> {
  let released = 0;
  for (const c of await completions.lockHeldCompletions(tx, userId)) {
    if ((await approve(tx, c.id, c.userId, c.offerId, c.payoutAmount)) === 'approved') released++;
  }
  return released;
}

/** Takes back an unused spin (the completion can no longer be spun) and the counters it added. */
async function reverse(tx: Tx, existing: completions.Completion) {
  await completions.markReversed(tx, existing.id);
  if (existing.status === 'approved') {
    await debitCompletion(tx, existing.userId, existing.payoutAmount);
    await debitOfferCompletion(tx, existing.offerId, existing.payoutAmount);
  }
}
