// Server-side sessions (DESIGN.md section 4): the cookie carries a 128-bit random id, the database
// keeps only its keyed hash, so several server processes share sessions and a database leak
// yields no usable cookie.
import { createHmac } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { run, statement } from '../db/statements';
import { sessions, admins } from '../db/schema';
import { randomId } from '../lib/ids';

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
}

// Every member call starts here: a named statement, planned once per connection.
const memberSession = statement(
  'member_session',
  `select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
          u.referral_code as "referralCode", u.is_suspicious as "isSuspicious",
          u.free_spins_remaining as "freeSpinsRemaining"
     from sessions s join users u on u.id = s.user_id
    where s.id_hash = $1 and s.kind = 'member' and s.expires_at > now()
    limit 1`,
);

export async function findMemberSession(db: Db, secret: string, sid: string): Promise<MemberSession | null> {
  const [row] = await run<MemberSession>(db, memberSession, [hashSessionId(secret, sid)]);
  return row ?? null;
}

export interface AdminSession {
  adminId: number;
  username: string;
  email: string | null;
}

export async function findAdminSession(
  db: Queryable,
  secret: string,
  sid: string,
): Promise<AdminSession | null> {
  const rows = await db
    .select({ adminId: admins.id, username: admins.username, email: admins.email })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(
        eq(sessions.idHash, hashSessionId(secret, sid)),
        eq(sessions.kind, 'admin'),
        eq(admins.isActive, true),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteSession(db: Queryable, secret: string, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(secret, sid)));
}

/** Blocking a member ends every session of theirs at once. */
export async function deleteUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
