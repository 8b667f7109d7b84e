// Rewards held by risk (issue 33, docs/trust-and-safety.md#holds): the gate every approval passes, and
// the hold rows. A hold is decided exactly once: its status leaves 'held' in one conditional UPDATE,
// taken under the row's lock by whoever decides (an operator, or the timer for a medium hold).
import { sql } from 'drizzle-orm';
import { execute, query, type Queryable, type Tx } from '../db/client';
import type { rewardHolds } from '../db/schema';
import type { DenyCategory, RiskPolicy, RiskReasonRow } from '../../shared/contract/admin/reviews';
import {
  conversionTiming,
  memberEvidence,
  timingAgainstOffer,
  type GateEvidence,
  type MemberEvidence,
  type OfferTimings,
} from './evidence';
import { holdHours } from './policy';
import { judge, type RiskJudgement } from './score';

/** A hold as the decisions read it: its row's columns (db/schema.ts). */
export type RewardHold = Pick<
  typeof rewardHolds.$inferSelect,
  | 'id'
  | 'userId'
  | 'kind'
  | 'completionId'
  | 'referralId'
  | 'network'
  | 'score'
  | 'level'
  | 'status'
  | 'releaseAt'
>;

const holdColumns = sql`id, user_id as "userId", kind, completion_id as "completionId", referral_id as "referralId",
  network, score, level, status, release_at as "releaseAt"`;

/** What the gate needs beyond the transaction: the policy in force and the conversion's network. */
export interface RiskCheck {
  policy: RiskPolicy;
  network: string | null;
  /** The receiver's offers' typical times (kept a minute); absent, read for each judgement. */
  timings?: OfferTimings;
}

/**
 * The member's evidence, read once per transaction: a first completion judges the conversion and then
 * its referral reward on the same evidence (read before the completion was credited, so the member's
 * own first completion never counts as one of their referrer's accounts that quit).
 */
const evidenceInTx = new WeakMap<Tx, Map<number, MemberEvidence | undefined>>();
async function evidenceOf(tx: Tx, userId: number): Promise<MemberEvidence | undefined> {
  let byMember = evidenceInTx.get(tx);
  if (!byMember) evidenceInTx.set(tx, (byMember = new Map()));
  if (!byMember.has(userId)) byMember.set(userId, await memberEvidence(tx, userId));
  return byMember.get(userId);
}

/** The judgement of a reward and whether it is held: null when it passes (low risk, member not paused). */
async function judgeReward(
  tx: Tx,
  userId: number,
  reward: ConversionReward | { kind: 'referral' },
  check: RiskCheck,
): Promise<(RiskJudgement & { paused: boolean }) | null> {
  const evidence = await evidenceOf(tx, userId);
  if (!evidence) return null;
  if (reward.kind === 'referral' && !evidence.referrer) return null;
  const timing =
    reward.kind !== 'conversion'
      ? undefined
      : reward.clickSeconds !== undefined
        ? await timingAgainstOffer(
            tx,
            reward.offerId,
            reward.completionId,
            reward.clickSeconds,
            check.timings,
          )
        : await conversionTiming(tx, reward.completionId, check.timings);
  const j = judge(
    evidence,
    reward.kind === 'conversion' ? { kind: 'conversion', timing } : reward,
    check.policy,
  );
  const paused = evidence.pausedAt !== null;
  if (j.level === 'low' && !paused) return null;
  return { ...j, level: paused && j.level === 'low' ? 'very_high' : j.level, paused };
}

/**
 * The receiver's one-statement approval (docs/decisions/approved-postback-one-statement.md): whether a
 * conversion about to be created passes the gate (low risk, rewards not paused), judged on the member's
 * evidence read now (or just read with the click: `known`), outside a transaction, counting the
 * conversion itself as the general path does (it judges after inserting it). False sends the postback
 * through the general path, which judges again inside its transaction and holds what it must.
 */
export async function newConversionPassesGate(
  db: Queryable,
  r: { userId: number; offerId: number; clickSeconds: number },
  check: RiskCheck,
  known?: GateEvidence,
): Promise<boolean> {
  const evidence = known ?? (await memberEvidence(db, r.userId));
  if (!evidence || evidence.pausedAt !== null) return false;
  const timing = await timingAgainstOffer(db, r.offerId, 0, r.clickSeconds, check.timings);
  const counted = { ...evidence, conversions24h: evidence.conversions24h + 1 };
  return judge(counted, { kind: 'conversion', timing }, check.policy).level === 'low';
}

/**
 * A conversion judged for its approval. `clickSeconds`: its click-to-conversion time when the caller
 * already knows it (a conversion created in this transaction: its click's age); else read back.
 */
interface ConversionReward {
  kind: 'conversion';
  completionId: number;
  offerId: number;
  clickSeconds?: number | undefined;
}

async function insertHold(
  tx: Tx,
  h: {
    userId: number;
    kind: 'conversion' | 'referral';
    completionId: number | null;
    referralId: number | null;
    network: string | null;
    judgement: RiskJudgement;
    releaseAt: Date | null;
  },
): Promise<number | null> {
  const [row] = await query<{ id: number }>(
    tx,
    sql`insert into reward_holds (user_id, kind, completion_id, referral_id, network, score, level, reasons, release_at)
        values (${h.userId}, ${h.kind}, ${h.completionId}, ${h.referralId}, ${h.network}, ${h.judgement.score},
                ${h.judgement.level}, ${JSON.stringify(h.judgement.reasons)}::jsonb, ${h.releaseAt})
        on conflict do nothing
        returning id`,
  );
  return row?.id ?? null;
}

/**
 * Very high risk pauses the member's rewards until an operator approves them (the member is told): the
 * timers of their rewards already waiting stop too, so nothing of theirs is released before a review.
 */
async function pauseRewards(tx: Tx, userId: number) {
  await execute(
    tx,
    sql`update users set rewards_paused_at = coalesce(rewards_paused_at, now()) where id = ${userId}`,
  );
  await execute(
    tx,
    sql`update reward_holds set release_at = null
         where user_id = ${userId} and status = 'held' and release_at is not null`,
  );
}

export async function resumeRewards(db: Queryable, userId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`update users set rewards_paused_at = null where id = ${userId} and rewards_paused_at is not null returning id`,
  );
  return rows.length > 0;
}

/** When a medium hold is released by the timer; never for a paused member's (it waits for a review). */
function releaseAt(j: RiskJudgement & { paused: boolean }, check: RiskCheck): Date | null {
  if (j.level !== 'medium' || j.paused) return null;
  return new Date(Date.now() + holdHours(check.policy, check.network) * 3_600_000);
}

/**
 * The gate of a conversion's approval: judged, and held when its risk is medium or more (or the member's
 * rewards are paused). Returns the hold's id, or null when the approval goes ahead.
 */
export async function holdConversionByRisk(
  tx: Tx,
  c: { userId: number } & Omit<ConversionReward, 'kind'>,
  check: RiskCheck,
): Promise<number | null> {
  const { userId, ...conversion } = c;
  const j = await judgeReward(tx, userId, { kind: 'conversion', ...conversion }, check);
  if (!j) return null;
  if (j.level === 'very_high') await pauseRewards(tx, c.userId);
  return insertHold(tx, {
    userId: c.userId,
    kind: 'conversion',
    completionId: c.completionId,
    referralId: null,
    network: check.network,
    judgement: j,
    releaseAt: releaseAt(j, check),
  });
}

/**
 * The gate of a referral reward (the referred member's first approved completion): the judgement, or
 * null when the reward goes ahead. The caller settles the referral as held and then records the hold.
 */
export async function judgeReferralReward(
  tx: Tx,
  referredUserId: number,
  check: RiskCheck,
): Promise<(RiskJudgement & { paused: boolean }) | null> {
  return judgeReward(tx, referredUserId, { kind: 'referral' }, check);
}

export async function recordReferralHold(
  tx: Tx,
  h: { referredUserId: number; referralId: number; judgement: RiskJudgement & { paused: boolean } },
  check: RiskCheck,
): Promise<number | null> {
  return insertHold(tx, {
    userId: h.referredUserId,
    kind: 'referral',
    completionId: null,
    referralId: h.referralId,
    network: check.network,
    judgement: h.judgement,
    releaseAt: releaseAt(h.judgement, check),
  });
}

/** The hold locked for a decision (FOR UPDATE): concurrent deciders run one after the other. */
export async function lockHold(tx: Tx, id: number): Promise<RewardHold | undefined> {
  const [row] = await query<RewardHold>(
    tx,
    sql`select ${holdColumns} from reward_holds where id = ${id} for update`,
  );
  return row && { ...row, releaseAt: row.releaseAt ? new Date(row.releaseAt) : null };
}

/** Moves a held hold to its decision; false when it was no longer held (decided by someone else first). */
export async function decideHold(
  tx: Tx,
  id: number,
  d: { status: 'released' | 'denied'; by: string; category?: DenyCategory | null; note?: string | null },
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    tx,
    sql`update reward_holds
           set status = ${d.status}, decided_at = now(), decided_by = ${d.by},
               deny_category = ${d.category ?? null}, note = ${d.note ?? null}
         where id = ${id} and status = 'held'
     returning id`,
  );
  return rows.length === 1;
}

/** A hold's completion id (null: a referral's hold); undefined for an unknown hold. No lock. */
export async function holdCompletionId(db: Queryable, holdId: number): Promise<number | null | undefined> {
  const [row] = await query<{ completion_id: number | null }>(
    db,
    sql`select completion_id from reward_holds where id = ${holdId}`,
  );
  return row ? row.completion_id : undefined;
}

/** A partner reversed a conversion whose reward was held: the hold is closed as denied, by the system. */
export async function closeHoldOnReversal(tx: Tx, completionId: number): Promise<void> {
  await execute(
    tx,
    sql`update reward_holds
           set status = 'denied', decided_at = now(), decided_by = 'system', deny_category = 'partner_reversal'
         where completion_id = ${completionId} and status = 'held'`,
  );
}

/**
 * A partner reversed one of the member's conversions: their conversions still waiting for the timer
 * (medium holds) are judged again on the evidence as it now stands
 * (docs/trust-and-safety.md#levels-and-what-each-does). One that now reaches high or very high stops
 * waiting for the timer: an operator decides (very high also pauses the member's rewards). One still
 * medium keeps its release time, with its new score and reasons; one now low is left to its timer (a
 * judgement never releases a reward early).
 */
export async function rejudgeTimedHolds(
  tx: Tx,
  userId: number,
  check: Omit<RiskCheck, 'network'>,
): Promise<void> {
  const holds = await query<{ id: number; completionId: number; offerId: number; network: string | null }>(
    tx,
    sql`select h.id, h.completion_id as "completionId", c.offer_id as "offerId", h.network
          from reward_holds h join completions c on c.id = h.completion_id
         where h.user_id = ${userId} and h.kind = 'conversion' and h.status = 'held' and h.release_at is not null
         order by h.id
         for update of h`,
  );
  if (holds.length === 0) return;
  // The evidence as the reversal left it, not as this transaction may have read it before.
  evidenceInTx.get(tx)?.delete(userId);
  for (const h of holds) {
    const j = await judgeReward(
      tx,
      userId,
      { kind: 'conversion', completionId: h.completionId, offerId: h.offerId },
      { ...check, network: h.network },
    );
    if (!j || j.level === 'low') continue;
    const waitsForReview = j.level === 'high' || j.level === 'very_high';
    if (j.level === 'very_high') await pauseRewards(tx, userId);
    await execute(
      tx,
      sql`update reward_holds
             set score = ${j.score}, level = ${j.level}, reasons = ${JSON.stringify(j.reasons)}::jsonb,
                 release_at = ${waitsForReview ? null : sql`release_at`}
           where id = ${h.id}`,
    );
  }
}

/** Held rewards whose medium-risk wait is over, oldest first (the timer releases them). */
export async function dueHoldIds(db: Queryable, limit = 100): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`select id from reward_holds where status = 'held' and release_at <= now() order by release_at, id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** The held rewards of one member (approve-all). */
export async function heldIdsOfMember(db: Queryable, userId: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`select id from reward_holds where user_id = ${userId} and status = 'held' order by id`,
  );
  return rows.map((r) => r.id);
}

export type { RiskReasonRow };
