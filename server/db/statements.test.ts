import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/helpers';
import { isConnectionError, run, statement } from './statements';

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
    await expect(run(db, refuse, [])).rejects.toMatchObject({ code: 'RWNOS' });
    await expect(run(db, refuse, [])).rejects.toMatchObject({ code: 'RWNOS' });
    // The same backend answers: no reconnect (and no re-prepare) after each refusal.
    const [after] = await run<{ pid: number }>(db, backendPid, []);
    expect(after!.pid).toBe(before!.pid);
  });
});
