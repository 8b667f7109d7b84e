// server/db/schema.ts describes the database the migrations build: every table, every column, its type
// and whether it may be null. Row types derive from it (`$inferSelect`, db/columns.ts), so a column
// added by a migration and not to the schema, or declared with another type, would type rows that are
// not what the database returns. Checked against the migrated database, on each database kind.
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/helpers';
import { query } from './client';
import * as schema from './schema';

/** The migrations' own bookkeeping, not a product table. */
const BOOKKEEPING = new Set(['schema_migrations']);

/** `table.column: type[ not null]`, the catalogue's spelling of the type (format_type). */
type Described = string;

/** Drizzle's SQL type in the catalogue's spelling: serial is an integer with a default, and so on. */
function catalogueType(sqlType: string): string {
  const t = sqlType.replace(/,\s+/g, ',');
  if (t === 'serial') return 'integer';
  if (t === 'bigserial') return 'bigint';
  return t;
}

function declared(): Described[] {
  const out: Described[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const { name, columns } = getTableConfig(value);
    for (const c of columns)
      out.push(`${name}.${c.name}: ${catalogueType(c.getSQLType())}${c.notNull ? ' not null' : ''}`);
  }
  return out.sort();
}

describe.each(DATABASE_KINDS)('db/schema.ts against the migrated database (%s)', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.drop();
  });

  async function built(): Promise<Described[]> {
    const rows = await query<{ tbl: string; col: string; type: string; notNull: boolean }>(
      t.database.db,
      sql`select c.relname as tbl, a.attname as col, format_type(a.atttypid, a.atttypmod) as type,
                 a.attnotnull as "notNull"
            from pg_attribute a
            join pg_class c on c.oid = a.attrelid
            join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
    );
    return rows
      .filter((r) => !BOOKKEEPING.has(r.tbl))
      .map((r) => `${r.tbl}.${r.col}: ${r.type}${r.notNull ? ' not null' : ''}`)
      .sort();
  }

  it('declares every table and column the migrations create, with its type and nullability', async () => {
    const inDatabase = await built();
    const inSchema = declared();
    // Each side's extras, named: a missing column reads as the line to add to schema.ts.
    expect({
      missingFromSchema: inDatabase.filter((d) => !inSchema.includes(d)),
      notInDatabase: inSchema.filter((d) => !inDatabase.includes(d)),
    }).toEqual({ missingFromSchema: [], notInDatabase: [] });
  });

  it('covers the product: the tables members and operators use are there', () => {
    // A guard against the comparison passing on two empty lists.
    const tables = new Set(declared().map((d) => d.split('.')[0]));
    for (const name of [
      'users',
      'offers',
      'completions',
      'spins',
      'vouchers',
      'reward_holds',
      'push_subscriptions',
    ])
      expect(tables).toContain(name);
  });
});
