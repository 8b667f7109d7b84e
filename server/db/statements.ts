// Hot-path statements (the member session check, the offers list, the spin): sent by name, so
// PostgreSQL parses and plans each once per pooled connection, and no query is rebuilt per request.
// On PGlite the same text runs with its parameters. Text is fixed at module load; values are
// always parameters, never spliced in.
import type { Db } from './client';

export interface Statement {
  readonly name: string;
  readonly text: string;
}

export function statement(name: string, text: string): Statement {
  return { name, text };
}

interface PgClientLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  release(destroy?: Error | boolean): void;
}
interface PgPoolLike {
  totalCount: number;
  connect(): Promise<PgClientLike>;
}
interface PgliteLike {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

function isPgPool(client: unknown): client is PgPoolLike {
  return typeof client === 'object' && client !== null && 'totalCount' in client;
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

/** Runs `st` with `values` on the database's own client (outside any transaction) and returns its rows. */
export async function run<T>(db: Db, st: Statement, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!isPgPool(client)) return (await (client as PgliteLike).query(st.text, values)).rows as T[];
  // Not `pool.query`: it destroys the connection after any error, so every refused spin (raised by
  // the spin function as an error) cost a new connection and its prepared statements; under 200
  // concurrent refusals the pool's queue outlasted its 5 s connection timeout (500s instead of 409s).
  const conn = await client.connect();
  try {
    const result = await conn.query({ name: st.name, text: st.text, values });
    conn.release();
    return result.rows as T[];
  } catch (error) {
    conn.release(isConnectionError(error) ? (error as Error) : undefined);
    throw error;
  }
}
