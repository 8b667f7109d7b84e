// The fragments every admin list is built from (filters, search, whitelisted sorts, pages), run
// against a small table so each check is the rows a console list would show: which, in which order,
// on which page. Written for the mutants npm run test:mutation found alive in
// server/db/admin/list-sql.ts (docs/testing.md).
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, openDatabase, query, type Database } from '../client';
import {
  dateRangeCondition,
  equalsFilter,
  filtersOf,
  inIds,
  likePattern,
  mappedFilter,
  offsetOf,
  orderBy,
  searchPattern,
  sortFields,
  sortedPage,
  whereOf,
} from './list-sql';

let database: Database;
const DAY = 86_400_000;
const now = Date.now();
const startOfToday = new Date(new Date(now).toISOString().slice(0, 10)).getTime();

// id, name, score (null for one), kind, created: today, yesterday, 2 days ago, 10 days ago, 40 days ago.
const ROWS: [number, string, number | null, string, number][] = [
  [1, 'alpha', 30, 'a', now],
  [2, 'beta 50% off', 10, 'b', startOfToday - DAY / 2],
  [3, 'gamma_x', null, 'a', now - 2 * DAY],
  [4, 'delta\\y', 10, 'b', now - 10 * DAY],
  [5, 'beta', 20, 'a', now - 40 * DAY],
];

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await execute(
    database.db,
    sql`create table t (id int primary key, name text not null, score int, kind text not null, created timestamptz not null)`,
  );
  for (const [id, name, score, kind, created] of ROWS)
    await execute(
      database.db,
      sql`insert into t values (${id}, ${name}, ${score}, ${kind}, ${new Date(created).toISOString()})`,
    );
});
afterAll(() => database?.close());

/** The ids a list over t shows with `where` and `tail` (ORDER BY, LIMIT...). */
const ids = async (where: SQL, tail: SQL = sql`order by id`) =>
  (await query<{ id: number }>(database.db, sql`select id from t ${where} ${tail}`)).map((r) => r.id);

const SORTS: Record<string, SQL> = { name: sql`t.name`, score: sql`t.score` };

describe('filters', () => {
  it('an absent or "all" equality filter is no condition; a value is compared as a parameter', async () => {
    expect(equalsFilter(sql`kind`, undefined)).toBeUndefined();
    expect(equalsFilter(sql`kind`, '')).toBeUndefined();
    expect(equalsFilter(sql`kind`, 'all')).toBeUndefined();
    expect(await ids(whereOf([equalsFilter(sql`kind`, 'b')]))).toEqual([2, 4]);
    expect(await ids(whereOf([equalsFilter(sql`kind`, "a' or '1'='1")]))).toEqual([]);
  });

  it('a mapped filter stands for its constant condition; an unlisted or absent value for none', async () => {
    const conditions = { high: sql`score >= 20`, scored: sql`score is not null` };
    expect(await ids(whereOf([mappedFilter(conditions, 'high')]))).toEqual([1, 5]);
    expect(mappedFilter(conditions, 'all')).toBeUndefined();
    expect(mappedFilter(conditions, undefined)).toBeUndefined();
    expect(mappedFilter(conditions, '')).toBeUndefined();
  });

  it('conditions are all required; none at all is every row, and says the list is unfiltered', async () => {
    const both = filtersOf([
      equalsFilter(sql`kind`, 'a'),
      undefined,
      mappedFilter({ x: sql`score >= 20` }, 'x'),
    ]);
    expect(both.filtered).toBe(true);
    expect(await ids(both.where)).toEqual([1, 5]);
    const none = filtersOf([undefined, equalsFilter(sql`kind`, 'all')]);
    expect(none.filtered).toBe(false);
    expect(await ids(none.where)).toEqual([1, 2, 3, 4, 5]);
    expect(filtersOf([]).filtered).toBe(false);
  });

  it('an id list keeps those rows; an empty one keeps none', async () => {
    expect(await ids(whereOf([inIds(sql`id`, [2, 5, 9])]))).toEqual([2, 5]);
    expect(await ids(whereOf([inIds(sql`id`, [])]))).toEqual([]);
  });

  it('a date range: today, yesterday (up to today only), the last 7 or 30 days; "all" or unknown is none', async () => {
    const range = (r: string | undefined) => ids(whereOf([dateRangeCondition(sql`created`, r)]));
    expect(await range('today')).toEqual([1]);
    expect(await range('yesterday')).toEqual([2]);
    expect(await range('week')).toEqual([1, 2, 3]);
    expect(await range('month')).toEqual([1, 2, 3, 4]);
    expect(dateRangeCondition(sql`created`, 'all')).toBeUndefined();
    expect(dateRangeCondition(sql`created`, undefined)).toBeUndefined();
    expect(dateRangeCondition(sql`created`, '')).toBeUndefined();
  });
});

describe('search', () => {
  it('matches the trimmed term anywhere, whatever the case; blank is no search', async () => {
    expect(searchPattern(undefined)).toBeNull();
    expect(searchPattern('   ')).toBeNull();
    expect(searchPattern('  beta ')).toBe('%beta%');
    expect(await ids(sql`where name ilike ${searchPattern(' BETA ')}`)).toEqual([2, 5]);
  });

  it("takes %, _ and \\ literally, not as LIKE's wildcards", async () => {
    expect(likePattern('50%')).toBe('%50\\%%');
    expect(await ids(sql`where name ilike ${likePattern('50%')}`)).toEqual([2]);
    expect(await ids(sql`where name ilike ${likePattern('a_')}`)).toEqual([3]);
    expect(await ids(sql`where name ilike ${likePattern('a\\y')}`)).toEqual([4]);
    expect(await ids(sql`where name ilike ${likePattern('%')}`)).toEqual([2]);
  });
});

describe('sorting and pages', () => {
  it('sorts by a whitelisted column either way, ties broken by the tie-break in the same direction', async () => {
    expect(await ids(sql``, orderBy(SORTS, 'name', 'asc', sql`id`))).toEqual([1, 5, 2, 4, 3]);
    expect(await ids(sql``, orderBy(SORTS, 'name', 'desc', sql`id`))).toEqual([3, 4, 2, 5, 1]);
    // score: 10 twice (ids 2 and 4); PostgreSQL puts nulls first when descending, last when ascending.
    expect(await ids(sql`where score is not null`, orderBy(SORTS, 'score', 'asc', sql`id`))).toEqual([
      2, 4, 5, 1,
    ]);
    expect(await ids(sql``, orderBy(SORTS, 'score', 'desc', sql`id`))).toEqual([3, 1, 5, 4, 2]);
  });

  it('puts empty values last for the columns named so, either way', async () => {
    expect(await ids(sql``, orderBy(SORTS, 'score', 'desc', sql`id`, ['score']))).toEqual([1, 5, 4, 2, 3]);
    expect(await ids(sql``, orderBy(SORTS, 'score', 'asc', sql`id`, ['score']))).toEqual([2, 4, 5, 1, 3]);
    expect(await ids(sql``, orderBy(SORTS, 'score', 'desc', sql`id`, ['name']))).toEqual([3, 1, 5, 4, 2]);
  });

  it('refuses a sort that is not whitelisted (the route schema refuses it first)', () => {
    expect(() => orderBy(SORTS, 'id; drop table t', 'asc', sql`id`)).toThrow(
      'sort id; drop table t is not whitelisted',
    );
    expect(sortFields(SORTS)).toEqual(['name', 'score']);
  });

  it('pages the sorted rows: page n of size k starts after (n - 1) * k rows', async () => {
    expect(offsetOf({ page: 1, limit: 2 })).toBe(0);
    expect(offsetOf({ page: 3, limit: 2 })).toBe(4);
    const pageOf = async (page: number) => {
      const sorted = sortedPage(SORTS, { page, limit: 2, sortBy: 'name', sortOrder: 'desc' }, sql`id`);
      expect(sorted.order).toEqual(orderBy(SORTS, 'name', 'desc', sql`id`));
      return ids(sql``, sorted.page);
    };
    expect(await pageOf(1)).toEqual([3, 4]);
    expect(await pageOf(2)).toEqual([2, 5]);
    expect(await pageOf(3)).toEqual([1]);
    const nullsLast = sortedPage(SORTS, { page: 1, limit: 5, sortBy: 'score', sortOrder: 'desc' }, sql`id`, [
      'score',
    ]);
    expect(await ids(sql``, nullsLast.page)).toEqual([1, 5, 4, 2, 3]);
  });
});
