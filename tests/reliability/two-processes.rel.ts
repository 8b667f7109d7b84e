// Two server processes on one PostgreSQL: the races split across both hold the same invariants
// (sessions, locks and counters live in the database, not in a process).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdmin, createScratchDatabase, type ScratchDatabase } from './support/db';
import { ServerProcess } from './support/server-process';
import { Scenario } from './support/report';
import {
  raceBlockDuringSpins,
  raceManyMembers,
  raceOneCompletion,
  racePostbackReplays,
} from './support/races';
import { raceCachedReads } from './support/cached-reads';

describe('races split across two server processes', () => {
  let db: ScratchDatabase;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    db = await createScratchDatabase(inject('postgresUrl'), 'two');
    // Started together: the migration lock lets both migrate-or-wait safely.
    servers = await Promise.all([ServerProcess.start(db.url), ServerProcess.start(db.url)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.drop();
  });
  const urls = () => servers.map((s) => s.url);
  const scenario = (name: string) => new Scenario(name, inject('reportDir'));

  it('200 concurrent spins on one completion across both', async () => {
    const s = scenario('race: 200 concurrent spins on one completion (2 processes)');
    await raceOneCompletion(s, db.pool, urls());
    expect(s.finish()).toEqual([]);
  });

  it('10,000 spins by 1,000 members across both', async () => {
    const s = scenario('race: 10,000 spins by 1,000 members on a small stock (2 processes)');
    await raceManyMembers(s, db.pool, urls());
    expect(s.finish()).toEqual([]);
  });

  it('1,000 postback replays across both', async () => {
    const s = scenario('race: 1,000 concurrent postback replays (2 processes)');
    await racePostbackReplays(s, db.pool, urls());
    expect(s.finish()).toEqual([]);
  });

  it('bulk block during spins across both', async () => {
    const s = scenario('race: bulk block during spins (2 processes)');
    const admin = await createAdmin(db.pool);
    await raceBlockDuringSpins(s, db.pool, urls(), admin.cookie);
    expect(s.finish()).toEqual([]);
  });

  it('cached member reads stay true under spins and blocks across both', async () => {
    const s = scenario('race: cached member reads under spins and blocks (2 processes)');
    const admin = await createAdmin(db.pool);
    await raceCachedReads(s, db.pool, urls(), admin.cookie);
    expect(s.finish()).toEqual([]);
  });
});
