// Server-side sessions (docs/product-rules.md#sessions): the cookie carries a 128-bit random id, the database
// keeps only its keyed hash, so several server processes share sessions and a database leak
// yields no usable cookie.
// Lifetimes (docs/operations.md "Admin sign-in and sessions"): an admin session ends after
// ADMIN_IDLE_MS without activity or 12 hours after sign-in, whichever comes first; a member session
// ends after 30 days without use (each use moves the end forward, at most once a day); expired rows
// are purged by `startSessionPurge`.
import { createHmac } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import * as repo from './sessions-repository';
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
  owner: repo.NewSession['owner'],
  ttlMs: number,
): Promise<{ sid: string; publicId: string; expiresAt: Date }> {
  const sid = randomId(16);
  const publicId = randomId(9);
  const expiresAt = new Date(Date.now() + ttlMs);
  await repo.insertSession(db, { idHash: hashSessionId(secret, sid), publicId, owner, expiresAt });
  return { sid, publicId, expiresAt };
}

export type MemberSession = repo.MemberSessionRow;

/** Every member call starts here: one named statement, planned once per connection. */
export async function findMemberSession(
  db: Queryable,
  secret: string,
  sid: string,
): Promise<MemberSession | null> {
  return repo.findMemberSession(db, hashSessionId(secret, sid));
}

/**
 * The rolling member session: when the session was last extended more than a day ago, its end moves
 * to `ttlMs` from now. Returns the new end, or null when nothing was due (or the session is gone).
 */
export async function renewMemberSessionIfDue(
  db: Queryable,
  secret: string,
  sid: string,
  session: Pick<MemberSession, 'expiresAt'>,
  ttlMs: number,
): Promise<Date | null> {
  if (session.expiresAt.getTime() - Date.now() > ttlMs - MEMBER_RENEW_AFTER_MS) return null;
  return repo.extendMemberSession(db, hashSessionId(secret, sid), ttlMs / 1000);
}

/**
 * A member call whose statement checks the session itself (one round trip:
 * docs/decisions/one-round-trip-per-member-call.md) passes this: the cookie's keyed hash and the rolling
 * session's lifetime
 * and renewal step, in seconds.
 */
export interface MemberSessionKey {
  idHash: string;
  ttlSeconds: number;
  renewAfterSeconds: number;
}

export function memberSessionKey(secret: string, sid: string, ttlMs: number): MemberSessionKey {
  return {
    idHash: hashSessionId(secret, sid),
    ttlSeconds: ttlMs / 1000,
    renewAfterSeconds: MEMBER_RENEW_AFTER_MS / 1000,
  };
}

/** What a folded session check found: no live session, a blocked member, or the member. */
export type FoldedSession =
  { status: 'none' } | { status: 'blocked' } | { status: 'ok'; userId: number; renewedUntil: Date | null };

export function foldedSession(row: repo.FoldedSessionRow | undefined): FoldedSession {
  if (!row || row.session_user_id === null) return { status: 'none' };
  if (row.session_blocked) return { status: 'blocked' };
  return {
    status: 'ok',
    userId: row.session_user_id,
    renewedUntil: row.session_renewed === null ? null : new Date(row.session_renewed),
  };
}

/**
 * Until when a process may take this folded check's session as checked without asking the database
 * (the member answers cache, server/members/answers.ts): its renewal time, which comes before
 * its end (the database renews it then, and the cookie follows). Null: no session to keep.
 */
export function sessionCacheUntil(
  row: repo.FoldedSessionRow | undefined,
  key: MemberSessionKey,
): number | null {
  if (!row || row.session_user_id === null || row.session_blocked) return null;
  const end = row.session_renewed ?? row.session_expires;
  if (end === null || end === undefined) return null;
  return new Date(end).getTime() - (key.ttlSeconds - key.renewAfterSeconds) * 1000;
}

/** renewMemberSessionIfDue for a call that checked the session in its own statement (a refused spin). */
export async function renewMemberSessionKeyIfDue(db: Queryable, key: MemberSessionKey): Promise<Date | null> {
  return repo.renewMemberSessionIfDue(db, key.idHash, key.ttlSeconds, key.renewAfterSeconds);
}

export type AdminSession = repo.AdminSessionRow;

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
  return repo.touchAdminSession(
    db,
    hashSessionId(secret, sid),
    ADMIN_IDLE_MS / 1000,
    opts.activity !== false,
  );
}

export async function deleteSession(db: Queryable, secret: string, sid: string): Promise<void> {
  await repo.deleteSession(db, hashSessionId(secret, sid));
}

/** Blocking a member ends every session of theirs at once. */
export async function deleteUserSessions(db: Queryable, userId: number): Promise<void> {
  await repo.deleteMemberSessions(db, userId);
}

/** Deletes expired sessions: past their end, or admin sessions idle too long. Returns how many. */
export async function purgeExpiredSessions(db: Queryable): Promise<number> {
  return repo.deleteExpiredSessions(db, ADMIN_IDLE_MS / 1000);
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
