// Each suite's database is a copy of the run's migrated template (server/test/database-templates.ts):
// current, and its own: what one suite writes, no other suite sees.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, query } from '../db/client';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './database-templates';
import { createTestDatabase, DATABASE_KINDS, insertOffer, type TestDatabase } from './helpers';

describe.each(DATABASE_KINDS)('test databases on %s', (kind) => {
  let first: TestDatabase;
  let second: TestDatabase;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(kind, 2), createTestDatabase(kind, 2)]);
  });
  afterAll(async () => {
    await Promise.all([first?.drop(), second?.drop()]);
  });

  it('start from the run template, already migrated', async () => {
    expect(process.env[kind === 'pglite' ? PGLITE_TEMPLATE_ENV : POSTGRES_TEMPLATE_ENV]).toBeTruthy();
    expect(await migrate(first.database.db)).toEqual([]);
    const tables = await query<{ n: number }>(
      first.database.db,
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables[0]!.n).toBeGreaterThan(5);
  });

  it('are independent copies: a row written in one is not in the other', async () => {
    await insertOffer(first.database.db, { title: 'Only in the first' });
    const count = async (t: TestDatabase) =>
      (await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from offers`))[0]!.n;
    expect(await count(first)).toBe(1);
    expect(await count(second)).toBe(0);
  });
});
