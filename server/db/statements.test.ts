import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/helpers';
import { execute, run } from './client';
import { isConnectionError, statement } from './statements';

const backendPid = statement('test_backend_pid', 'select pg_backend_pid() as pid');
const refuse = statement(
  'test_refuse',
  `do $$ begin raise exception 'no spin available' using errcode = 'RWNOS'; end $$`,
);

describe('isConnectionError', () => {
  it('tells a failed statement on a sound connection from a lost connection', () => {
    for (const code of ['RWNOS', '23505', '40001', '22P02'])
      expect(isConnectionError({ code }), code).toBe(false);
    for (const error of [
      new Error('Connection terminated'),
      { code: 'ECONNRESET' },
      { code: '08006' },
      { code: '57P01' },
    ])
      expect(isConnectionError(error), JSON.stringify(error)).toBe(true);
  });
});

describe.each(DATABASE_KINDS)('run on %s', (kind) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind, 1);
  });
  afterAll(async () => tdb?.drop());

  it('keeps its pooled connection after a statement the database refuses', async () => {
    const db = tdb.database.db;
    const [before] = await run<{ pid: number }>(db, backendPid, []);
    await expect(execute(db, refuse, [])).rejects.toMatchObject({ code: 'RWNOS' });
    await expect(execute(db, refuse, [])).rejects.toMatchObject({ code: 'RWNOS' });
    // The same backend answers: no reconnect (and no re-prepare) after each refusal.
    const [after] = await run<{ pid: number }>(db, backendPid, []);
    expect(after!.pid).toBe(before!.pid);
  });

  it('runs inside a transaction on its connection, with the same text and parameters', async () => {
    const db = tdb.database.db;
    const pair = statement('test_pair', 'select $1::int + $2::int as sum, $1::text as first');
    expect(await run<{ sum: number; first: string }>(db, pair, [2, 3])).toEqual([{ sum: 5, first: '2' }]);
    await db.transaction(async (tx) => {
      expect(await run<{ sum: number; first: string }>(tx, pair, [2, 3])).toEqual([{ sum: 5, first: '2' }]);
      // It sees the transaction's own uncommitted work: it runs on the transaction's connection.
      await tx.execute(sql`create temporary table test_seen (n int) on commit drop`);
      await tx.execute(sql`insert into test_seen values (7)`);
      const seen = statement('test_seen', 'select n from test_seen where n = $1');
      expect(await run<{ n: number }>(tx, seen, [7])).toEqual([{ n: 7 }]);
    });
  });
});
