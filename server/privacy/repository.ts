// The privacy centre's SQL (issue 37, item 5): one member's rows for their export, their name, and the
// erasure of their account. Every statement names the member by id; parameterised `sql` templates only.
import { sql, type SQL } from 'drizzle-orm';
import { execute, query, type Queryable } from '../db/client';
import type { PrivacyExportResponse } from '../../shared/contract/privacy';

type Export = PrivacyExportResponse;

/** A timestamp as ISO 8601 text in UTC, written by the database (both drivers read it alike). */
const ISO = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', ${ISO})`;

/** The member row as the export shows it; undefined for no such member (or one already deleted). */
export async function exportMember(db: Queryable, userId: number): Promise<Export['member'] | undefined> {
  const [row] = await query<Export['member']>(
    db,
    sql`select id as user_id, first_name, last_name, email, referral_code, referred_by_code,
               registration_method, ${iso(sql`registration_date`)} as registration_date,
               ${iso(sql`last_activity`)} as last_activity, sub_id, device_fingerprint,
               registration_fingerprint, registration_address, registration_asn as registration_network,
               is_suspicious as blocked, free_spins_remaining, total_free_spins_earned, total_completions,
               total_vouchers_won, total_voucher_value::float8 as total_voucher_value, spins_used,
               total_referrals, successful_referrals,
               ${iso(sql`adult_confirmed_at`)} as adult_confirmed_at, residence_state
          from users where id = ${userId} and deleted_at is null`,
  );
  return row;
}

export const exportClicks = (db: Queryable, userId: number) =>
  query<Export['clicks'][number]>(
    db,
    sql`select c.id, c.offer_id, o.title as offer_title, ${iso(sql`c.created_at`)} as created_at, c.ip,
               c.user_agent
          from clicks c join offers o on o.id = c.offer_id
         where c.user_id = ${userId} order by c.created_at, c.id`,
  );

export const exportConversions = (db: Queryable, userId: number) =>
  query<Export['conversions'][number]>(
    db,
    sql`select c.id, c.offer_id, o.title as offer_title, c.click_id, c.network, c.transaction_id, c.status,
               c.payout_amount::float8 as payout_amount, c.payout_currency,
               ${iso(sql`c.created_at`)} as created_at, ${iso(sql`c.completed_at`)} as completed_at,
               ${iso(sql`c.reversed_at`)} as reversed_at, c.reversal_reason
          from completions c join offers o on o.id = c.offer_id
         where c.user_id = ${userId} order by c.id`,
  );

export const exportSpins = (db: Queryable, userId: number) =>
  query<Export['spins'][number]>(
    db,
    sql`select id, spin_type, offer_id, slot_result as reels, is_win, drawn_amount::float8 as drawn_amount,
               voucher_id, stock_out, ${iso(sql`created_at`)} as created_at
          from spins where user_id = ${userId} order by id`,
  );

export const exportVouchers = (db: Queryable, userId: number) =>
  query<Export['vouchers'][number]>(
    db,
    sql`select id, voucher_brand as brand, voucher_type as type, voucher_amount::float8 as amount,
               voucher_code as code, status, expiry_date::text as expiry_date,
               ${iso(sql`assigned_at`)} as assigned_at
          from vouchers where assigned_to_user_id = ${userId} order by assigned_at, id`,
  );

export const exportOwedVouchers = (db: Queryable, userId: number) =>
  query<Export['owed_vouchers'][number]>(
    db,
    sql`select id, spin_id, voucher_amount::float8 as amount, ${iso(sql`created_at`)} as created_at,
               voucher_id, ${iso(sql`assigned_at`)} as assigned_at
          from owed_vouchers where user_id = ${userId} order by id`,
  );

export const exportClaims = (db: Queryable, userId: number) =>
  query<Export['claims'][number]>(
    db,
    sql`select id, click_id, offer_id, note, status, reject_reason, ${iso(sql`created_at`)} as created_at,
               ${iso(sql`decided_at`)} as decided_at
          from claims where user_id = ${userId} order by id`,
  );

/** The referrals the member made: nothing of the friend who signed up. */
export const exportReferralsMade = (db: Queryable, userId: number) =>
  query<Export['referrals_made'][number]>(
    db,
    sql`select id, status, ${iso(sql`created_at`)} as created_at,
               ${iso(sql`reward_granted_at`)} as reward_granted_at, free_spins_granted
          from referrals where referrer_user_id = ${userId} order by id`,
  );

/** The referral that brought the member: the code, nothing of the referrer. */
export async function exportReferredBy(db: Queryable, userId: number): Promise<Export['referred_by']> {
  const [row] = await query<NonNullable<Export['referred_by']>>(
    db,
    sql`select referral_code, status, ${iso(sql`created_at`)} as created_at
          from referrals where referred_user_id = ${userId}`,
  );
  return row ?? null;
}

export const exportSessions = (db: Queryable, userId: number) =>
  query<Export['sessions'][number]>(
    db,
    sql`select ${iso(sql`created_at`)} as created_at, ${iso(sql`expires_at`)} as expires_at,
               ${iso(sql`last_seen_at`)} as last_seen_at
          from sessions where kind = 'member' and user_id = ${userId} order by created_at`,
  );

export const exportSightings = (db: Queryable, userId: number) =>
  query<Export['sightings'][number]>(
    db,
    sql`select kind, address, asn as network, org as network_name, hosting, fingerprint,
               ${iso(sql`created_at`)} as created_at
          from member_sightings where user_id = ${userId} order by created_at, id`,
  );

export const exportHolds = (db: Queryable, userId: number) =>
  query<Export['holds'][number]>(
    db,
    sql`select id, kind, completion_id as conversion_id, referral_id, score, level, status,
               ${iso(sql`created_at`)} as created_at, ${iso(sql`release_at`)} as release_at,
               ${iso(sql`decided_at`)} as decided_at
          from reward_holds where user_id = ${userId} order by id`,
  );

export const exportClawbacks = (db: Queryable, userId: number) =>
  query<Export['clawbacks'][number]>(
    db,
    sql`select id, completion_id as conversion_id, voucher_value::float8 as voucher_value,
               ${iso(sql`created_at`)} as created_at
          from clawbacks where user_id = ${userId} order by id`,
  );

export const exportTermsAcceptances = (db: Queryable, userId: number) =>
  query<Export['terms_acceptances'][number]>(
    db,
    sql`select terms_version, ${iso(sql`accepted_at`)} as accepted_at
          from terms_acceptances where user_id = ${userId} order by accepted_at, terms_version`,
  );

export const exportDailySpins = (db: Queryable, userId: number) =>
  query<Export['daily_spins'][number]>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, claimed
          from daily_spin_claims where user_id = ${userId} order by day`,
  );

/** Notification switches and subscribed browsers: the push service's host, never the endpoint's token. */
export async function exportNotifications(db: Queryable, userId: number): Promise<Export['notifications']> {
  const [prefs] = await query<Record<string, boolean>>(
    db,
    sql`select spin_ready, voucher_expiring, claim_answered, referral_reward, account_messages
          from push_preferences where user_id = ${userId}`,
  );
  const devices = await query<{ endpoint: string; created_at: string; last_sent_at: string | null }>(
    db,
    sql`select endpoint, ${iso(sql`created_at`)} as created_at, ${iso(sql`last_sent_at`)} as last_sent_at
          from push_subscriptions where user_id = ${userId} order by id`,
  );
  return {
    kinds: prefs ?? null,
    devices: devices.map((d) => ({
      push_service: URL.canParse(d.endpoint) ? new URL(d.endpoint).host : 'unknown',
      created_at: d.created_at,
      last_sent_at: d.last_sent_at,
    })),
  };
}

/** Corrects the member's name; false for no such member (or a deleted one). */
export async function updateMemberName(
  db: Queryable,
  userId: number,
  name: { firstName: string; lastName: string },
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`update users set first_name = ${name.firstName}, last_name = ${name.lastName}
         where id = ${userId} and deleted_at is null returning id`,
  );
  return rows.length > 0;
}

/** What the deletion erases and records, read under the member row's lock. */
export interface MemberToDelete {
  id: number;
  firebaseUid: string | null;
  email: string;
  firstName: string;
  lastName: string;
  referralCode: string;
  deviceFingerprint: string | null;
  registrationFingerprint: string | null;
  deletedAt: Date | string | null;
}

/**
 * The member row locked for the deletion (FOR UPDATE): a postback's approval, a spin and a block of
 * this member write the same row, so each one runs wholly before or wholly after the deletion.
 */
export async function lockMemberForDeletion(
  db: Queryable,
  userId: number,
): Promise<MemberToDelete | undefined> {
  const [row] = await query<MemberToDelete>(
    db,
    sql`select id, firebase_uid as "firebaseUid", email, first_name as "firstName", last_name as "lastName",
               referral_code as "referralCode", device_fingerprint as "deviceFingerprint",
               registration_fingerprint as "registrationFingerprint", deleted_at as "deletedAt"
          from users where id = ${userId} for update`,
  );
  return row;
}

/** A deleted member's referral code: lower case, so no typed or linked code (upper-cased) ever finds it. */
export const deletedReferralCode = (userId: number) => `deleted-${userId}`;
/** A deleted member's email: an address of the reserved .invalid domain (RFC 2606), never delivered. */
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;
export const DELETED_FIRST_NAME = 'Deleted';
export const DELETED_LAST_NAME = 'member';

/**
 * Erases the member's personal fields and rows, inside the deletion's transaction (the member row
 * already locked). Kept, under the member's id (now anonymous): conversions, spins, vouchers, owed
 * vouchers, clawbacks, claims (without their note), referrals (the referrer's spin stays earned), the
 * clicks partners' conversions point to (without address or browser), reward holds (without their
 * evidence and note). The member is blocked too, so nothing is granted to the id any more.
 */
export async function eraseMember(db: Queryable, userId: number): Promise<void> {
  const code = deletedReferralCode(userId);
  await execute(
    db,
    sql`update users set firebase_uid = null, email = ${deletedEmail(userId)}, email_normalised = null,
                         first_name = ${DELETED_FIRST_NAME}, last_name = ${DELETED_LAST_NAME},
                         referral_code = ${code}, device_fingerprint = null, registration_fingerprint = null,
                         registration_address = null, registration_prefix = null, registration_asn = null,
                         registration_hosting = false, hosting_seen_at = null, residence_state = null, adult_confirmed_at = null,
                         is_suspicious = true, deleted_at = now()
         where id = ${userId}`,
  );
  await execute(db, sql`delete from sessions where kind = 'member' and user_id = ${userId}`);
  await execute(db, sql`delete from member_sightings where user_id = ${userId}`);
  // Their browsers are told nothing more (Web Push): subscriptions, switches, open windows.
  await execute(db, sql`delete from push_subscriptions where user_id = ${userId}`);
  await execute(db, sql`delete from push_preferences where user_id = ${userId}`);
  await execute(db, sql`delete from push_presence where user_id = ${userId}`);
  await execute(db, sql`update clicks set ip = null, user_agent = null where user_id = ${userId}`);
  await execute(db, sql`update claims set note = '' where user_id = ${userId} and note <> ''`);
  await execute(db, sql`update referrals set referral_code = ${code} where referrer_user_id = ${userId}`);
  await execute(db, sql`update users set referred_by_code = ${code} where referred_by_user_id = ${userId}`);
  await execute(
    db,
    sql`update reward_holds set reasons = '[]'::jsonb, note = null where user_id = ${userId}`,
  );
}

/**
 * Replaces `secrets` inside the audit log's before and after records: everywhere for the distinctive
 * ones (the email, the full name, fingerprints, the old referral code), and `ownOnly` in the entries
 * about this member (target 'user', their id) only, where a bare first or last name belongs to them.
 * Strings are matched as they appear in JSON text (escaped as JSON.stringify escapes them).
 */
export async function scrubAuditLog(
  db: Queryable,
  userId: number,
  secrets: { everywhere: string[]; ownOnly: string[] },
): Promise<void> {
  const json = (s: string) => JSON.stringify(s).slice(1, -1);
  const scrub = async (secret: string, own: boolean) => {
    const needle = json(secret);
    const target = own ? sql`and target_type = 'user' and target_id = ${String(userId)}` : sql``;
    await execute(
      db,
      sql`update admin_audit_log
             set before = case when strpos(before::text, ${needle}) > 0
                               then replace(before::text, ${needle}, '[erased]')::jsonb else before end,
                 after = case when strpos(after::text, ${needle}) > 0
                              then replace(after::text, ${needle}, '[erased]')::jsonb else after end
           where (strpos(coalesce(before::text, ''), ${needle}) > 0
                  or strpos(coalesce(after::text, ''), ${needle}) > 0) ${target}`,
    );
  };
  for (const s of secrets.everywhere) await scrub(s, false);
  for (const s of secrets.ownOnly) await scrub(s, true);
}
