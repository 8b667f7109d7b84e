// Sessions (member and admin), by the keyed hash of their cookie value. The member check and its
// renewal are named statements: every member call starts with them.
import { sql } from 'drizzle-orm';
import { execute, query, run, type Queryable } from '../db/client';
import { statement } from '../db/statements';

export interface MemberSessionRow {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  referralCode: string;
  isSuspicious: boolean;
  /** Read with the session: offers.php needs it and asks nothing else of the member row. */
  freeSpinsRemaining: number;
  /** When the session ends unless it is used again. */
  expiresAt: Date;
}

const memberSession = statement(
  'member_session',
  `select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
          u.referral_code as "referralCode", u.is_suspicious as "isSuspicious",
          u.free_spins_remaining as "freeSpinsRemaining", s.expires_at as "expiresAt"
     from sessions s join users u on u.id = s.user_id
    where s.id_hash = $1 and s.kind = 'member' and s.expires_at > now()
    limit 1`,
);

/**
 * The member session check folded into a member call's own statement
 * (docs/decisions/one-round-trip-per-member-call.md): a CTE pair that reads the session of the cookie's
 * hash and renews it when due,
 * exactly as findMemberSession + renewMemberSessionIfDue do in two steps. `hash`, `ttl` and `renewAfter`
 * are the statement's parameter references for the hash, the session lifetime and MEMBER_RENEW_AFTER
 * (seconds). `member_session` has one row (user_id, is_suspicious, free_spins_remaining) or none;
 * `member_renewed` has the new end when the session was renewed (never for a blocked member).
 */
export function memberSessionCtes(hash: string, ttl: string, renewAfter: string): string {
  return `member_session as (
    select s.user_id, u.is_suspicious, u.free_spins_remaining, s.expires_at
      from sessions s join users u on u.id = s.user_id
     where s.id_hash = ${hash} and s.kind = 'member' and s.expires_at > now()
     limit 1),
  member_renewed as (
    update sessions set expires_at = now() + make_interval(secs => ${ttl}::float8), last_seen_at = now()
     where id_hash = ${hash} and kind = 'member' and expires_at > now()
       and expires_at <= now() + make_interval(secs => ${ttl}::float8 - ${renewAfter}::float8)
       and exists (select 1 from member_session where not is_suspicious)
    returning expires_at)`;
}

/** What the folded session check says: no live session, a blocked member, or the member (and a renewal). */
export interface FoldedSessionRow {
  /** null: no live session for the cookie. */
  session_user_id: number | null;
  session_blocked: boolean | null;
  /** The session's new end when it was renewed by this call. */
  session_renewed: Date | string | null;
  /** The session's end as the statement found it (the member answers cache's bound); not every statement reads it. */
  session_expires?: Date | string | null;
}

const renewIfDue = statement(
  'renew_member_session_if_due',
  `update sessions set expires_at = now() + make_interval(secs => $2::float8), last_seen_at = now()
    where id_hash = $1 and kind = 'member' and expires_at > now()
      and expires_at <= now() + make_interval(secs => $2::float8 - $3::float8)
    returning expires_at as "expiresAt"`,
);

/** Renews a live member session when it is due (ends within `ttl - renewAfter` seconds); its new end, or null. */
export async function renewMemberSessionIfDue(
  db: Queryable,
  idHash: string,
  ttlSeconds: number,
  renewAfterSeconds: number,
): Promise<Date | null> {
  const [row] = await run<{ expiresAt: Date | string }>(db, renewIfDue, [
    idHash,
    ttlSeconds,
    renewAfterSeconds,
  ]);
  return row ? new Date(row.expiresAt) : null;
}

export async function findMemberSession(db: Queryable, idHash: string): Promise<MemberSessionRow | null> {
  const [row] = await run<MemberSessionRow>(db, memberSession, [idHash]);
  return row ? { ...row, expiresAt: new Date(row.expiresAt) } : null;
}

const renewMemberSession = statement(
  'renew_member_session',
  `update sessions set expires_at = now() + make_interval(secs => $2::float8), last_seen_at = now()
    where id_hash = $1 and kind = 'member' and expires_at > now()
    returning expires_at as "expiresAt"`,
);

/** Moves a live member session's end to `ttlSeconds` from now; null when the session is gone. */
export async function extendMemberSession(
  db: Queryable,
  idHash: string,
  ttlSeconds: number,
): Promise<Date | null> {
  const [row] = await run<{ expiresAt: Date | string }>(db, renewMemberSession, [idHash, ttlSeconds]);
  return row ? new Date(row.expiresAt) : null;
}

export interface NewSession {
  idHash: string;
  publicId: string;
  owner: { kind: 'member'; userId: number } | { kind: 'admin'; adminId: number };
  expiresAt: Date;
}

export async function insertSession(db: Queryable, s: NewSession): Promise<void> {
  const userId = s.owner.kind === 'member' ? s.owner.userId : null;
  const adminId = s.owner.kind === 'admin' ? s.owner.adminId : null;
  await execute(
    db,
    sql`insert into sessions (id_hash, public_id, kind, user_id, admin_id, expires_at)
        values (${s.idHash}, ${s.publicId}, ${s.owner.kind}, ${userId}, ${adminId}, ${s.expiresAt.toISOString()})`,
  );
}

export interface AdminSessionRow {
  adminId: number;
  username: string;
  email: string | null;
}

/**
 * The admin session of `idHash` if it is live (before its end, used within `idleSeconds`, its
 * administrator active), recording the activity when `activity` is true: one statement, so two
 * processes agree.
 */
export async function touchAdminSession(
  db: Queryable,
  idHash: string,
  idleSeconds: number,
  activity: boolean,
): Promise<AdminSessionRow | null> {
  const rows = await query<AdminSessionRow>(
    db,
    sql`update sessions s
           set last_seen_at = case when ${activity} then now() else s.last_seen_at end
          from admins a
         where s.id_hash = ${idHash} and s.kind = 'admin' and a.id = s.admin_id
           and a.is_active and s.expires_at > now()
           and s.last_seen_at > now() - make_interval(secs => ${idleSeconds})
     returning a.id as "adminId", a.username, a.email`,
  );
  return rows[0] ?? null;
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await execute(db, sql`delete from sessions where id_hash = ${idHash}`);
}

export async function deleteMemberSessions(db: Queryable, userId: number): Promise<void> {
  await execute(db, sql`delete from sessions where user_id = ${userId}`);
}

export async function deleteAdminSessions(db: Queryable, adminId: number): Promise<void> {
  await execute(db, sql`delete from sessions where admin_id = ${adminId}`);
}

/** Deletes sessions past their end, and admin sessions idle longer than `adminIdleSeconds`; returns how many. */
export async function deleteExpiredSessions(db: Queryable, adminIdleSeconds: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    sql`with gone as (
          delete from sessions
           where expires_at < now()
              or (kind = 'admin' and last_seen_at < now() - make_interval(secs => ${adminIdleSeconds}))
          returning 1)
        select count(*)::int as n from gone`,
  );
  return Number(row?.n ?? 0);
}

const notifyCache = statement('notify_member_cache', `select pg_notify('member_cache', $1::text)`);

/** A payload on the member answers cache's channel (server/members/answers.ts: a sync marker). */
export async function notifyMemberCache(db: Queryable, payload: string): Promise<void> {
  await execute(db, notifyCache, [payload]);
}
