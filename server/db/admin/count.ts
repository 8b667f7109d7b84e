// A list's total: exact while it is cheap, the planner's estimate beyond.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Queryable } from '../client';

/**
 * Above this many matching rows a filtered total is the planner's estimate instead of an exact
 * count (docs/benchmarks.md, "Admin API"): counting hundreds of thousands of rows for every page
 * would cost more than the page itself.
 */
export const EXACT_COUNT_LIMIT = 50_000;
/** For the million-row tables (completions, clicks). */
export const EXACT_COUNT_LIMIT_LARGE = 2_000;

/**
 * Total rows of `fromWhere` (a `from ... where ...` fragment): exact up to `limit` (default
 * EXACT_COUNT_LIMIT), else the planner's estimate (never below the limit), flagged `estimated`.
 * With `estimateFirst` (the million-row tables) the planner is asked first and a set it expects to
 * be well above the limit is not counted at all.
 */
export async function countRows(
  db: Queryable,
  fromWhere: SQL,
  opts: { limit?: number; estimateFirst?: boolean } = {},
): Promise<{ total: number; estimated: boolean }> {
  const cap = opts.limit ?? EXACT_COUNT_LIMIT;
  const estimate = async () => {
    const plan = await query<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 ${fromWhere}`);
    return planRows(plan[0]?.['QUERY PLAN']);
  };
  let planned: number | null = null;
  if (opts.estimateFirst) {
    planned = await estimate();
    if (planned > cap * 2) return { total: Math.round(planned), estimated: true };
  }
  const [row] = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 ${fromWhere} limit ${cap + 1}) capped`,
  );
  const n = Number(row?.n ?? 0);
  if (n <= cap) return { total: n, estimated: false };
  return { total: Math.max(cap + 1, Math.round(planned ?? (await estimate()))), estimated: true };
}

function planRows(raw: unknown): number {
  const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const first = Array.isArray(parsed) ? parsed[0] : parsed;
  return Number((first as { Plan?: { 'Plan Rows'?: number } })?.Plan?.['Plan Rows'] ?? 0);
}
