// Administrator sign-in (docs/product-rules.md#sessions): scrypt passwords, a new server-side
// session on every sign-in, and failed attempts kept in the database so that every server process
// enforces the same limits (docs/decisions/admin-sign-in-limits.md):
//   * per username and address: 5 free failures in 24 hours, then a growing wait after each (15 s,
//     30 s, 1 min, … up to 1 hour) — this is what slows a guesser;
//   * per username, all addresses: 10 failures in 15 minutes lock the username for every address
//     except the ones it signed in from with the right password in the last 90 days (known addresses);
//   * per address, all usernames: 30 failures in 15 minutes stop the address, except for a username
//     it is a known address of.
// The attempt is recorded before its password is checked, under a per-username and a per-address
// lock, so that a burst of concurrent attempts cannot check more passwords than the limits allow.
import type { Db, Queryable } from '../../db/client';
import * as admins from './repository';
import { deleteAdminSessions } from '../../members/sessions-repository';
import { HttpError, badRequest, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { insertAuditEntry } from '../audit/write-repository';
import type { AuditAction } from '../../../shared/constants';

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

/**
 * One atomic step: under the username's and the address's locks, count the failures that apply,
 * refuse (429) when a limit is reached, else record this attempt as a failure. A right password
 * removes the record afterwards (`recordSuccess`); a crash in between leaves it counted, which errs on
 * the safe side.
 */
async function admitAttempt(db: Db, key: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await admins.lockSignInKeys(tx, { username: USERNAME_LOCK, address: ADDRESS_LOCK }, key, ip);
    const row = await admins.readSignInLimits(tx, key, ip, {
      pairSeconds: PAIR_WINDOW_MS / 1000,
      windowSeconds: LOGIN_WINDOW_MS / 1000,
      knownDays: KNOWN_ADDRESS_DAYS,
    });
    const pairFailures = Number(row?.pairFailures ?? 0);
    const wait = pairDelaySeconds(pairFailures) - Number(row?.pairAgeSeconds ?? Infinity);
    if (wait > 0) throw new TooManyAttemptsError(wait);
    if (!row?.known) {
      if (Number(row?.userFailures ?? 0) >= MAX_FAILURES_PER_USERNAME)
        throw new TooManyAttemptsError(Number(row?.userRetrySeconds ?? 1));
      if (Number(row?.ipFailures ?? 0) >= MAX_FAILURES_PER_IP)
        throw new TooManyAttemptsError(Number(row?.ipRetrySeconds ?? 1));
    }
    await admins.insertSignInAttempt(tx, key, ip);
  });
}

/** The right password: this address's failures for the username are forgiven and it becomes known. */
async function recordSuccess(db: Db, key: string, ip: string, adminId: number): Promise<void> {
  await db.transaction((tx) => admins.recordSignInSuccess(tx, key, ip, adminId));
}

/** Housekeeping: attempts that no longer count and known addresses not used for 90 days. */
export async function purgeOldSignInRecords(db: Queryable): Promise<number> {
  return admins.deleteOldSignInRecords(db, PAIR_WINDOW_MS / 1000, KNOWN_ADDRESS_DAYS);
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

  const admin = await admins.findAdminByUsername(db, username);
  const ok = admin
    ? await verifyPassword(password, admin.passwordHash)
    : (await verifyPassword(password, await decoy()), false);
  // A failure stays recorded as admitted, and goes into the audit log (never the password).
  if (!admin || !ok || !admin.isActive) {
    const result = !admin ? 'unknown_username' : !ok ? 'wrong_password' : 'inactive';
    await auditSignIn(db, 'admin.sign_in_failed', {
      adminId: admin?.id ?? null,
      username: admin?.username ?? username.slice(0, 200),
      ip: input.ip,
      result,
    });
    throw unauthorized(INVALID_LOGIN_MESSAGE);
  }
  await recordSuccess(db, key, input.ip, admin.id);
  await auditSignIn(db, 'admin.sign_in', { adminId: admin.id, username: admin.username, ip: input.ip });
  return { id: admin.id, username: admin.username, email: admin.email };
}

/**
 * Sign-in, a refused sign-in and sign-out in the audit log, the administrator as target (a refused
 * sign-in of an unknown username has no administrator: target id '' and admin_id null). `result` says
 * why a sign-in was refused; nothing typed as a password is ever written.
 */
export async function auditSignIn(
  db: Queryable,
  action: Extract<AuditAction, `admin.${string}`>,
  entry: { adminId: number | null; username: string; ip: string | null; result?: string },
): Promise<void> {
  await insertAuditEntry(db, {
    adminId: entry.adminId,
    adminUsername: entry.username,
    action,
    targetType: 'admin',
    targetId: entry.adminId === null ? '' : String(entry.adminId),
    before: null,
    after: entry.result ? { result: entry.result } : null,
    ip: entry.ip,
  });
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
  const existing = await admins.findAdminByUsername(db, input.username);
  if (existing) {
    // A new password ends every session of the administrator (whoever held the old one is out),
    // forgets the addresses the old password opened from and lifts the username's failure count.
    const key = limitKey(input.username);
    await db.transaction(async (tx) => {
      await admins.resetAdminPassword(tx, existing.id, passwordHash, input.email || null);
      await deleteAdminSessions(tx, existing.id);
      await admins.forgetSignInRecords(tx, key);
    });
    return { id: existing.id, created: false };
  }
  const id = await admins.insertAdmin(db, {
    username: input.username,
    email: input.email ?? null,
    passwordHash,
  });
  return { id, created: true };
}
