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

interface PgPoolLike {
  totalCount: number;
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PgliteLike {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

function isPgPool(client: unknown): client is PgPoolLike {
  return typeof client === 'object' && client !== null && 'totalCount' in client;
}

/** Runs `st` with `values` on the database's own client (outside any transaction) and returns its rows. */
export async function run<T>(db: Db, st: Statement, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  const result = isPgPool(client)
    ? await client.query({ name: st.name, text: st.text, values })
    : await (client as PgliteLike).query(st.text, values);
  return result.rows as T[];
}
