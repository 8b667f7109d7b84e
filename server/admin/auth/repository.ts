// Administrators and their sign-in records: failed attempts (per username and address, for the
// limits) and the addresses each has signed in from with the right password.
import { sql } from 'drizzle-orm';
import { execute, query, type Queryable } from '../../db/client';

/** What the sign-in limits read for one attempt, in one statement. */
export interface SignInLimitRow {
  pairFailures: number;
  pairAgeSeconds: number | null;
  userFailures: number;
  userRetrySeconds: number | null;
  ipFailures: number;
  ipRetrySeconds: number | null;
  known: boolean;
}

/**
 * Takes the username's and then the address's transaction-scoped lock: every attempt takes them in
 * the same order, so two attempts can never wait on each other.
 */
export async function lockSignInKeys(
  db: Queryable,
  locks: { username: number; address: number },
  key: string,
  ip: string,
): Promise<void> {
  await execute(db, sql`select pg_advisory_xact_lock(${locks.username}::int, hashtext(${key}))`);
  await execute(db, sql`select pg_advisory_xact_lock(${locks.address}::int, hashtext(${ip}))`);
}

export async function readSignInLimits(
  db: Queryable,
  key: string,
  ip: string,
  windows: { pairSeconds: number; windowSeconds: number; knownDays: number },
): Promise<SignInLimitRow | undefined> {
  const pairWindow = windows.pairSeconds;
  const window = windows.windowSeconds;
  const [row] = await query<SignInLimitRow>(
    db,
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
                     and k.last_success_at > now() - make_interval(days => ${windows.knownDays})) as known
        from admin_login_attempts
        where (username = ${key} or ip = ${ip}) and attempted_at > now() - make_interval(secs => ${pairWindow})`,
  );
  return row;
}

export async function insertSignInAttempt(db: Queryable, key: string, ip: string): Promise<void> {
  await execute(db, sql`insert into admin_login_attempts (username, ip) values (${key}, ${ip})`);
}

/** The right password: the pair's failures are forgiven, the address becomes known, the login is dated. */
export async function recordSignInSuccess(
  db: Queryable,
  key: string,
  ip: string,
  adminId: number,
): Promise<void> {
  await execute(db, sql`delete from admin_login_attempts where username = ${key} and ip = ${ip}`);
  await execute(
    db,
    sql`insert into admin_known_addresses (username, ip) values (${key}, ${ip})
        on conflict (username, ip) do update set last_success_at = now()`,
  );
  await execute(db, sql`update admins set last_login_at = now() where id = ${adminId}`);
}

/** Deletes attempts older than `attemptSeconds` and known addresses unused for `knownDays`; returns how many. */
export async function deleteOldSignInRecords(
  db: Queryable,
  attemptSeconds: number,
  knownDays: number,
): Promise<number> {
  const [attempts] = await query<{ n: number }>(
    db,
    sql`with d as (delete from admin_login_attempts
                    where attempted_at < now() - make_interval(secs => ${attemptSeconds}) returning 1)
        select count(*)::int as n from d`,
  );
  const [known] = await query<{ n: number }>(
    db,
    sql`with d as (delete from admin_known_addresses
                    where last_success_at < now() - make_interval(days => ${knownDays}) returning 1)
        select count(*)::int as n from d`,
  );
  return Number(attempts?.n ?? 0) + Number(known?.n ?? 0);
}

export interface AdminAccount {
  id: number;
  username: string;
  email: string | null;
  passwordHash: string;
  isActive: boolean;
}

export async function findAdminByUsername(
  db: Queryable,
  username: string,
): Promise<AdminAccount | undefined> {
  const [row] = await query<AdminAccount>(
    db,
    sql`select id, username, email, password_hash as "passwordHash", is_active as "isActive"
          from admins where username = ${username} limit 1`,
  );
  return row;
}

/** A new password (and email, when given) for an administrator, who is active again. */
export async function resetAdminPassword(
  db: Queryable,
  id: number,
  passwordHash: string,
  email: string | null,
): Promise<void> {
  await execute(
    db,
    sql`update admins set password_hash = ${passwordHash}, is_active = true, email = coalesce(${email}, email)
         where id = ${id}`,
  );
}

export async function setAdminPassword(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await execute(db, sql`update admins set password_hash = ${passwordHash} where id = ${id}`);
}

/** Forgets every sign-in record of the username: its failures and its known addresses. */
export async function forgetSignInRecords(db: Queryable, key: string): Promise<void> {
  await execute(db, sql`delete from admin_known_addresses where username = ${key}`);
  await execute(db, sql`delete from admin_login_attempts where username = ${key}`);
}

export async function insertAdmin(
  db: Queryable,
  a: { username: string; email: string | null; passwordHash: string },
): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    sql`insert into admins (username, email, password_hash) values (${a.username}, ${a.email}, ${a.passwordHash})
        returning id`,
  );
  if (!row) throw new Error('insert into admins returned no row');
  return row.id;
}
