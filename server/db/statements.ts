// Hot-path statements (the member session check, the offers list, the spin): sent by name, so
// PostgreSQL parses and plans each once per pooled connection, and no query is rebuilt per request
// (docs/decisions/named-statements-on-hot-paths.md: measured in docs/benchmarks.md). On PGlite the same text
// runs with its parameters. Text is fixed at module load; values are always parameters, never spliced in.
import { sql, type SQL } from 'drizzle-orm';

export interface Statement {
  readonly name: string;
  readonly text: string;
  /** The same text as a Drizzle query with `values` as its parameters, to run inside a transaction. */
  readonly inline: (values: readonly unknown[]) => SQL;
}

export function statement(name: string, text: string): Statement {
  // "a $1 b $2" -> ['a ', '1', ' b ', '2', '']: text at even indexes, parameter numbers at odd ones.
  const parts = text.split(/\$(\d+)/);
  const inline = (values: readonly unknown[]) =>
    sql.join(parts.map((p, i) => (i % 2 === 0 ? sql.raw(p) : sql.param(values[Number(p) - 1]))));
  return { name, text, inline };
}

/** Runs a named statement on the database's own connections (outside any transaction). */
export type StatementRunner = <T>(st: Statement, values: unknown[]) => Promise<T[]>;

interface PgClientLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  release(destroy?: Error | boolean): void;
}
interface PgPoolLike {
  connect(): Promise<PgClientLike>;
}
interface PgliteLike {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Whether `error` says the connection itself is unusable (it never reached PostgreSQL, or PostgreSQL
 * ended it: SQLSTATE class 08, or 57P01-57P03 when the server shuts down) rather than that the
 * statement failed on a sound connection (a constraint, a refusal the spin function raises).
 */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || /^57P0[123]$/.test(code);
}

/** Named statements on a node-postgres pool. */
export function poolRunner(pool: PgPoolLike): StatementRunner {
  return async <T>(st: Statement, values: unknown[]) => {
    // Not `pool.query`: it destroys the connection after any error, so every refused spin (raised by
    // the spin function as an error) cost a new connection and its prepared statements; under 200
    // concurrent refusals the pool's queue outlasted its 5 s connection timeout (500s instead of 409s).
    const conn = await pool.connect();
    try {
      const result = await conn.query({ name: st.name, text: st.text, values });
      conn.release();
      return result.rows as T[];
    } catch (error) {
      conn.release(isConnectionError(error) ? (error as Error) : undefined);
      throw error;
    }
  };
}

/** PGlite has one connection and no named statements: the text runs with its parameters. */
export function pgliteRunner(client: PgliteLike): StatementRunner {
  return async <T>(st: Statement, values: unknown[]) => (await client.query(st.text, values)).rows as T[];
}
