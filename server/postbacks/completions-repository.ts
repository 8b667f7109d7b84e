// Completions (conversions confirmed by postbacks): their lookups and state changes. The counters
// that follow a change are kept by the members and offers repositories, in the same transaction.
import { sql } from 'drizzle-orm';
import { execute, query, run, type Queryable } from '../db/client';
import { statement } from '../db/statements';
import type { AttemptEntry } from './attempts-repository';
import { num } from '../db/row-mappers';

export type CompletionStatus = 'pending' | 'approved' | 'reversed';

export interface Completion {
  id: number;
  userId: number;
  offerId: number;
  clickId: string | null;
  /** The conversions' key (the offer's network slug, or the native receiver's network text). */
  network: string;
  status: CompletionStatus;
  payoutAmount: number;
  payoutCurrency: string;
  approvalHeldAt: Date | null;
  /** The member spun it: the voucher (or the miss) is theirs and cannot be taken back. */
  spinnerUsed: boolean;
  /** The voucher its spin won; null before the spin and for a miss. */
  voucherId: number | null;
}

const columns = sql`id, user_id as "userId", offer_id as "offerId", click_id as "clickId", network, status,
  payout_amount as "payoutAmount", payout_currency as "payoutCurrency", approval_held_at as "approvalHeldAt",
  spinner_used as "spinnerUsed", voucher_id as "voucherId"`;

/** numeric arrives as text from node-postgres: one mapping for every completion read here. */
const toCompletion = (r: Completion): Completion => ({ ...r, payoutAmount: num(r.payoutAmount) });

export async function hasApprovedCompletion(
  db: Queryable,
  userId: number,
  offerId: number,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`select id from completions
         where user_id = ${userId} and offer_id = ${offerId} and status = 'approved' limit 1`,
  );
  return rows.length > 0;
}

/** The completion of (network, transaction id), locked for the rest of the transaction. */
export async function lockCompletionByTransaction(
  db: Queryable,
  network: string,
  transactionId: string,
): Promise<Completion | undefined> {
  const [row] = await query<Completion>(
    db,
    sql`select ${columns} from completions
         where network = ${network} and transaction_id = ${transactionId}
         limit 1 for update`,
  );
  return row && toCompletion(row);
}

/**
 * The member's live (pending or approved) completion of the offer, locked: at most one exists (a
 * partial unique index), whichever click or network it came from.
 */
/** One completion by id, locked (FOR UPDATE): a review decision takes it before its hold. */
export async function lockCompletionById(db: Queryable, id: number): Promise<Completion | undefined> {
  const [row] = await query<Completion>(
    db,
    sql`select ${columns} from completions where id = ${id} for update`,
  );
  return row && toCompletion(row);
}

export async function lockLiveCompletion(
  db: Queryable,
  userId: number,
  offerId: number,
): Promise<Completion | undefined> {
  const [row] = await query<Completion>(
    db,
    sql`select ${columns} from completions
         where user_id = ${userId} and offer_id = ${offerId} and status <> 'reversed'
         limit 1 for update`,
  );
  return row && toCompletion(row);
}

/** The click's completions of `network`, newest first, locked. */
export async function lockCompletionsOfClick(
  db: Queryable,
  clickId: string,
  network: string,
): Promise<Completion[]> {
  const rows = await query<Completion>(
    db,
    sql`select ${columns} from completions
         where click_id = ${clickId} and network = ${network}
         order by id desc for update`,
  );
  return rows.map(toCompletion);
}

export interface NewCompletion {
  userId: number;
  offerId: number;
  clickId: string;
  network: string;
  transactionId: string;
  status: 'pending' | 'reversed';
  payoutAmount: number;
  payoutCurrency: string;
  /** A reversal recorded as such: the partner's reason, when it sent one. */
  reversalReason?: string | null;
}

/**
 * Inserts a completion unless one exists for (network, transaction id) or the member already has a
 * live completion of the offer (both unique indexes): the new id, or null.
 */
export async function insertCompletion(db: Queryable, c: NewCompletion): Promise<number | null> {
  const [row] = await query<{ id: number }>(
    db,
    sql`insert into completions (user_id, offer_id, click_id, network, transaction_id, status,
                                 payout_amount, payout_currency, reversed_at, reversal_reason)
        values (${c.userId}, ${c.offerId}, ${c.clickId}, ${c.network}, ${c.transactionId}, ${c.status},
                ${c.payoutAmount}, ${c.payoutCurrency}, case when ${c.status} = 'reversed' then now() end,
                ${c.reversalReason ?? null})
        on conflict do nothing
        returning id`,
  );
  return row ? row.id : null;
}

export async function setPayout(db: Queryable, id: number, amount: number, currency: string): Promise<void> {
  await execute(
    db,
    sql`update completions set payout_amount = ${amount}, payout_currency = ${currency} where id = ${id}`,
  );
}

/** An approval that waits for the member's unblock: stays 'pending', held since the first time. */
export async function holdApproval(db: Queryable, id: number): Promise<void> {
  await execute(
    db,
    sql`update completions set status = 'pending', approval_held_at = coalesce(approval_held_at, now())
         where id = ${id}`,
  );
}

/**
 * Approves a pending completion and credits the member, in one statement: the member's counters (only
 * while the member is not blocked: the member row is written first, with the block as its condition)
 * and the completion's approved status. The member's new completion total (1: their first completion),
 * or null when the member is blocked and nothing was written. The offer's counters are the caller's
 * last write (creditOfferCompletion, server/offers/repository.ts): member rows before offer rows, the
 * order every transaction takes them in, so that a first completion's referral reward (the referrer's
 * row) cannot meet the referrer's own approval of the same offer in the other order (a deadlock).
 * The receiver's one-statement approval (server/db/functions/receive_approved_conversion.sql) makes
 * the same writes, offer included: change both together.
 */
export async function approveAndCredit(
  db: Queryable,
  c: { completionId: number; userId: number; payout: number },
): Promise<number | null> {
  const [row] = await query<{ totalCompletions: number }>(
    db,
    sql`with u as (
          update users set total_completions = total_completions + 1,
                           total_revenue_generated = total_revenue_generated + ${c.payout},
                           last_activity = now()
           where id = ${c.userId} and is_suspicious = false
       returning total_completions
        ), done as (
          update completions
             set status = 'approved', completed_at = now(),
                 is_first_completion = (select total_completions = 1 from u),
                 completion_type = 'standard', referral_reward_processed = false, approval_held_at = null
           where id = ${c.completionId} and exists (select 1 from u)
        )
        select total_completions as "totalCompletions" from u`,
  );
  return row ? Number(row.totalCompletions) : null;
}

export async function markReferralRewardTriggered(db: Queryable, id: number): Promise<void> {
  await execute(
    db,
    sql`update completions set completion_type = 'triggered_referral_reward', referral_reward_processed = true
         where id = ${id} and status = 'approved'`,
  );
}

/** Reverses a completion, with the partner's reason when it sent one; a held approval is dropped. */
export async function markReversed(db: Queryable, id: number, reason: string | null = null): Promise<void> {
  await execute(
    db,
    sql`update completions set status = 'reversed', reversed_at = now(), approval_held_at = null,
                               reversal_reason = ${reason}
         where id = ${id}`,
  );
}

/**
 * The member's approved completions reversed within the last `days` days (completions_user_reversed_idx):
 * credit the member had and the network took back. A reversal of a conversion that was never approved
 * (pending, or announced only as reversed) took nothing back and does not count toward the hold.
 */
export async function countRecentReversals(db: Queryable, userId: number, days: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from completions
         where user_id = ${userId} and status = 'reversed' and completed_at is not null
           and reversed_at > now() - ${days}::int * interval '1 day'`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The member's approvals held by their block, oldest first, locked. Approvals held by risk wait for
 * their own decision (reward_holds, issue 33) and are not among them.
 */
export async function lockHeldCompletions(db: Queryable, userId: number): Promise<Completion[]> {
  const rows = await query<Completion>(
    db,
    sql`select ${columns} from completions c
         where user_id = ${userId} and status = 'pending' and approval_held_at is not null
           and not exists (select 1 from reward_holds h where h.completion_id = c.id and h.status = 'held')
         order by approval_held_at, id
         for update`,
  );
  return rows.map(toCompletion);
}

const RECEIVE_APPROVED = statement(
  'receive_approved_conversion',
  `select o_completion_id as "completionId", o_postback_id as "postbackId", o_event as "event",
          o_referrer as "referrerId"
     from receive_approved_conversion($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
);

/** What the one-statement approval wrote, and what the server announces after its commit. */
export interface ReceivedApproval {
  completionId: number;
  postbackId: number;
  /** The member event's payload (member_event_conversion.sql). */
  event: string;
  /** The member's referrer, whose referral list shows the member's count; null without one. */
  referrerId: number | null;
}

/**
 * A verified approval of a new transaction id, with its log row, in one statement
 * (server/db/functions/receive_approved_conversion.sql): what it wrote and what to announce, or
 * null when the case is not the plain one (the caller runs the general path).
 */
export async function receiveApprovedConversion(
  db: Queryable,
  c: Omit<NewCompletion, 'status' | 'reversalReason'>,
  log: AttemptEntry,
): Promise<ReceivedApproval | null> {
  try {
    const [row] = await run<ReceivedApproval>(db, RECEIVE_APPROVED, [
      c.userId,
      c.offerId,
      c.clickId,
      c.network,
      c.transactionId,
      c.payoutAmount,
      c.payoutCurrency,
      log.networkId,
      log.method,
      log.ip,
      JSON.stringify(log.params),
      log.clickId,
      log.transactionId,
      log.status,
      log.outcome,
      log.httpStatus,
      log.reason,
      log.request === null ? null : JSON.stringify(log.request),
    ]);
    return row
      ? {
          completionId: Number(row.completionId),
          postbackId: Number(row.postbackId),
          event: row.event,
          referrerId: row.referrerId === null ? null : Number(row.referrerId),
        }
      : null;
  } catch (err) {
    if ((err as { code?: string }).code === 'RWFAL') return null;
    throw err;
  }
}
