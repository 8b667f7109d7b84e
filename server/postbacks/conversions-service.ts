// The conversion rules every postback receiver applies once a postback is verified and its click
// resolved (docs/product-rules.md#postbacks): idempotent on (network, transaction id), reversals,
// clawbacks, the hold. The receiver itself (verification, answers, the log) is
// postbacks/service.ts, for the native format and every network's alike.
import { REVERSAL_HOLD_DEFAULTS, type ReversalHoldPolicy } from '../config';
import type { Tx } from '../db/client';
import { insertAuditEntry } from '../admin/audit/write-repository';
import { insertClawback } from './clawbacks-repository';
import type { PostbackClick } from '../offers/clicks-repository';
import * as completions from './completions-repository';
import { debitCompletion, grantReferralSpin, holdMember, lockMemberBlockState } from '../members/repository';
import { creditOfferCompletion, debitOfferCompletion } from '../offers/repository';
import {
  decideRiskHeldReferral,
  firstCompletionStatus,
  lockReferralForDecision,
  settlePendingReferral,
} from '../referrals/repository';
import { digest } from '../networks/verify';
import type { DenyCategory, RiskPolicy } from '../../shared/contract/admin/reviews';
import {
  closeHoldOnReversal,
  rejudgeTimedHolds,
  decideHold,
  holdCompletionId,
  holdConversionByRisk,
  judgeReferralReward,
  lockHold,
  recordReferralHold,
  resumeRewards,
  type RewardHold,
  type RiskCheck,
} from '../trust/holds';
import { deleteUserSessions } from '../members/sessions-service';

/**
 * The native format's canonical string: name=value pairs of every parameter but sig, sorted by name,
 * encodeURIComponent-encoded, joined by & (the native preset's `sorted-params` scope in verify.ts).
 */
export function canonicalString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sig')
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k]!)}`)
    .join('&');
}

/** A native postback's `sig`, as a partner computes it (for the demo partner, tests and the bench). */
export function signPostback(params: Record<string, string>, secret: string): string {
  return digest('hmac-sha256', canonicalString(params), secret);
}

/**
 * What a verified postback did, in the receiver's terms (the route answers each with its HTTP status
 * and body; `kind` is also the outcome the log and the metrics record):
 *   - unknown_click: no such click;
 *   - accepted: recorded with `status` (pending, approved: the spin is granted, reversed); a reversal
 *     says whether it recorded a clawback (the spin was used) and whether it held the member;
 *   - completed_pending: an approval under a new transaction id completed the member's pending
 *     conversion of the offer (credited: the spin is granted);
 *   - extra_event: a further event for a conversion that is already pending, approved or held (another
 *     goal, a second approval): recorded in the log, answered as success, grants nothing;
 *   - held: approved for a blocked member: recorded, nothing granted until the unblock;
 *   - duplicate_conversion: the member already has a live completion of this offer from another network;
 *   - transaction_conflict: the transaction id belongs to another click (or the reversed original to
 *     another member or offer): refused;
 *   - replay: the same status again (or an approval that is already held, or a reversal of a reversed
 *     conversion): nothing changes;
 *   - ignored_transition: a late or out-of-order status (approved -> pending, anything after a reversal).
 */
export type PostbackResult =
  | { kind: 'unknown_click' }
  | {
      kind: 'accepted';
      completionId: number;
      status: completions.CompletionStatus;
      /** On a reversal: the spin was used, so a clawback was recorded against the member. */
      clawback?: boolean;
      /** On a reversal: the member's recent reversals reached the hold threshold; now blocked. */
      memberHeld?: boolean;
    }
  | { kind: 'completed_pending'; completionId: number }
  | { kind: 'extra_event'; completionId: number; status: completions.CompletionStatus | 'held' }
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

/** A verified postback's event, whichever receiver read it (native parameters or a network's format). */
export interface ConversionEvent {
  transactionId: string;
  status: completions.CompletionStatus;
  /** Non-negative; a negative amount meaning a reversal has already become status 'reversed'. */
  payout: number;
  currency?: string;
  /** On a reversal: the transaction it reverses, when the network names it. */
  originalTransactionId?: string;
  /** On a reversal: the partner's reason, when it sends one. */
  reason?: string | null;
}

/** What completions.reversal_reason keeps of a partner's reason. */
const REVERSAL_REASON_LENGTH = 256;

/** The audit log's name for a change the rules made on their own (admin_id null). */
const SYSTEM_ACTOR = 'system';

/**
 * The postback's rules for a resolved click, inside the caller's transaction. `click.network` is the
 * conversions' key: a conversion is unique per (network, transaction id).
 *
 * - A transaction id already recorded is that conversion's next status (replay, pending -> approved,
 *   reversal, or an ignored late status); recorded for another click, it is refused.
 * - A new transaction id is a new conversion, unless the member already has a live (pending or
 *   approved) completion of the offer: then, of the same network, it is a further event of that
 *   conversion (an approval completes a pending one; anything else is an extra event that grants
 *   nothing: one spin per member and offer); of another network, a duplicate.
 * - A reversal reverses its own transaction, else the one it names (originalTransactionId), else the
 *   click's only live completion; with none of them it is recorded as a reversed conversion.
 *
 * `policy` is the reversal hold (REVERSAL_HOLD_THRESHOLD / REVERSAL_HOLD_DAYS, app.config.reversalHold).
 */
/** The completion row an event of a click records. */
function newCompletion(click: PostbackClick, event: ConversionEvent, status: 'pending' | 'reversed') {
  return {
    userId: click.userId,
    offerId: click.offerId,
    clickId: click.id,
    network: click.network,
    transactionId: event.transactionId,
    status,
    payoutAmount: event.payout,
    payoutCurrency: event.currency ?? 'USD',
  };
}

/**
 * The members whose answers a transaction's conversions changed (the clicking member; a referrer whose
 * referral settled): the receiver drops this process's cached answers of them once the transaction
 * commits, so the member's next call here shows the change without waiting for the database's
 * notification (docs/decisions/postback-receiver-no-notification-wait.md).
 */
const changedInTx = new WeakMap<Tx, Set<number>>();

function memberChanged(tx: Tx, userId: number) {
  let set = changedInTx.get(tx);
  if (!set) changedInTx.set(tx, (set = new Set()));
  set.add(userId);
}

/** The members `tx`'s conversions changed so far. */
export function membersChangedIn(tx: Tx): number[] {
  return [...(changedInTx.get(tx) ?? [])];
}

/**
 * The risk check of the transaction's approvals (issue 33): set by applyConversion for the postback
 * receivers; none for an administrator's approval (a claim they approved: a person already judged it).
 */
const riskOf = new WeakMap<Tx, RiskCheck | null>();

export async function applyConversion(
  tx: Tx,
  click: PostbackClick,
  event: ConversionEvent,
  policy: ReversalHoldPolicy = REVERSAL_HOLD_DEFAULTS,
  risk: RiskCheck | null = null,
): Promise<PostbackResult> {
  memberChanged(tx, click.userId);
  riskOf.set(tx, risk);
  if (event.status === 'reversed') {
    const own = await completions.lockCompletionByTransaction(tx, click.network, event.transactionId);
    return own
      ? applyToOwnCompletion(tx, click, event, own, policy)
      : applyReversal(tx, click, event, policy);
  }

  // A new transaction id is the common case: the insert goes first, and only when it conflicts is the
  // recorded conversion read (a repeat of this postback, or the member's live completion of the offer),
  // one statement fewer for every new conversion.
  const insertedId = await completions.insertCompletion(tx, newCompletion(click, event, 'pending'));
  if (insertedId !== null) {
    if (event.status === 'approved') {
      // The conversion was created now: its click-to-conversion time is the click's age.
      const result = await approve(tx, insertedId, click.userId, click.offerId, event.payout, {
        clickSeconds: click.secondsSinceClick,
      });
      if (result === 'held') return { kind: 'held', completionId: insertedId };
    }
    return { kind: 'accepted', completionId: insertedId, status: event.status };
  }
  // This transaction id is recorded (a repeat, or a concurrent copy that committed first), or the
  // member already has a live completion of this offer under another transaction id.
  const raced = await completions.lockCompletionByTransaction(tx, click.network, event.transactionId);
  if (raced) return applyToOwnCompletion(tx, click, event, raced, policy);
  const live = await completions.lockLiveCompletion(tx, click.userId, click.offerId);
  if (!live || live.network !== click.network) return { kind: 'duplicate_conversion' };
  return applyFurtherEvent(tx, live, event);
}

/** An event whose transaction id is already recorded: that conversion's next status. */
async function applyToOwnCompletion(
  tx: Tx,
  click: PostbackClick,
  event: ConversionEvent,
  existing: completions.Completion,
  policy: ReversalHoldPolicy,
): Promise<PostbackResult> {
  // A transaction id names one conversion of one click: the same id arriving with another click_id
  // is refused (and logged), never applied to the first click's completion.
  if (existing.clickId !== click.id) return { kind: 'transaction_conflict', completionId: existing.id };
  if (existing.approvalHeldAt && event.status === 'approved')
    return { kind: 'replay', completionId: existing.id, status: 'held' };
  if (existing.status === event.status)
    return { kind: 'replay', completionId: existing.id, status: existing.status };
  if (existing.status === 'pending' && event.status === 'approved') {
    await completions.setPayout(tx, existing.id, event.payout, event.currency ?? existing.payoutCurrency);
    const result = await approve(tx, existing.id, existing.userId, existing.offerId, event.payout);
    return result === 'held'
      ? { kind: 'held', completionId: existing.id }
      : { kind: 'accepted', completionId: existing.id, status: 'approved' };
  }
  if (event.status === 'reversed') return reverseAndHold(tx, existing, event, policy);
  // approved -> pending, or anything after a reversal: a late or out-of-order postback.
  return {
    kind: 'ignored_transition',
    completionId: existing.id,
    status: existing.status,
    ignored: event.status,
  };
}

/**
 * An approved or pending event under a new transaction id for the member's live completion of the
 * offer (same network): a pending conversion's approval completes it; anything else grants nothing.
 */
async function applyFurtherEvent(
  tx: Tx,
  live: completions.Completion,
  event: ConversionEvent,
): Promise<PostbackResult> {
  if (event.status === 'approved' && live.status === 'pending' && !live.approvalHeldAt) {
    await completions.setPayout(tx, live.id, event.payout, event.currency ?? live.payoutCurrency);
    const result = await approve(tx, live.id, live.userId, live.offerId, event.payout);
    return result === 'held'
      ? { kind: 'held', completionId: live.id }
      : { kind: 'completed_pending', completionId: live.id };
  }
  return { kind: 'extra_event', completionId: live.id, status: live.approvalHeldAt ? 'held' : live.status };
}

/** A reversal under a new transaction id: the conversion it names, else the click's live one. */
async function applyReversal(
  tx: Tx,
  click: PostbackClick,
  event: ConversionEvent,
  policy: ReversalHoldPolicy,
): Promise<PostbackResult> {
  if (event.originalTransactionId) {
    const original = await completions.lockCompletionByTransaction(
      tx,
      click.network,
      event.originalTransactionId,
    );
    if (original) {
      // The network may resolve a later click of the same member and offer (sub-id receivers): the
      // original must be that member's conversion of that offer, not another member's.
      if (original.userId !== click.userId || original.offerId !== click.offerId)
        return { kind: 'transaction_conflict', completionId: original.id };
      if (original.status === 'reversed')
        return { kind: 'replay', completionId: original.id, status: 'reversed' };
      return reverseAndHold(tx, original, event, policy);
    }
  }
  // The original is not named or not known: the click's only live completion, if it has one. A
  // repeat of a reversal already applied this way finds the click's reversed completion instead.
  const ofClick = await completions.lockCompletionsOfClick(tx, click.id, click.network);
  const live = ofClick.filter((c) => c.status !== 'reversed');
  if (live.length === 1) return reverseAndHold(tx, live[0]!, event, policy);
  if (live.length === 0 && ofClick.length > 0)
    return { kind: 'replay', completionId: ofClick[0]!.id, status: 'reversed' };

  // Nothing of this click to reverse: recorded as a reversed conversion (never approved, so it does not
  // count toward the hold).
  const insertedId = await completions.insertCompletion(tx, {
    ...newCompletion(click, event, 'reversed'),
    reversalReason: reversalReason(event),
  });
  if (insertedId === null) {
    // A concurrent copy of this reversal recorded it first.
    const raced = await completions.lockCompletionByTransaction(tx, click.network, event.transactionId);
    if (raced) return applyToOwnCompletion(tx, click, event, raced, policy);
    return { kind: 'duplicate_conversion' };
  }
  const memberHeld = await holdIfReversalsPileUp(tx, click.userId, policy);
  return { kind: 'accepted', completionId: insertedId, status: 'reversed', clawback: false, memberHeld };
}

const reversalReason = (event: ConversionEvent) =>
  event.reason ? event.reason.slice(0, REVERSAL_REASON_LENGTH) : null;

/** Reverses a live completion, then applies the hold rule to its member. */
async function reverseAndHold(
  tx: Tx,
  c: completions.Completion,
  event: ConversionEvent,
  policy: ReversalHoldPolicy,
): Promise<PostbackResult> {
  const clawback = await reverse(tx, c, reversalReason(event));
  // The member's rewards still waiting for the timer are judged again with this reversal counted.
  const risk = riskOf.get(tx) ?? null;
  if (risk && c.status === 'approved') await rejudgeTimedHolds(tx, c.userId, risk);
  const memberHeld = await holdIfReversalsPileUp(tx, c.userId, policy);
  return { kind: 'accepted', completionId: c.id, status: 'reversed', clawback, memberHeld };
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
  opts: { conversionCleared?: boolean; clickSeconds?: number | undefined } = {},
): Promise<'approved' | 'held'> {
  const risk = riskOf.get(tx) ?? null;
  // The risk gate (docs/trust-and-safety.md#holds): medium risk or more waits in Pending Verification.
  if (risk && !opts.conversionCleared) {
    const holdId = await holdConversionByRisk(
      tx,
      { userId, completionId, offerId, clickSeconds: opts.clickSeconds },
      risk,
    );
    if (holdId !== null) {
      await completions.holdApproval(tx, completionId);
      return 'held';
    }
  }
  // The member's counters and the approved status, in one statement; the offer's come last (below).
  const totalCompletions = await completions.approveAndCredit(tx, { completionId, userId, payout });
  if (totalCompletions === null) {
    await completions.holdApproval(tx, completionId);
    return 'held';
  }
  if (totalCompletions === 1) {
    // The referral reward is judged too: held by risk, it waits as completed_waiting for its own decision.
    // Also when the conversion was released from its own hold: that judgement weighed the conversion's
    // reasons, not the referral's (a ring's member approved by an operator must not pay its leader).
    const judged = risk ? await judgeReferralReward(tx, userId, risk) : null;
    // Exactly once: only the transaction that moves the referral out of 'pending' grants the spin.
    const referral = await settlePendingReferral(tx, userId, completionId, judged !== null);
    if (referral) memberChanged(tx, referral.referrerUserId);
    if (referral && !referral.sameDevice) {
      if (judged && risk) {
        await recordReferralHold(
          tx,
          { referredUserId: userId, referralId: referral.id, judgement: judged },
          risk,
        );
      } else {
        await grantReferralSpin(tx, referral.referrerUserId);
        await completions.markReferralRewardTriggered(tx, completionId);
      }
    }
  }
  // Last: every member row this approval writes (the referrer's too) is locked before the offer's row.
  await creditOfferCompletion(tx, offerId, payout);
  return 'approved';
}

/** Who decided a held reward: an administrator (their username) or 'system' (the timer, a reversal). */
export type HoldDecider = string;

/**
 * Releases a reward held by risk (an operator's approval, or the timer at the end of a medium hold):
 * the conversion is approved as its postback would have been (the spin, the counters; not judged
 * again), and a first completion's referral reward is judged by `policy` on its own reasons; or the
 * referral's free spin is granted if the referred member's first completion is still approved.
 * Exactly once: 'skipped' when the hold was already decided. The completion is locked before the
 * hold, the order a postback takes them in.
 */
export async function releaseHold(
  tx: Tx,
  holdId: number,
  by: HoldDecider,
  /** The policy in force: a released first conversion's referral reward is judged by it. */
  policy: RiskPolicy,
): Promise<'released' | 'skipped' | 'not_found'> {
  const locked = await lockDecision(tx, holdId);
  if (!locked) return 'not_found';
  const { hold, completion: c } = locked;
  // Decided by someone else first (decideHold moves only a held hold): nothing to do.
  if (!(await decideHold(tx, hold.id, { status: 'released', by }))) return 'skipped';
  memberChanged(tx, hold.userId);
  // A very high risk member's rewards resume once an operator approves one of them (the timer never
  // releases a paused member's reward: the pause stops their timers, trust/holds.ts pauseRewards).
  await resumeRewards(tx, hold.userId);
  if (hold.kind === 'conversion') {
    // A held hold's completion is pending and held, locked: a partner's reversal closes the hold in its
    // own transaction, and an unblock leaves risk-held approvals to their hold (lockHeldCompletions).
    riskOf.set(tx, { policy, network: c!.network });
    await approve(tx, c!.id, c!.userId, c!.offerId, c!.payoutAmount, { conversionCleared: true });
    return 'released';
  }
  // The referral row, then its first completion (share-locked: a concurrent reversal waits), as the
  // console's same-device decision takes them: a first completion reversed while the reward waited
  // grants nothing, and the referral is closed as denied.
  // The hold's referral exists (a foreign key without cascade). decideRiskHeldReferral moves only a
  // waiting referral that is not a same-device one (the console's same-device decision owns those); a
  // waiting referral has its first completion.
  const r = (await lockReferralForDecision(tx, hold.referralId!))!;
  const grant = (await firstCompletionStatus(tx, r.firstCompletionId!)) === 'approved';
  if (await decideRiskHeldReferral(tx, r.id, grant, grant ? null : 'first completion reversed')) {
    if (grant) {
      await grantReferralSpin(tx, r.referrerUserId);
      await completions.markReferralRewardTriggered(tx, r.firstCompletionId!);
    }
    memberChanged(tx, r.referrerUserId);
  }
  return 'released';
}

/**
 * Denies a reward held by risk: the conversion is closed (reversed, never approved: nothing was
 * credited, nothing is taken back; the member is told 'Not approved' with the category), or the
 * referral is denied. Exactly once, as releaseHold.
 */
export async function denyHold(
  tx: Tx,
  holdId: number,
  by: HoldDecider,
  d: { category: DenyCategory; note: string | null },
): Promise<'denied' | 'skipped' | 'not_found'> {
  const locked = await lockDecision(tx, holdId);
  if (!locked) return 'not_found';
  const { hold, completion: c } = locked;
  if (!(await decideHold(tx, hold.id, { status: 'denied', by, ...d }))) return 'skipped';
  memberChanged(tx, hold.userId);
  if (hold.kind === 'conversion') {
    // Pending and held, as in releaseHold.
    await completions.markReversed(tx, c!.id, `Not approved: ${d.category}`);
    return 'denied';
  }
  const r = (await lockReferralForDecision(tx, hold.referralId!))!;
  if (await decideRiskHeldReferral(tx, r.id, false, d.category)) memberChanged(tx, r.referrerUserId);
  return 'denied';
}

/** The hold, with its conversion's completion locked first (a postback's lock order), then the hold. */
async function lockDecision(
  tx: Tx,
  holdId: number,
): Promise<{ hold: RewardHold; completion: completions.Completion | undefined } | undefined> {
  const completionId = await holdCompletionId(tx, holdId);
  if (completionId === undefined) return undefined;
  const completion =
    completionId !== null ? await completions.lockCompletionById(tx, completionId) : undefined;
  const hold = await lockHold(tx, holdId);
  return hold && { hold, completion };
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

/**
 * Reverses a live completion and takes back what its approval added: the counters, and the spin if it
 * is unused (a reversed completion can no longer be spun). A used spin cannot be taken back (the member
 * has seen the code): it is recorded as a clawback against the member, once. Returns whether a
 * clawback was recorded.
 *
 * The referral reward: one already granted is not taken back (the referrer did nothing wrong and may
 * have spent it). One not yet granted is never granted by this completion: a held approval is dropped
 * here (releaseHeldCompletions skips it), and a same-device referral it settled stays
 * completed_waiting, which nothing grants.
 */
async function reverse(tx: Tx, c: completions.Completion, reason: string | null): Promise<boolean> {
  await completions.markReversed(tx, c.id, reason);
  // A reward held by risk whose conversion the partner reversed: the hold is closed, nothing granted.
  if (c.approvalHeldAt) await closeHoldOnReversal(tx, c.id);
  if (c.status !== 'approved') return false;
  await debitCompletion(tx, c.userId, c.payoutAmount);
  await debitOfferCompletion(tx, c.offerId, c.payoutAmount);
  if (!c.spinnerUsed) return false;
  const clawbackId = await insertClawback(tx, {
    userId: c.userId,
    completionId: c.id,
    voucherId: c.voucherId,
    payoutAmount: c.payoutAmount,
  });
  return clawbackId !== null;
}

/**
 * The hold: a member whose reversed completions within the policy's window reach its threshold is
 * blocked pending review (held_at set, sessions ended, audited as the system), so later approvals are
 * held until an administrator unblocks them. The member row is locked before counting, so concurrent
 * reversals of one member are counted one after the other. Returns whether this call held the member.
 */
async function holdIfReversalsPileUp(tx: Tx, userId: number, policy: ReversalHoldPolicy): Promise<boolean> {
  if (policy.threshold <= 0 || policy.days <= 0) return false;
  const member = await lockMemberBlockState(tx, userId);
  if (!member || member.isSuspicious) return false;
  const reversals = await completions.countRecentReversals(tx, userId, policy.days);
  if (reversals < policy.threshold) return false;
  if (!(await holdMember(tx, userId))) return false;
  await deleteUserSessions(tx, userId);
  await insertAuditEntry(tx, {
    adminId: null,
    adminUsername: SYSTEM_ACTOR,
    action: 'user.hold',
    targetType: 'user',
    targetId: String(userId),
    before: { is_suspicious: false },
    after: {
      is_suspicious: true,
      reason: `${reversals} reversed completions in the last ${policy.days} days (hold threshold ${policy.threshold}); blocked pending review`,
    },
    ip: null,
  });
  return true;
}
