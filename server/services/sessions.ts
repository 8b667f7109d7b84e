// Server-side sessions (DESIGN.md section 4): the cookie carries a 128-bit random id, the database
// keeps only its keyed hash, so several server processes share sessions and a database leak
// yields no usable cookie.
// Lifetimes (issue 11, docs/operations.md "Admin sign-in and sessions"): an admin session ends after
// ADMIN_IDLE_MS without activity or 12 hours after sign-in, whichever comes first; a member session
// ends after 30 days without use (each use moves the end forward, at most once a day); expired rows
// are purged by `startSessionPurge`.
import { createHmac } from 'node:crypto';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { query } from '../db/client';
import { run, statement } from '../db/statements';
import { sessions } from '../db/schema';
import { randomId } from '../lib/ids';

/** ASVS 3.3.2: an admin session ends after 30 minutes without activity. */
export const ADMIN_IDLE_MS = 30 * 60_000;
/** A member session's end is moved forward when it is at least this old (one write a day, not one per call). */
export const MEMBER_RENEW_AFTER_MS = 86_400_000;
/** How often a server process deletes expired sessions. */
export const SESSION_PURGE_INTERVAL_MS = 10 * 60_000;

export interface SessionKeys {
  secret: string;
}

export function hashSessionId(secret: string, sid: string): string {
  return createHmac('sha256', secret).update(sid).digest('hex');
}

export async function createSession(
  db: Queryable,
  secret: string,
  owner: { kind: 'member'; userId: number } | { kind: 'admin'; adminId: number },
  ttlMs: number,
): Promise<{ sid: string; publicId: string; expiresAt: Date }> {
  const sid = randomId(16);
  const publicId = randomId(9);
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({
    idHash: hashSessionId(secret, sid),
    publicId,
    kind: owner.kind,
    userId: owner.kind === 'member' ? owner.userId : null,
    adminId: owner.kind === 'admin' ? owner.adminId : null,
    expiresAt,
  });
  return { sid, publicId, expiresAt };
}

export interface MemberSession {
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

// Every member call starts here: a named statement, planned once per connection.
const memberSession = statement(
  'member_session',
  `select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
          u.referral_code as "referralCode", u.is_suspicious as "isSuspicious",
          u.free_spins_remaining as "freeSpinsRemaining", s.expires_at as "expiresAt"
     from sessions s join users u on u.id = s.user_id
    where s.id_hash = $1 and s.kind = 'member' and s.expires_at > now()
    limit 1`,
);

export async function findMemberSession(db: Db, secret: string, sid: string): Promise<MemberSession | null> {
  const [row] = await run<MemberSession>(db, memberSession, [hashSessionId(secret, sid)]);
  if (!row) return null;
  return { ...row, expiresAt: new Date(row.expiresAt) };
}

const renewMemberSession = statement(
  'renew_member_session',
  `update sessions set expires_at = now() + make_interval(secs => $2::float8), last_seen_at = now()
    where id_hash = $1 and kind = 'member' and expires_at > now()
    returning expires_at as "expiresAt"`,
);

/**
 * The rolling member session: when the session was last extended more than a day ago, its end moves
 * to `ttlMs` from now. Returns the new end, or null when nothing was due (or the session is gone).
 */
export async function renewMemberSessionIfDue(
  db: Db,
  secret: string,
  sid: string,
  session: Pick<MemberSession, 'expiresAt'>,
  ttlMs: number,
): Promise<Date | null> {
  if (session.expiresAt.getTime() - Date.now() > ttlMs - MEMBER_RENEW_AFTER_MS) return null;
  const [row] = await run<{ expiresAt: Date | string }>(db, renewMemberSession, [
    hashSessionId(secret, sid),
    ttlMs / 1000,
  ]);
  return row ? new Date(row.expiresAt) : null;
}

export interface AdminSession {
  adminId: number;
  username: string;
  email: string | null;
}

/**
 * The admin session of `sid` if it is live: not past its absolute end, used within ADMIN_IDLE_MS, and
 * its administrator active. One statement checks and records the activity, so two processes agree.
 * `activity: false` (a background refresh the console makes by itself) checks without extending.
 */
export async function findAdminSession(
  db: Queryable,
  secret: string,
  sid: string,
  opts: { activity?: boolean } = {},
): Promise<AdminSession | null> {
  const activity = opts.activity !== false;
  const rows = await query<AdminSession & Record<string, unknown>>(
    db,
    sql`update sessions s
           set last_seen_at = case when ${activity} then now() else s.last_seen_at end
          from admins a
         where s.id_hash = ${hashSessionId(secret, sid)} and s.kind = 'admin' and a.id = s.admin_id
           and a.is_active and s.expires_at > now()
           and s.last_seen_at > now() - make_interval(secs => ${ADMIN_IDLE_MS / 1000})
     returning a.id as "adminId", a.username, a.email`,
  );
  return rows[0] ?? null;
}

export async function deleteSession(db: Queryable, secret: string, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(secret, sid)));
}

/** Blocking a member ends every session of theirs at once. */
export async function deleteUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes expired sessions: past their end, or admin sessions idle too long. Returns how many. */
export async function purgeExpiredSessions(db: Queryable): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sql`now()`),
        sql`(${sessions.kind} = 'admin' and ${sessions.lastSeenAt} < now() - make_interval(secs => ${ADMIN_IDLE_MS / 1000}))`,
      ),
    )
    .returning({ id: sessions.publicId });
  return gone.length;
}

/**
 * Purges expired sessions (and whatever else `extra` clears) now and then every `intervalMs`, until
 * the returned stop is called. Failures are reported to `onError` and tried again next time; the timer
 * never keeps the process alive.
 */
export function startSessionPurge(
  db: Db,
  opts: {
    intervalMs?: number;
    extra?: (db: Db) => Promise<unknown>;
    onPurged?: (sessions: number) => void;
    onError?: (err: unknown) => void;
  } = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const n = await purgeExpiredSessions(db);
        await opts.extra?.(db);
        opts.onPurged?.(n);
      } catch (err) {
        opts.onError?.(err);
      } finally {
        running = null;
      }
    })();
  };
  tick();
  const timer = setInterval(tick, opts.intervalMs ?? SESSION_PURGE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
