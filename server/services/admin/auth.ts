// Administrator sign-in (DESIGN.md section 4): scrypt passwords, a new server-side session on every
// sign-in, and failed attempts counted in the database per username and per IP so that every server
// process enforces the same limit.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminLoginAttempts, admins } from '../../db/schema';
import { HttpError, badRequest, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_USERNAME = 10;
export const MAX_FAILURES_PER_IP = 30;
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
export const LOGIN_REQUIRED_MESSAGE = 'Username and password are required';

// Verified against when the username is unknown, so that a wrong username costs as long as a wrong password.
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-never-valid'));

export class TooManyAttemptsError extends HttpError {
  constructor(public readonly retryAfterSeconds: number) {
    super(
      429,
      `Too many failed sign-in attempts. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes and try again.`,
    );
  }
}

/** Usernames are compared case-insensitively for the limit, so 'Admin' and 'admin' share one count. */
const limitKey = (username: string) => username.trim().toLowerCase().slice(0, 200);

async function assertNotLimited(db: Db, username: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const [row] = await db
    .select({
      byUser: sql<number>`count(*) filter (where ${adminLoginAttempts.username} = ${limitKey(username)})::int`,
      byIp: sql<number>`count(*) filter (where ${adminLoginAttempts.ip} = ${ip})::int`,
      oldestUser: sql<
        string | null
      >`min(${adminLoginAttempts.attemptedAt}) filter (where ${adminLoginAttempts.username} = ${limitKey(username)})`,
      oldestIp: sql<
        string | null
      >`min(${adminLoginAttempts.attemptedAt}) filter (where ${adminLoginAttempts.ip} = ${ip})`,
    })
    .from(adminLoginAttempts)
    .where(
      and(
        gt(adminLoginAttempts.attemptedAt, since),
        sql`(${adminLoginAttempts.username} = ${limitKey(username)} or ${adminLoginAttempts.ip} = ${ip})`,
      ),
    );
  const byUser = Number(row?.byUser ?? 0);
  const byIp = Number(row?.byIp ?? 0);
  if (byUser < MAX_FAILURES_PER_USERNAME && byIp < MAX_FAILURES_PER_IP) return;
  const oldest = byUser >= MAX_FAILURES_PER_USERNAME ? row?.oldestUser : row?.oldestIp;
  const oldestMs = oldest ? new Date(oldest).getTime() : Date.now();
  throw new TooManyAttemptsError(Math.max(1, Math.ceil((oldestMs + LOGIN_WINDOW_MS - Date.now()) / 1000)));
}

async function recordFailure(db: Db, username: string, ip: string): Promise<void> {
  await db.insert(adminLoginAttempts).values({ username: limitKey(username), ip });
  // Housekeeping: attempts older than a day never count again.
  await db
    .delete(adminLoginAttempts)
    .where(lt(adminLoginAttempts.attemptedAt, new Date(Date.now() - 86_400_000)));
}

export interface AdminIdentity {
  id: number;
  username: string;
  email: string | null;
}

/** Checks the limit, then the password; a failure is counted, a success clears the username's count. */
export async function authenticateAdmin(
  db: Db,
  input: { username?: string | null; password?: string | null; ip: string },
): Promise<AdminIdentity> {
  const username = (input.username ?? '').trim();
  const password = input.password ?? '';
  if (!username || !password) throw badRequest(LOGIN_REQUIRED_MESSAGE);
  await assertNotLimited(db, username, input.ip);

  const [admin] = await db
    .select({
      id: admins.id,
      username: admins.username,
      email: admins.email,
      passwordHash: admins.passwordHash,
      isActive: admins.isActive,
    })
    .from(admins)
    .where(eq(admins.username, username))
    .limit(1);
  const ok = admin
    ? await verifyPassword(password, admin.passwordHash)
    : (await verifyPassword(password, await decoy()), false);
  if (!admin || !ok || !admin.isActive) {
    await recordFailure(db, username, input.ip);
    throw unauthorized(INVALID_LOGIN_MESSAGE);
  }
  await db.delete(adminLoginAttempts).where(eq(adminLoginAttempts.username, limitKey(username)));
  await db
    .update(admins)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(admins.id, admin.id));
  return { id: admin.id, username: admin.username, email: admin.email };
}

/** Creates an administrator, or sets a new password for an existing one (npm run admin:create). */
export async function upsertAdmin(
  db: Db,
  input: { username: string; password: string; email?: string | null },
): Promise<{ id: number; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.username, input.username))
    .limit(1);
  if (existing) {
    await db
      .update(admins)
      .set({ passwordHash, isActive: true, ...(input.email ? { email: input.email } : {}) })
      .where(eq(admins.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(admins)
    .values({ username: input.username, email: input.email ?? null, passwordHash })
    .returning({ id: admins.id });
  return { id: row!.id, created: true };
}
