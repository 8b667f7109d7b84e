// One Drizzle database over either embedded PGlite (default, ./data) or a PostgreSQL server
// (DATABASE_URL). Both speak the PostgreSQL dialect, so every query below runs on both.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, sql, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema';
import { pgliteRunner, poolRunner, type Statement, type StatementRunner } from './statements';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or a transaction: repository functions take either as their first argument. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as an uncompressed tar, for `loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string | null;
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
  /** How long a query may wait for a free pooled connection before failing (default 5 s). */
  connectionTimeoutMs?: number;
  /**
   * PGlite in memory only: start from this dump of a data directory (`dumpDataDir`) instead of an empty
   * cluster. The server suites start each database from one migrated once per run (server/test/helpers.ts).
   */
  loadDataDir?: Blob;
}

/** The named-statement runner of each opened database (its pool or PGlite client, typed where it is made). */
const statementRunners = new WeakMap<Queryable, StatementRunner>();

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // numeric comes back as string by default; Drizzle's numeric(mode: 'number') maps it for table queries,
    // and raw SQL rows are mapped in the repositories.
    const pool = new pg.default.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: opts.connectionTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
    });
    // A PostgreSQL restart drops idle connections with an error event; without a listener it would crash the process.
    pool.on('error', () => {});
    // The same for a client that is checked out (inside a transaction, say) when the server goes away:
    // pg emits 'error' on the client itself, and with no listener the process would exit. The pool
    // drops such a client when it is released, and the query that was running fails with a 500.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema }) as unknown as Db;
    statementRunners.set(db, poolRunner(pool));
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let client: InstanceType<typeof PGlite>;
  if (opts.dataDir === 'memory://' || !opts.dataDir) {
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : undefined);
  } else {
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(opts.dataDir);
  }
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  statementRunners.set(db, pgliteRunner(client));
  return { db, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}

const DB_DIR = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = path.join(DB_DIR, 'migrations');
/** Repeatable definitions (database functions): one file each, re-created at every start. */
export const FUNCTIONS_DIR = path.join(DB_DIR, 'functions');
const MIGRATION_LOCK = 727_274_001;

function sqlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** What the repeatable definitions are: each file's name and text, and a hash of them all. */
function functionDefinitions(): {
  files: { file: string; text: string; name: string | null; body: string | null }[];
  hash: string;
} {
  const hash = createHash('sha256');
  const files = sqlFiles(FUNCTIONS_DIR).map((file) => {
    const text = readFileSync(path.join(FUNCTIONS_DIR, file), 'utf8');
    hash.update(file).update('\0').update(text).update('\0');
    const name =
      /create\s+or\s+replace\s+function\s+([a-z_][a-z0-9_]*)\s*\(/i.exec(text)?.[1]?.toLowerCase() ?? null;
    const open = text.indexOf('$$');
    const close = text.lastIndexOf('$$');
    return { file, text, name, body: open >= 0 && close > open ? text.slice(open + 2, close) : null };
  });
  return { files, hash: `functions:${hash.digest('hex').slice(0, 32)}` };
}

/** One installed function of the definitions (or none: null name) and the names of the applied migrations. */
interface FunctionStateRow {
  name: string | null;
  body: string | null;
  done: string[] | null;
}

/**
 * Nothing to do: every migration applied, the definitions' files unchanged since they were last
 * created (their hash is recorded) and every function's body in the database still the file's (a hand
 * edit is put back). One read, no lock: a start on an existing database skips the transaction.
 */
async function upToDate(db: Db, defs: ReturnType<typeof functionDefinitions>): Promise<boolean> {
  const names = defs.files.map((f) => f.name);
  if (names.some((n) => n === null) || defs.files.some((f) => f.body === null)) return false;
  let rows: FunctionStateRow[];
  try {
    rows = await query<FunctionStateRow>(
      db,
      sql`select p.proname as name, p.prosrc as body,
                 (select array_agg(name) from schema_migrations) as done
          from (select 1) one
          left join pg_proc p on p.proname in ${names as string[]}
            and p.pronamespace = 'public'::regnamespace`,
    );
  } catch {
    return false; // no schema_migrations yet: a new database
  }
  const done = new Set(rows[0]?.done ?? []);
  if (!done.has(defs.hash)) return false;
  if (sqlFiles(MIGRATIONS_DIR).some((f) => !done.has(f))) return false;
  const installed = new Map<string, string[]>();
  for (const r of rows) if (r.name) installed.set(r.name, [...(installed.get(r.name) ?? []), r.body ?? '']);
  return defs.files.every((f) => installed.get(f.name!)?.includes(f.body!) ?? false);
}

/**
 * Applies the checked-in SQL migrations in order, each once, then re-creates every repeatable
 * definition of server/db/functions (`create or replace`), so the database runs the functions' current
 * text whatever migration first created them. Both under one transaction-scoped advisory lock, which
 * lets several server processes start against one PostgreSQL at the same time (two concurrent
 * `create or replace` of one function would otherwise fail with "tuple concurrently updated").
 * When there is nothing to do (upToDate: the usual restart) it returns after one read.
 */
export async function migrate(db: Db): Promise<string[]> {
  const defs = functionDefinitions();
  if (await upToDate(db, defs)) return [];
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(
      sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    const done = await query<{ name: string }>(tx, sql`select name from schema_migrations`);
    const doneNames = new Set(done.map((r) => r.name));
    for (const file of sqlFiles(MIGRATIONS_DIR)) {
      if (doneNames.has(file)) continue;
      const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
      applied.push(file);
    }
    // Fixed files of the repository, never request data: each holds one `create or replace`.
    for (const f of defs.files) await tx.execute(sql.raw(f.text));
    // The definitions' hash, for upToDate (the one row named 'functions:...').
    await tx.execute(sql`delete from schema_migrations where name like 'functions:%'`);
    await tx.execute(sql`insert into schema_migrations (name) values (${defs.hash})`);
  });
  return applied;
}

/**
 * What `query` and `run` take instead of their statement when a call does not name its row type, so
 * that such a call does not compile and its error says what to write: every query states the row type
 * it returns, and the mappers take that type rather than a record of unknowns. A default row type
 * would let the call compile: a record of unknowns reads as anything, and `never[]` passes as any
 * array a function returns. Nor is the row type inferred from the caller's expected result
 * (`NoInfer`): it is written at the call.
 */
type RowTypeRequired =
  'name the row type: query<Row>(db, sql`...`) or run<Row>(db, statement, values); execute(...) when no row is read';

/** `Arg` when the call names its row type `T`; RowTypeRequired when it does not (`T` left `never`). */
type Typed<T, Arg> = [T] extends [never] ? RowTypeRequired : Arg;

/** The rows of `statement`: the driver's result type is generic over PGlite and node-postgres; both carry `rows`. */
async function rowsOf<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs a parameterised SQL query (built with the `sql` template, never from strings) and returns its
 * rows, typed `T` (`query<UserRow>(db, statement)`). The type parameter is required (RowTypeRequired).
 */
export async function query<T extends object = never>(
  db: Queryable,
  statement: Typed<T, SQL>,
): Promise<NoInfer<T>[]> {
  return rowsOf<T>(db, statement as SQL);
}

/**
 * Runs a statement for its effect only (an update or delete without `returning`, a notification): no
 * row is read. A named statement (`run`'s) takes its values.
 */
export async function execute(db: Queryable, statement: SQL): Promise<void>;
export async function execute(db: Queryable, statement: Statement, values: unknown[]): Promise<void>;
export async function execute(
  db: Queryable,
  statement: SQL | Statement,
  values: unknown[] = [],
): Promise<void> {
  if (is(statement, SQL)) await db.execute(statement);
  else await run<object>(db, statement, values);
}

/**
 * The connection a transaction runs on, when it is a node-postgres client checked out of the pool:
 * Drizzle keeps it as the transaction session's `client` (drizzle-orm/node-postgres/session.js,
 * `NodePgSession.transaction`). PGlite's transactions have no named statements: undefined.
 */
function txConnection(tx: Queryable): PgConnectionLike | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client as
    Partial<PgConnectionLike> | undefined;
  return client && typeof client.release === 'function' && typeof client.query === 'function'
    ? (client as PgConnectionLike)
    : undefined;
}
interface PgConnectionLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  release(): void;
}

/**
 * Runs a hot-path statement (server/db/statements.ts): by name on the database's own connections, or
 * inside a transaction by name on the transaction's connection (PostgreSQL parses and plans it once per
 * pooled connection either way); on PGlite, as the same text with the same parameters. Its row type
 * is required as `query`'s is (RowTypeRequired).
 */
export async function run<T extends object = never>(
  db: Queryable,
  statement: Typed<T, Statement>,
  values: unknown[],
): Promise<NoInfer<T>[]> {
  const st = statement as Statement;
  const runner = statementRunners.get(db);
  if (runner) return runner<T>(st, values);
  const conn = txConnection(db);
  if (conn) return (await conn.query({ name: st.name, text: st.text, values })).rows as T[];
  return rowsOf<T>(db, st.inline(values));
}

/** Whether `db` is an opened database (its own connections) rather than a transaction. */
export function hasStatementRunner(db: Queryable): boolean {
  return statementRunners.has(db);
}

/** Readiness: the database answers a trivial query (the health route's check). */
export async function databaseReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
