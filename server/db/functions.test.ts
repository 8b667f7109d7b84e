// The database functions are repeatable definitions: after a start (`migrate`), the database runs
// exactly the text of server/db/functions/*.sql, whatever migration first created them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/helpers';
import { FUNCTIONS_DIR, migrate, query } from './client';

interface Definition {
  file: string;
  name: string;
  /** Argument list and result, without whitespace (the catalogue formats them its own way). */
  signature: string;
  /** The body between the dollar quotes, as the catalogue keeps it (pg_proc.prosrc). */
  body: string;
}

const squeeze = (s: string) => s.replace(/\s+/g, '').toLowerCase();

function definitions(): Definition[] {
  return readdirSync(FUNCTIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .map((file) => {
      const text = readFileSync(path.join(FUNCTIONS_DIR, file), 'utf8');
      const m =
        /CREATE OR REPLACE FUNCTION (\w+)\(([\s\S]*?)\)\s*RETURNS ([\s\S]*?)\s*LANGUAGE \w+\s*AS \$\$([\s\S]*)\$\$;\s*$/.exec(
          text,
        );
      if (!m) throw new Error(`${file}: not one CREATE OR REPLACE FUNCTION ... AS $$ ... $$;`);
      return { file, name: m[1]!, signature: squeeze(`${m[2]}|${m[3]}`), body: m[4]! };
    });
}

async function installed(db: TestDatabase['database']['db'], name: string) {
  const [row] = await query<{ body: string; signature: string }>(
    db,
    sql`select prosrc as body,
               pg_get_function_arguments(oid) || '|' || pg_get_function_result(oid) as signature
          from pg_proc where proname = ${name}`,
  );
  return row ? { body: row.body, signature: squeeze(row.signature) } : null;
}

describe('repeatable definitions', () => {
  it('has one file per function, rewards_spin among them', () => {
    const names = definitions().map((d) => d.name);
    expect(names).toContain('rewards_spin');
    expect(new Set(names).size).toBe(names.length);
    for (const d of definitions()) expect(d.file).toBe(`${d.name}.sql`);
  });
});

describe.each(DATABASE_KINDS)('database functions on %s', (kind) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind, 2);
  });
  afterAll(async () => tdb?.drop());

  it('after a start, each function in the database is the text of its file', async () => {
    for (const d of definitions()) {
      expect(await installed(tdb.database.db, d.name), d.file).toEqual({
        body: d.body,
        signature: d.signature,
      });
    }
  });

  it('a restart with nothing to change re-creates nothing (a quick start), and says nothing was applied', async () => {
    const db = tdb.database.db;
    await migrate(db); // whatever an earlier test left, now current
    const versions = () =>
      query<{ name: string; version: string }>(
        db,
        sql`select proname as name, xmin::text as version from pg_proc
             where pronamespace = 'public'::regnamespace order by proname`,
      );
    const before = await versions();
    expect(before.map((r) => r.name)).toEqual(expect.arrayContaining(definitions().map((d) => d.name)));
    expect(await migrate(db)).toEqual([]);
    // create or replace would have written new catalogue rows (a new xmin) for every function.
    expect(await versions()).toEqual(before);
  });

  it('a stale definition in the database is replaced by the file at the next start', async () => {
    const db = tdb.database.db;
    const spin = definitions().find((d) => d.name === 'rewards_spin')!;
    // What an older build (or a hand edit) might have left: same signature, another body.
    await db.execute(
      sql.raw(
        `create or replace function rewards_spin(p_user_id integer, p_spin_type text, p_offer_id integer,
           p_drawn numeric, p_win_reward_type text, p_win_slot jsonb, p_miss_slot jsonb)
         returns table (r_spin_id integer, r_is_win boolean, r_stock_out boolean, r_reward_type text,
           r_slot_result jsonb, r_free_spins_remaining integer, r_voucher_code text,
           r_voucher_amount double precision, r_voucher_brand text, r_voucher_type text,
           r_voucher_expiry text, r_voucher_description text, r_owed boolean, r_stock_check boolean,
           r_stocked double precision[])
         language plpgsql as $$ begin raise exception 'stale'; end $$`,
      ),
    );
    expect((await installed(db, 'rewards_spin'))?.body).not.toBe(spin.body);

    expect(await migrate(db)).toEqual([]); // no migration left to apply...
    expect((await installed(db, 'rewards_spin'))?.body).toBe(spin.body); // ...and the file is back
  });
});
