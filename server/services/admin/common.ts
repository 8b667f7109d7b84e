// Helpers shared by the admin list calls: pagination, date ranges, whitelisted sorts, row mappers and
// the page total. Every query is a drizzle `sql` template: values are parameters, and the only SQL
// spliced in comes from the constant tables below, never from a request.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Queryable } from '../../db/client';
import type { Pagination } from '../../../shared/api-types';

export interface PageInput {
  page: number;
  limit: number;
}

export function offsetOf(p: PageInput): number {
  return (p.page - 1) * p.limit;
}

export function pagination(p: PageInput, total: number, estimated = false): Pagination {
  return {
    page: p.page,
    limit: p.limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / p.limit)),
    ...(estimated ? { estimated: true } : {}),
  };
}

/** A page whose total is the filtered count (countRows) when there is one, else the unfiltered total. */
export function paginationOf(
  p: PageInput,
  count: { total: number; estimated: boolean } | null,
  unfilteredTotal: number,
): Pagination {
  return pagination(p, count ? count.total : unfilteredTotal, count?.estimated ?? false);
}

/**
 * Start (inclusive) and end (exclusive) of a date-range filter (spec section 9), in UTC:
 * today, yesterday, week = the last 7 days, month = the last 30 days, quarter = the last 90 days.
 */
export function dateRangeBounds(range: string, now = new Date()): { from: Date; to: Date | null } | null {
  const startOfToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  switch (range) {
    case 'today':
      return { from: startOfToday, to: null };
    case 'yesterday':
      return { from: new Date(startOfToday.getTime() - 86_400_000), to: startOfToday };
    case 'week':
      return { from: daysAgo(7), to: null };
    case 'month':
      return { from: daysAgo(30), to: null };
    case 'quarter':
      return { from: daysAgo(90), to: null };
    default:
      return null;
  }
}

/** `column` within the date range, or undefined for 'all'. */
export function dateRangeCondition(column: SQL, range: string | undefined): SQL | undefined {
  const bounds = range ? dateRangeBounds(range) : null;
  if (!bounds) return undefined;
  return bounds.to
    ? sql`(${column} >= ${bounds.from.toISOString()} and ${column} < ${bounds.to.toISOString()})`
    : sql`${column} >= ${bounds.from.toISOString()}`;
}

/** `%term%` for ILIKE with the LIKE wildcards of the term escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The trimmed search as an ILIKE pattern (likePattern), or null when there is no search. */
export function searchPattern(search: string | undefined): string | null {
  const term = search?.trim();
  return term ? likePattern(term) : null;
}

export function whereOf(conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  if (present.length === 0) return sql``;
  return sql`where ${sql.join(present, sql` and `)}`;
}

/** Whether any filter applies: unfiltered, a list takes its total from a counter instead of counting. */
export function hasFilter(conditions: (SQL | undefined)[]): boolean {
  return conditions.some((c) => c !== undefined);
}

/** The WHERE of a list's filter conditions, and whether any applies (hasFilter). */
export function filtersOf(conditions: (SQL | undefined)[]): { where: SQL; filtered: boolean } {
  return { where: whereOf(conditions), filtered: hasFilter(conditions) };
}

/** `column = value` (a parameter), or no condition when the filter is absent or 'all'. */
export function equalsFilter(column: SQL, value: string | undefined): SQL | undefined {
  return value && value !== 'all' ? sql`${column} = ${value}` : undefined;
}

/**
 * The constant condition a filter value stands for in `conditions`, or none when the filter is
 * absent or has no entry ('all'). The route's schema admits only the listed values.
 */
export function mappedFilter(conditions: Record<string, SQL>, value: string | undefined): SQL | undefined {
  return value ? conditions[value] : undefined;
}

export type SortOrder = 'asc' | 'desc';

/**
 * ORDER BY for a whitelisted sort: `columns` maps each API sort name to a constant SQL expression;
 * `tieBreak` keeps pages stable when many rows share a value. PostgreSQL's default null placement
 * is kept (it is what the btree indexes hold, so a page is read from an index instead of sorting the
 * table) except for the columns named in `nullsLast` (small tables), where empty values go last.
 */
export function orderBy(
  columns: Record<string, SQL>,
  sortBy: string,
  order: SortOrder,
  tieBreak: SQL,
  nullsLast: readonly string[] = [],
): SQL {
  const column = columns[sortBy];
  if (!column) throw new Error(`sort ${sortBy} is not whitelisted`); // the route schema refuses it first
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = nullsLast.includes(sortBy) ? sql` nulls last` : sql``;
  return sql`order by ${column} ${dir}${nulls}, ${tieBreak} ${dir}`;
}

/** The API sort names of a whitelist (orderBy's `columns`), for the route's enum of sortBy. */
export function sortFields(columns: Record<string, SQL>): [string, ...string[]] {
  return Object.keys(columns) as [string, ...string[]];
}

export interface SortedPageInput extends PageInput {
  sortBy: string;
  sortOrder: SortOrder;
}

/**
 * The whitelisted ORDER BY of a list (orderBy) and `page`: the same ORDER BY with the page's LIMIT
 * and OFFSET, for the select that picks the page's rows (the outer select keeps their order).
 */
export function sortedPage(
  columns: Record<string, SQL>,
  input: SortedPageInput,
  tieBreak: SQL,
  nullsLast: readonly string[] = [],
): { order: SQL; page: SQL } {
  const order = orderBy(columns, input.sortBy, input.sortOrder, tieBreak, nullsLast);
  return { order, page: sql`${order} limit ${input.limit} offset ${offsetOf(input)}` };
}

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

// ---------- row mappers: raw SQL rows (PGlite and node-postgres differ on numeric and date types) ----------

export {
  num,
  numOrNull,
  str,
  strOrNull,
  bool,
  iso,
  isoOrNull,
  dateOnly,
  money,
  percent,
} from '../../db/row-mappers';
import { iso, num, str } from '../../db/row-mappers';

/** The member columns the users list and the dashboard's recent users both start with. */
export function memberOf(r: Record<string, unknown>) {
  return {
    user_id: num(r.id),
    first_name: str(r.first_name),
    last_name: str(r.last_name),
    email: str(r.email),
    registration_date: iso(r.registration_date),
    registration_method: str(r.registration_method),
  };
}

/** Above this many matching members (or offers) a search stays a subquery instead of an id list. */
export const SEARCH_ID_LIMIT = 500;

/**
 * Ids of the members whose email, full name or referral code contains the search (through the
 * trigram indexes), or null when more than SEARCH_ID_LIMIT match. An id list lets the big tables be
 * read through their member index instead of being scanned for a hashed subquery.
 */
export async function matchingUserIds(
  db: Queryable,
  pattern: string,
  fields: 'all' | 'email' = 'all',
): Promise<number[] | null> {
  const condition =
    fields === 'email'
      ? sql`email ilike ${pattern}`
      : sql`(email ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern} or referral_code ilike ${pattern})`;
  const rows = await query<{ id: number }>(
    db,
    sql`select id from users where ${condition} limit ${SEARCH_ID_LIMIT + 1}`,
  );
  return rows.length > SEARCH_ID_LIMIT ? null : rows.map((r) => Number(r.id));
}

/** Ids of the offers whose title contains the search (offers are few: always a list). */
export async function matchingOfferIds(db: Queryable, pattern: string): Promise<number[]> {
  const rows = await query<{ id: number }>(db, sql`select id from offers where title ilike ${pattern}`);
  return rows.map((r) => Number(r.id));
}

/** `column in (ids)`, or false for no ids. */
export function inIds(column: SQL, ids: number[]): SQL {
  return ids.length ? sql`${column} in ${ids}` : sql`false`;
}
