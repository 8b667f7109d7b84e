// SQL fragments the admin lists are built from: filters, search patterns, whitelisted sorts and the
// page's LIMIT/OFFSET. Values are always parameters; the only SQL spliced in comes from constant tables
// in the list modules, never from a request.
import { sql, type SQL } from 'drizzle-orm';
import { dateRangeBounds } from '../../lib/date-range';

export interface PageInput {
  page: number;
  limit: number;
}

export function offsetOf(p: PageInput): number {
  return (p.page - 1) * p.limit;
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

/** `column in (ids)`, or false for no ids. */
export function inIds(column: SQL, ids: number[]): SQL {
  return ids.length ? sql`${column} in ${ids}` : sql`false`;
}
