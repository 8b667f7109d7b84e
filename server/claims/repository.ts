// Missing-conversion claims (docs/product-rules.md#claims): the member's click a claim may name, the
// claim itself, and the administrator's decision. Every member query names the member, so another
// member's click is never found (nor told apart from a missing one).
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../db/client';

export type ClaimStatus = 'pending' | 'approved' | 'rejected';

/** A click as the claim rules read it: its age against the database clock, and what it already has. */
export interface ClaimableClick {
  id: string;
  offerId: number;
  offerTitle: string;
  /** Started less recently than the minimum age (an hour unless configured). */
  tooEarly: boolean;
  /** Started more than 30 days ago. */
  tooLate: boolean;
  /**
   * A conversion of this click, else the member's conversion of the offer from another click: a live
   * one (pending or approved) first, else a reversed one (a partner's reversal, or a reward denied in
   * review: the offer cannot be claimed again, issue 33).
   */
  conversionStatus: 'pending' | 'approved' | 'reversed' | null;
  /** The claim already filed on this click. */
  claimStatus: ClaimStatus | null;
  /** Another claim of the member on the same offer is under review. */
  offerClaimPending: boolean;
}

const clickColumns = (userId: number, minAgeMinutes: number) => sql`
  k.id, k.offer_id as "offerId", o.title as "offerTitle",
  k.created_at > now() - make_interval(mins => ${minAgeMinutes}::int) as "tooEarly",
  k.created_at < now() - interval '30 days' as "tooLate",
  coalesce(
    (select x.status from completions x where x.click_id = k.id
      order by (x.status <> 'reversed') desc, x.id desc limit 1),
    (select x.status from completions x
      where x.user_id = ${userId} and x.offer_id = k.offer_id
      order by (x.status <> 'reversed') desc, x.id desc limit 1)
  ) as "conversionStatus",
  (select cl.status from claims cl where cl.click_id = k.id) as "claimStatus",
  exists (select 1 from claims cl where cl.user_id = ${userId} and cl.offer_id = k.offer_id
           and cl.status = 'pending' and cl.click_id <> k.id) as "offerClaimPending"`;

/** The member's click by id; undefined when it is not theirs or does not exist. */
export async function findMemberClick(
  db: Queryable,
  userId: number,
  clickId: string,
  minAgeMinutes: number,
): Promise<ClaimableClick | undefined> {
  const [row] = await query<ClaimableClick>(
    db,
    sql`select ${clickColumns(userId, minAgeMinutes)}
          from clicks k join offers o on o.id = k.offer_id
         where k.id = ${clickId} and k.user_id = ${userId}`,
  );
  return row;
}

/**
 * The member's click on the offer a claim should name: the newest one that can be claimed (between
 * the minimum age and 30 days old, no conversion, no claim), else their newest click (the rules then say why
 * it cannot be); undefined when they never started the offer.
 */
export async function findMemberOfferClick(
  db: Queryable,
  userId: number,
  offerId: number,
  minAgeMinutes: number,
): Promise<ClaimableClick | undefined> {
  const [row] = await query<ClaimableClick>(
    db,
    sql`select ${clickColumns(userId, minAgeMinutes)}
          from clicks k join offers o on o.id = k.offer_id
         where k.user_id = ${userId} and k.offer_id = ${offerId}
         order by (k.created_at <= now() - make_interval(mins => ${minAgeMinutes}::int)
                   and k.created_at >= now() - interval '30 days'
                   and not exists (select 1 from completions x where x.click_id = k.id)
                   and not exists (select 1 from claims cl where cl.click_id = k.id)) desc,
                  k.created_at desc, k.id
         limit 1`,
  );
  return row;
}

export interface NewClaim {
  userId: number;
  clickId: string;
  offerId: number;
  note: string;
}

/**
 * The new claim's id, or null when the click already has one (claims_click_key) or the member already
 * has a claim on the offer under review (claims_one_pending_key: concurrent filings leave one pending).
 */
export async function insertClaim(db: Queryable, c: NewClaim): Promise<number | null> {
  const [row] = await query<{ id: number }>(
    db,
    sql`insert into claims (user_id, click_id, offer_id, note)
        values (${c.userId}, ${c.clickId}, ${c.offerId}, ${c.note})
        on conflict do nothing
        returning id`,
  );
  return row ? Number(row.id) : null;
}

/** A claim as the decision reads it. */
export interface ClaimForDecision {
  id: number;
  userId: number;
  clickId: string;
  offerId: number;
  status: ClaimStatus;
  rejectReason: string | null;
  completionId: number | null;
}

/**
 * The claim, locked for the decision: concurrent decisions on one claim wait here, one after the
 * other, and each sees the status the one before left.
 */
export async function lockClaim(db: Queryable, claimId: number): Promise<ClaimForDecision | undefined> {
  const [row] = await query<ClaimForDecision>(
    db,
    sql`select id, user_id as "userId", click_id as "clickId", offer_id as "offerId", status,
               reject_reason as "rejectReason", completion_id as "completionId"
          from claims where id = ${claimId}
          for update`,
  );
  return (
    row && {
      ...row,
      id: Number(row.id),
      completionId: row.completionId === null ? null : Number(row.completionId),
    }
  );
}

/** Records the decision on a pending claim; false when it was no longer pending. */
export async function decideClaim(
  db: Queryable,
  claimId: number,
  d: {
    status: 'approved' | 'rejected';
    adminId: number;
    rejectReason: string | null;
    completionId: number | null;
  },
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`update claims
           set status = ${d.status}, reject_reason = ${d.rejectReason}, decided_by = ${d.adminId},
               decided_at = now(), completion_id = ${d.completionId}
         where id = ${claimId} and status = 'pending'
         returning id`,
  );
  return rows.length === 1;
}

/**
 * The claim's click as a postback would resolve it (applyConversion's input): `network` is the
 * conversions' key, the offer's network slug, or for an offer no network credits its network text.
 */
export async function findClaimClick(
  db: Queryable,
  clickId: string,
): Promise<{ id: string; userId: number; offerId: number; network: string } | undefined> {
  const [row] = await query<{ id: string; userId: number; offerId: number; network: string }>(
    db,
    sql`select c.id, c.user_id as "userId", c.offer_id as "offerId", coalesce(n.slug, o.network) as network
          from clicks c join offers o on o.id = c.offer_id left join networks n on n.id = o.network_id
         where c.id = ${clickId}`,
  );
  return row;
}
