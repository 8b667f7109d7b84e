// Administrator sign-in (DESIGN.md section 4): scrypt passwords, a new server-side session on every
// sign-in, and failed attempts kept in the database so that every server process enforces the same
// limits (docs/decisions.md, "Admin sign-in limits"):
//   * per username and address: 5 free failures in 24 hours, then a growing wait after each (15 s,
//     30 s, 1 min, … up to 1 hour) — this is what slows a guesser;
//   * per username, all addresses: 10 failures in 15 minutes lock the username for every address
//     except the ones it signed in from with the right password in the last 90 days (known addresses);
//   * per address, all usernames: 30 failures in 15 minutes stop the address, except for a username
//     it is a known address of.
// The attempt is recorded before its password is checked, under a per-username and a per-address
// lock, so that a burst of concurrent attempts cannot check more passwords than the limits allow.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { query } from '../../db/client';
import { adminKnownAddresses, adminLoginAttempts, admins, sessions } from '../../db/schema';
import { HttpError, badRequest, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_USERNAME = 10;
export const MAX_FAILURES_PER_IP = 30;
/** Failures of one username from one address counted over this window for the growing wait. */
export const PAIR_WINDOW_MS = 24 * 3_600_000;
export const PAIR_FREE_FAILURES = 5;
export const PAIR_FIRST_DELAY_SECONDS = 15;
export const PAIR_MAX_DELAY_SECONDS = 3_600;
export const KNOWN_ADDRESS_DAYS = 90;
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
export const LOGIN_REQUIRED_MESSAGE = 'Username and password are required';

// Advisory lock namespaces (the two-key form): one lock per username, one per address.
const USERNAME_LOCK = 727_274_002;
const ADDRESS_LOCK = 727_274_003;

// Verified against when the username is unknown, so that a wrong username costs as long as a wrong password.
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-never-valid'));

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export class TooManyAttemptsError extends HttpError {
  public readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, `Too many failed sign-in attempts. Please wait ${waitText(seconds)} and try again.`);
    this.retryAfterSeconds = seconds;
  }
}

/** Usernames are compared case-insensitively for the limit, so 'Admin' and 'admin' share one count. */
const limitKey = (username: string) => username.trim().toLowerCase().slice(0, 200);

/** The wait after the n-th failure of one username from one address (0 while n is within the free ones). */
export function pairDelaySeconds(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(PAIR_MAX_DELAY_SECONDS, PAIR_FIRST_DELAY_SECONDS * 2 ** (failures - PAIR_FREE_FAILURES));
}

interface LimitRow extends Record<string, unknown> {
  pairFailures: number;
  pairAgeSeconds: number | null;
  userFailures: number;
  userRetrySeconds: number | null;
  ipFailures: number;
  ipRetrySeconds: number | null;
  known: boolean;
}

/**
 * One atomic step: under the username's and the address's locks, count the failures that apply,
 * refuse (429) when a limit is reached, else record this attempt as a failure. A right password
 * removes the record afterwards (`recordSuccess`); a crash in between leaves it counted, which errs on
 * the safe side.
 */
async function admitAttempt(db: Db, key: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Always the username lock first, then the address lock: every transaction takes them in the
    // same order, so two attempts can never wait on each other.
    await tx.execute(sql`select pg_advisory_xact_lock(${USERNAME_LOCK}::int, hashtext(${key}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}::int, hashtext(${ip}))`);
    const pairWindow = PAIR_WINDOW_MS / 1000;
    const window = LOGIN_WINDOW_MS / 1000;
    const [row] = await query<LimitRow>(
      tx,
      sql`select
            count(*) filter (where username = ${key} and ip = ${ip})::int as "pairFailures",
            extract(epoch from now() - max(attempted_at) filter (where username = ${key} and ip = ${ip}))::float8
              as "pairAgeSeconds",
            count(*) filter (where username = ${key} and attempted_at > now() - make_interval(secs => ${window}))::int
              as "userFailures",
            extract(epoch from min(attempted_at) filter (where username = ${key}
                      and attempted_at > now() - make_interval(secs => ${window}))
                    + make_interval(secs => ${window}) - now())::float8 as "userRetrySeconds",
            count(*) filter (where ip = ${ip} and attempted_at > now() - make_interval(secs => ${window}))::int
              as "ipFailures",
            extract(epoch from min(attempted_at) filter (where ip = ${ip}
                      and attempted_at > now() - make_interval(secs => ${window}))
                    + make_interval(secs => ${window}) - now())::float8 as "ipRetrySeconds",
            exists (select 1 from admin_known_addresses k
                     where k.username = ${key} and k.ip = ${ip}
                       and k.last_success_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})) as known
          from admin_login_attempts
          where (username = ${key} or ip = ${ip}) and attempted_at > now() - make_interval(secs => ${pairWindow})`,
    );
    const pairFailures = Number(row?.pairFailures ?? 0);
    const wait = pairDelaySeconds(pairFailures) - Number(row?.pairAgeSeconds ?? Infinity);
    if (wait > 0) throw new TooManyAttemptsError(wait);
    if (!row?.known) {
      if (Number(row?.userFailures ?? 0) >= MAX_FAILURES_PER_USERNAME)
        throw new TooManyAttemptsError(Number(row?.userRetrySeconds ?? 1));
      if (Number(row?.ipFailures ?? 0) >= MAX_FAILURES_PER_IP)
        throw new TooManyAttemptsError(Number(row?.ipRetrySeconds ?? 1));
    }
    await tx.insert(adminLoginAttempts).values({ username: key, ip });
  });
}

/** The right password: this address's failures for the username are forgiven and it becomes known. */
async function recordSuccess(db: Db, key: string, ip: string, adminId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(adminLoginAttempts)
      .where(and(eq(adminLoginAttempts.username, key), eq(adminLoginAttempts.ip, ip)));
    await tx
      .insert(adminKnownAddresses)
      .values({ username: key, ip })
      .onConflictDoUpdate({
        target: [adminKnownAddresses.username, adminKnownAddresses.ip],
        set: { lastSuccessAt: sql`now()` },
      });
    await tx
      .update(admins)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(admins.id, adminId));
  });
}

/** Housekeeping: attempts that no longer count and known addresses not used for 90 days. */
export async function purgeOldSignInRecords(db: Queryable): Promise<number> {
  const attempts = await db
    .delete(adminLoginAttempts)
    .where(lt(adminLoginAttempts.attemptedAt, sql`now() - make_interval(secs => ${PAIR_WINDOW_MS / 1000})`))
    .returning({ id: adminLoginAttempts.id });
  const known = await db
    .delete(adminKnownAddresses)
    .where(lt(adminKnownAddresses.lastSuccessAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`))
    .returning({ ip: adminKnownAddresses.ip });
  return attempts.length + known.length;
}

export interface AdminIdentity {
  id: number;
  username: string;
  email: string | null;
}

/** Admits the attempt (or refuses it, 429) and records it, then checks the password. */
export async function authenticateAdmin(
  db: Db,
  input: { username?: string | null; password?: string | null; ip: string },
): Promise<AdminIdentity> {
  const username = (input.username ?? '').trim();
  const password = input.password ?? '';
  if (!username || !password) throw badRequest(LOGIN_REQUIRED_MESSAGE);
  const key = limitKey(username);
  await admitAttempt(db, key, input.ip);

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
  // A failure stays recorded as admitted.
  if (!admin || !ok || !admin.isActive) throw unauthorized(INVALID_LOGIN_MESSAGE);
  await recordSuccess(db, key, input.ip, admin.id);
  return { id: admin.id, username: admin.username, email: admin.email };
}

/**
 * Creates an administrator, or sets a new password for an existing one (npm run admin:create), which
 * ends that administrator's sessions.
 */
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
    // A new password ends every session of the administrator (whoever held the old one is out),
    // forgets the addresses the old password opened from and lifts the username's failure count.
    const key = limitKey(input.username);
    await db.transaction(async (tx) => {
      await tx
        .update(admins)
        .set({ passwordHash, isActive: true, ...(input.email ? { email: input.email } : {}) })
        .where(eq(admins.id, existing.id));
      await tx.delete(sessions).where(eq(sessions.adminId, existing.id));
      await tx.delete(adminKnownAddresses).where(eq(adminKnownAddresses.username, key));
      await tx.delete(adminLoginAttempts).where(eq(adminLoginAttempts.username, key));
    });
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(admins)
    .values({ username: input.username, email: input.email ?? null, passwordHash })
    .returning({ id: admins.id });
  return { id: row!.id, created: true };
}
