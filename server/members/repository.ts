// Members (the users table): sign-in, the referral link between two members, and the counters the
// postback and spin transactions keep on the member row.
import { sql } from 'drizzle-orm';
import { execute, query, run, type Queryable } from '../db/client';
import { num } from '../db/row-mappers';
import { statement } from '../db/statements';
import { memberSessionCtes, type FoldedSessionRow } from './sessions-repository';

/** The member row as the services use it (every column the member calls read or answer). */
export interface Member {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  referralCode: string;
  deviceFingerprint: string | null;
  isSuspicious: boolean;
  freeSpinsRemaining: number;
  totalFreeSpinsEarned: number;
  totalCompletions: number;
  totalVouchersWon: number;
  totalVoucherValue: number;
  spinsUsed: number;
  totalReferrals: number;
  successfulReferrals: number;
}

const MEMBER_COLUMNS = `id, first_name as "firstName", last_name as "lastName", email,
  referral_code as "referralCode", device_fingerprint as "deviceFingerprint", is_suspicious as "isSuspicious",
  free_spins_remaining as "freeSpinsRemaining", total_free_spins_earned as "totalFreeSpinsEarned",
  total_completions as "totalCompletions", total_vouchers_won as "totalVouchersWon",
  total_voucher_value as "totalVoucherValue", spins_used as "spinsUsed", total_referrals as "totalReferrals",
  successful_referrals as "successfulReferrals"`;
const memberColumns = sql.raw(MEMBER_COLUMNS);

/** numeric arrives as text from node-postgres: one mapping for every member read here. */
const toMember = <T extends Member>(r: T): T => ({ ...r, totalVoucherValue: num(r.totalVoucherValue) });

export async function findMemberById(db: Queryable, id: number): Promise<Member | undefined> {
  const [row] = await query<Member>(db, sql`select ${memberColumns} from users where id = ${id} limit 1`);
  return row && toMember(row);
}

export async function findMemberByFirebaseUid(db: Queryable, uid: string): Promise<Member | undefined> {
  const [row] = await query<Member>(
    db,
    sql`select ${memberColumns} from users where firebase_uid = ${uid} limit 1`,
  );
  return row && toMember(row);
}

/** A sign-in from the address and device of one of the member's sightings this recent adds no row. */
const SIGHTING_REPEAT_HOURS = 24;

// A returning member's sign-in, sent by name (server/db/statements.ts): with the checks on, its
// sighting is in the same statement, whose planning (an insert with its repeat test) cost more than
// running it when the statement was sent unnamed, at every sign-in (docs/benchmarks.md).
const SIGN_IN_UPDATE = `update users set last_activity = now(), device_fingerprint = $2, email = $3
                         where id = $1 returning ${MEMBER_COLUMNS}`;
const SIGN_IN = statement('member_sign_in', SIGN_IN_UPDATE);
/**
 * The history holds where a member was seen, not each sign-in: a sign-in from the address and device of
 * a sighting of theirs in the last day adds nothing (every signal reads distinct networks, devices or
 * addresses over days; a row per sign-in only grew the table and what is kept of the member).
 */
const SIGN_IN_SEEN = statement(
  'member_sign_in_seen',
  `with member as (${SIGN_IN_UPDATE}), seen as (
     insert into member_sightings (user_id, kind, address, prefix, asn, org, hosting, fingerprint)
     select id, 'sign_in', $4::text, $5::text, $6::int, $7::text, $8::boolean, $9::text from member
      where not exists (
        select 1 from member_sightings r
         where r.user_id = member.id
           and r.created_at > now() - ${SIGHTING_REPEAT_HOURS} * interval '1 hour'
           and r.address is not distinct from $4::text
           and r.fingerprint is not distinct from $9::text))
   select * from member`,
);

/** A returning member's sign-in: activity now, the device and email as the token gives them. */
export async function recordSignIn(
  db: Queryable,
  id: number,
  values: { deviceFingerprint: string | null; email: string },
  /** The sign-in's sighting (issue 33), recorded in the same statement; null: none (checks off). */
  seen: Sighting | null = null,
): Promise<Member> {
  const signIn = [id, values.deviceFingerprint, values.email];
  const [row] = seen
    ? await run<Member>(db, SIGN_IN_SEEN, [
        ...signIn,
        seen.address,
        seen.prefix,
        seen.asn,
        seen.org,
        seen.hosting,
        seen.fingerprint,
      ])
    : await run<Member>(db, SIGN_IN, signIn);
  if (!row) throw new Error(`member ${id} vanished during sign-in`);
  return toMember(row);
}

export interface NewMember {
  firebaseUid: string;
  email: string;
  firstName: string;
  lastName: string;
  registrationMethod: 'firebase' | 'email';
  referralCode: string;
  deviceFingerprint: string | null;
  /** What the server saw at registration (issue 33): kept once, never overwritten. */
  emailNormalised: string;
  seenFrom: Sighting;
}

/** Where a sign-in came from: the client address as TRUST_PROXY defines it, its network, the device. */
export interface Sighting {
  address: string | null;
  prefix: string | null;
  asn: number | null;
  /** The network's name (the ASN's organisation). */
  org: string | null;
  hosting: boolean;
  fingerprint: string | null;
}

/** The new member, or undefined when the Firebase uid or the referral code is taken (unique indexes). */
export async function insertMember(db: Queryable, m: NewMember): Promise<Member | undefined> {
  const s = m.seenFrom;
  const [row] = await query<Member>(
    db,
    // The member and the registration's sighting in one statement (none when the insert conflicted).
    sql`with member as (
          insert into users (firebase_uid, email, first_name, last_name, registration_method, referral_code,
                             device_fingerprint, last_activity, registration_fingerprint, registration_address,
                             registration_prefix, registration_asn, registration_hosting, email_normalised)
          values (${m.firebaseUid}, ${m.email}, ${m.firstName}, ${m.lastName}, ${m.registrationMethod},
                  ${m.referralCode}, ${m.deviceFingerprint}, now(), ${m.deviceFingerprint}, ${s.address},
                  ${s.prefix}, ${s.asn}, ${s.hosting}, ${m.emailNormalised})
          on conflict do nothing
          returning ${memberColumns}
        ), seen as (${registrationSighting(s)})
        select * from member`,
  );
  return row && toMember(row);
}

/**
 * Keeps the registration's address, network and device in the member's history: the body of a `seen`
 * CTE, for the member row of the statement's `member` CTE (a sign-in's: SIGN_IN_SEEN).
 */
function registrationSighting(s: Sighting) {
  return sql`insert into member_sightings (user_id, kind, address, prefix, asn, org, hosting, fingerprint)
             select id, 'registration', ${s.address}, ${s.prefix}, ${s.asn}, ${s.org}, ${s.hosting}, ${s.fingerprint}
               from member`;
}

export interface Referrer {
  id: number;
  isSuspicious: boolean;
  /** Every device fingerprint the referrer registered or signed in with (the registration's first). */
  fingerprints: string[];
}

export async function findReferrerByCode(db: Queryable, code: string): Promise<Referrer | undefined> {
  const [row] = await query<{ id: number; isSuspicious: boolean; fingerprints: string[] | null }>(
    db,
    sql`select u.id, u.is_suspicious as "isSuspicious",
               array_remove(array[u.registration_fingerprint, u.device_fingerprint]
                 || coalesce((select array_agg(distinct s.fingerprint) from member_sightings s
                               where s.user_id = u.id and s.fingerprint is not null), '{}'), null) as fingerprints
          from users u where u.referral_code = ${code} limit 1`,
  );
  return row && { id: row.id, isSuspicious: row.isSuspicious, fingerprints: row.fingerprints ?? [] };
}

/** Links a new member to the member whose code they used, and counts the referral on the referrer. */
export async function linkReferral(
  db: Queryable,
  memberId: number,
  referrerId: number,
  code: string,
): Promise<Member> {
  const [row] = await query<Member>(
    db,
    sql`update users set referred_by_user_id = ${referrerId}, referred_by_code = ${code}
         where id = ${memberId}
     returning ${memberColumns}`,
  );
  await execute(db, sql`update users set total_referrals = total_referrals + 1 where id = ${referrerId}`);
  if (!row) throw new Error(`member ${memberId} vanished during sign-in`);
  return toMember(row);
}

/** Takes back what approveAndCredit (repositories/completions.ts) added (a reversed approved completion). */
export async function debitCompletion(db: Queryable, userId: number, payout: number): Promise<void> {
  await execute(
    db,
    sql`update users set total_completions = total_completions - 1,
                         total_revenue_generated = total_revenue_generated - ${payout}
         where id = ${userId}`,
  );
}

/** The referrer's reward: one free spin (it never expires) and a successful referral. */
export async function grantReferralSpin(db: Queryable, referrerId: number): Promise<void> {
  await execute(
    db,
    sql`update users set free_spins_remaining = free_spins_remaining + 1,
                         total_free_spins_earned = total_free_spins_earned + 1,
                         successful_referrals = successful_referrals + 1
         where id = ${referrerId}`,
  );
}

/** The member row locked for a block or an unblock; undefined when there is no such member. */
export async function lockMemberBlockState(
  db: Queryable,
  id: number,
): Promise<{ id: number; isSuspicious: boolean; email: string; deleted: boolean } | undefined> {
  const [row] = await query<{ id: number; isSuspicious: boolean; email: string; deleted: boolean }>(
    db,
    sql`select id, is_suspicious as "isSuspicious", email, deleted_at is not null as deleted
          from users where id = ${id} limit 1 for update`,
  );
  return row;
}

/** An administrator's block or unblock; an unblock also ends a hold (held_at). */
export async function setBlocked(db: Queryable, id: number, blocked: boolean): Promise<void> {
  await execute(
    db,
    sql`update users set is_suspicious = ${blocked}, held_at = case when ${blocked} then held_at end
         where id = ${id}`,
  );
}

/**
 * Blocks a member pending an administrator's review (held_at says the hold rule did it). Returns false
 * when the member was already blocked (nothing changed).
 */
export async function holdMember(db: Queryable, id: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`update users set is_suspicious = true, held_at = now()
         where id = ${id} and is_suspicious = false
     returning id`,
  );
  return rows.length > 0;
}

// ---------- user-stats.php and referral-stats.php, each in one round trip ----------
// The member session check (memberSessionCtes: $1 the cookie's hash, $2 the session lifetime, $3 the
// renewal step, in seconds), the member row and the call's lists, in one statement. Each list is
// bounded and read through an index range of the member's own rows (docs/benchmarks.md shows the
// plans at 100 and 10,000 completions); it comes back as one JSON array, which the service maps
// with the same row mappers as before. No row: no live session.

const foldedMemberColumns = `ms.user_id as session_user_id, ms.is_suspicious as session_blocked,
  (select expires_at from member_renewed) as session_renewed, ms.expires_at as session_expires,
  u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, u.referral_code as "referralCode",
  u.device_fingerprint as "deviceFingerprint", u.is_suspicious as "isSuspicious",
  u.free_spins_remaining as "freeSpinsRemaining", u.total_free_spins_earned as "totalFreeSpinsEarned",
  u.total_completions as "totalCompletions", u.total_vouchers_won as "totalVouchersWon",
  u.total_voucher_value as "totalVoucherValue", u.spins_used as "spinsUsed", u.total_referrals as "totalReferrals",
  u.successful_referrals as "successfulReferrals"`;

/**
 * The member's stats generation (migration 0018; 0: unchanged since it), and the catalogue's (offer
 * titles and categories; migration 0017), as text: parts of the key the lists are cached under
 * (docs/decisions/cached-member-stats.md).
 */
const memberGeneration = `coalesce((select sg.gen from member_stats_generation sg where sg.user_id = ms.user_id), 0)::text`;
const catalogueGeneration = `coalesce((select cg.gen from catalogue_generation cg where cg.id = 1)::text, '-')`;

/**
 * user-stats.php. The rewards history: approved completions, and reversed ones the member saw (pending
 * or approved before the partner took them back), newest event first (a reversed one dated by its
 * reversal), at most 100: completions_user_history_idx (migration 0013) hands them over in that order.
 * The vouchers per amount and brand, and the member's latest 200 vouchers: vouchers_user_assigned_idx.
 */
export const memberStatsForSession = statement(
  'member_stats_session',
  `with ${memberSessionCtes('$1', '$2', '$3')}
   select ${foldedMemberColumns}, k.key as stats_key,
     case when not ms.is_suspicious and $4::text is distinct from k.key then member_stats_lists(ms.user_id) end
       as lists
     from member_session ms join users u on u.id = ms.user_id
     cross join lateral (select ${memberGeneration} || '/' || ${catalogueGeneration} || '/' || u.referral_code as key) k`,
);

/**
 * referral-stats.php. Registrations and successes per month over the last 12 months, the latest 200
 * referred members (both a range of referrals_referrer_idx), and the pending referrals counted through
 * referrals_referrer_pending_idx (migration 0013).
 */
export const referralStatsForSession = statement(
  'referral_stats_session',
  `with ${memberSessionCtes('$1', '$2', '$3')}
   select ${foldedMemberColumns}, k.key as stats_key,
     case when not ms.is_suspicious and $4::text is distinct from k.key then referral_stats_lists(ms.user_id) end
       as lists,
     date_trunc('month', now()) + interval '1 month' as lists_until
     from member_session ms join users u on u.id = ms.user_id
     cross join lateral (
       select ${memberGeneration} || '/' || date_trunc('month', now())::text || '/' || u.referral_code as key) k`,
);

export type FoldedMemberRow = FoldedSessionRow & Member & { stats_key: string };

/** A list read as JSON: node-postgres parses json columns, PGlite too; text is parsed here otherwise. */
const jsonRows = (v: unknown): Record<string, unknown>[] | null =>
  v === null || v === undefined
    ? null
    : ((typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>[]);
/** The lists' object (member_stats_lists, referral_stats_lists), or null when they were not read. */
const jsonObject = (v: unknown): Record<string, unknown> | null =>
  v === null || v === undefined
    ? null
    : ((typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>);

/**
 * user-stats.php's statement. `knownKey`: the stats key whose lists the caller holds for this member
 * (null: none); when it is the member's current key the lists come back null (not read).
 */
export async function memberStatsRowsForSession(
  db: Queryable,
  session: { idHash: string; ttlSeconds: number; renewAfterSeconds: number },
  knownKey: string | null = null,
): Promise<
  | (FoldedMemberRow & {
      completions: Record<string, unknown>[] | null;
      breakdown: Record<string, unknown>[] | null;
      vouchers: Record<string, unknown>[] | null;
      /** The member's open debts (wins owed a code: migration 0025). */
      owed: Record<string, unknown>[] | null;
    })
  | undefined
> {
  const [row] = await run<FoldedMemberRow & { lists: unknown }>(db, memberStatsForSession, [
    session.idHash,
    session.ttlSeconds,
    session.renewAfterSeconds,
    knownKey,
  ]);
  const lists = jsonObject(row?.lists);
  return (
    row && {
      ...toMember(row),
      completions: jsonRows(lists?.completions),
      breakdown: jsonRows(lists?.breakdown),
      vouchers: jsonRows(lists?.vouchers),
      owed: jsonRows(lists?.owed),
    }
  );
}

/** referral-stats.php's statement; `knownKey` as for memberStatsRowsForSession. */
export async function referralStatsRowsForSession(
  db: Queryable,
  session: { idHash: string; ttlSeconds: number; renewAfterSeconds: number },
  knownKey: string | null = null,
): Promise<
  | (FoldedMemberRow & {
      monthly: Record<string, unknown>[] | null;
      details: Record<string, unknown>[] | null;
      pending: number | null;
      /** The month's end: the monthly chart's bound. */
      lists_until: Date | string;
    })
  | undefined
> {
  const [row] = await run<FoldedMemberRow & { lists: unknown; lists_until: Date | string }>(
    db,
    referralStatsForSession,
    [session.idHash, session.ttlSeconds, session.renewAfterSeconds, knownKey],
  );
  const lists = jsonObject(row?.lists);
  return (
    row && {
      ...toMember(row),
      monthly: jsonRows(lists?.monthly),
      details: jsonRows(lists?.details),
      pending: lists ? Number(lists.pending) : null,
    }
  );
}
