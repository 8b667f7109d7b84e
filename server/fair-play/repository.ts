// Fair play's SQL (issue 37): every statement a parameterised `sql` template, each function taking the
// database or a transaction first.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../db/client';

export interface ActiveOfferTableRow {
  id: number;
  title: string;
  slot_config: unknown;
}

/** Active offers with their tables, by id (the rules list them in a stable order). */
export function activeOfferTables(db: Queryable): Promise<ActiveOfferTableRow[]> {
  return query<ActiveOfferTableRow>(
    db,
    sql`select id, title, slot_config from offers where is_active order by id`,
  );
}

export interface StockRow {
  brand: string;
  amount: string | number;
  count: string | number;
}

/** Codes a spin can hand out now (available, not expired), by brand and amount. */
export function voucherStockByBrand(db: Queryable): Promise<StockRow[]> {
  return query<StockRow>(
    db,
    sql`select voucher_brand as brand, voucher_amount as amount, count(*) as count
          from vouchers
         where status = 'available' and (expiry_date is null or expiry_date >= current_date)
         group by voucher_brand, voucher_amount
         order by voucher_amount desc, voucher_brand`,
  );
}

export interface RulesVersionRow {
  hash: string;
  published_at: string | Date;
}

/**
 * Records `hash` as the current version: a new row for new content; content seen before and now
 * back (A, then B, then A again) is published again, so "last changed" stays true.
 */
export async function publishRulesVersion(db: Queryable, hash: string, content: string): Promise<void> {
  await db.execute(
    sql`insert into rules_versions (hash, content) values (${hash}, ${content}::jsonb)
        on conflict (hash) do update set published_at = now()
        where rules_versions.hash is distinct from
              (select r.hash from rules_versions r order by r.published_at desc, r.hash limit 1)`,
  );
}

export function listRulesVersions(db: Queryable, limit = 50): Promise<RulesVersionRow[]> {
  return query<RulesVersionRow>(
    db,
    sql`select hash, published_at from rules_versions order by published_at desc, hash limit ${limit}`,
  );
}

export interface RulesVersionContentRow extends RulesVersionRow {
  content: unknown;
}

export async function findRulesVersion(db: Queryable, hash: string): Promise<RulesVersionContentRow | null> {
  const rows = await query<RulesVersionContentRow>(
    db,
    sql`select hash, published_at, content from rules_versions where hash = ${hash}`,
  );
  return rows[0] ?? null;
}

/** Each process writes the configured excluded states at start (member_spin reads the table). */
export async function replaceExcludedStates(db: Queryable, codes: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`delete from excluded_states where code <> all(string_to_array(${codes.join(',')}, ','))`,
    );
    for (const code of codes)
      await tx.execute(sql`insert into excluded_states (code) values (${code}) on conflict do nothing`);
  });
}

export interface EligibilityRow {
  id: number;
  adult_confirmed_at: string | Date | null;
  residence_state: string | null;
  accepted_terms_version: string | null;
  accepted_terms_at: string | Date | null;
  claimed_today: number | null;
}

/** The member's answers, their acceptance of `termsVersion` (else their latest), and today's daily spins. */
export async function findEligibility(
  db: Queryable,
  userId: number,
  termsVersion: string,
  day: string,
): Promise<EligibilityRow | null> {
  const rows = await query<EligibilityRow>(
    db,
    sql`select u.id, u.adult_confirmed_at, u.residence_state,
               t.terms_version as accepted_terms_version, t.accepted_at as accepted_terms_at,
               (select d.claimed from daily_spin_claims d where d.user_id = u.id and d.day = ${day}::date) as claimed_today
          from users u
          left join lateral (
            select terms_version, accepted_at from terms_acceptances
             where user_id = u.id
             order by (terms_version = ${termsVersion}) desc, accepted_at desc
             limit 1
          ) t on true
         where u.id = ${userId}`,
  );
  return rows[0] ?? null;
}

export async function recordEligibility(db: Queryable, userId: number, state: string): Promise<void> {
  await db.execute(
    sql`update users set adult_confirmed_at = coalesce(adult_confirmed_at, now()), residence_state = ${state}
         where id = ${userId}`,
  );
}

export async function recordTermsAcceptance(db: Queryable, userId: number, version: string): Promise<void> {
  await db.execute(
    sql`insert into terms_acceptances (user_id, terms_version) values (${userId}, ${version})
        on conflict (user_id, terms_version) do nothing`,
  );
}

export interface ActivityRow {
  has_activity: boolean;
  adult_confirmed: boolean;
  firebase_uid: string | null;
}

/** Whether anything but the sign-in itself refers to the member (then the row cannot simply go). */
export async function memberActivity(db: Queryable, userId: number): Promise<ActivityRow | null> {
  const rows = await query<ActivityRow>(
    db,
    sql`select u.adult_confirmed_at is not null as adult_confirmed, u.firebase_uid,
               (exists (select 1 from clicks where user_id = u.id)
                or exists (select 1 from completions where user_id = u.id)
                or exists (select 1 from spins where user_id = u.id)
                or exists (select 1 from vouchers where assigned_to_user_id = u.id)
                or exists (select 1 from referrals where referrer_user_id = u.id)) as has_activity
          from users u where u.id = ${userId} for update`,
  );
  return rows[0] ?? null;
}

/**
 * Deletes a member who has just signed up and has nothing else (under 18 at the first sign-in): the
 * sign-in's own rows (sessions, sightings, the referral they arrived with, answers), then the member.
 */
export async function deleteNewMember(db: Queryable, userId: number): Promise<void> {
  await db.execute(sql`delete from sessions where user_id = ${userId}`);
  await db.execute(sql`delete from member_sightings where user_id = ${userId}`);
  await db.execute(sql`delete from reward_holds where user_id = ${userId}`);
  await db.execute(
    sql`update users set total_referrals = greatest(total_referrals - 1, 0)
         where id in (select referrer_user_id from referrals where referred_user_id = ${userId})`,
  );
  await db.execute(sql`delete from referrals where referred_user_id = ${userId}`);
  await db.execute(sql`delete from terms_acceptances where user_id = ${userId}`);
  await db.execute(sql`delete from daily_spin_claims where user_id = ${userId}`);
  await db.execute(sql`delete from users where id = ${userId}`);
}

/**
 * Counts one daily free spin for the member on `day` if fewer than `perDay` were claimed, and gives
 * them the free spin it is spent as, in one transaction. False when the day's spins are used up.
 */
export async function claimDailySpin(
  db: Queryable,
  userId: number,
  day: string,
  perDay: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await query<{ claimed: number }>(
      tx,
      sql`insert into daily_spin_claims (user_id, day, claimed) values (${userId}, ${day}::date, 1)
          on conflict (user_id, day) do update set claimed = daily_spin_claims.claimed + 1
          where daily_spin_claims.claimed < ${perDay}
          returning claimed`,
    );
    if (!claimed[0] || claimed[0].claimed > perDay) return false;
    await tx.execute(
      sql`update users set free_spins_remaining = free_spins_remaining + 1 where id = ${userId}`,
    );
    return true;
  });
}

/** An under-18 answer from a member with history: blocked and signed out everywhere (support erases it). */
export async function blockAndSignOut(db: Queryable, userId: number): Promise<void> {
  await db.execute(sql`update users set is_suspicious = true where id = ${userId}`);
  await db.execute(sql`delete from sessions where user_id = ${userId}`);
}

/**
 * The demo history's members (server/demo/seed.ts): answered at sign-up, as adults in a state where
 * the promotion is offered, with the current terms accepted at their registration.
 */
export async function markMembersEligible(db: Queryable, termsVersion: string): Promise<void> {
  await db.execute(
    sql`update users set adult_confirmed_at = registration_date, residence_state = 'KA' where adult_confirmed_at is null`,
  );
  await db.execute(
    sql`insert into terms_acceptances (user_id, terms_version, accepted_at)
        select id, ${termsVersion}, registration_date from users
        on conflict (user_id, terms_version) do nothing`,
  );
}
