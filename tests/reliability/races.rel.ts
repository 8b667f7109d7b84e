// Races against one real server process on PostgreSQL.
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

describe('races on one server process', () => {
  let db: ScratchDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    db = await createScratchDatabase(inject('postgresUrl'), 'races');
    server = await ServerProcess.start(db.url);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });
  const scenario = (name: string) => new Scenario(name, inject('reportDir'));

  it('200 concurrent spins on one completion: exactly one wins', async () => {
    const s = scenario('race: 200 concurrent spins on one completion (1 process)');
    await raceOneCompletion(s, db.pool, [server.url]);
    expect(s.finish()).toEqual([]);
  });

  it('10,000 spins by 1,000 members on a small stock', async () => {
    const s = scenario('race: 10,000 spins by 1,000 members on a small stock (1 process)');
    await raceManyMembers(s, db.pool, [server.url]);
    expect(s.finish()).toEqual([]);
  });

  it('1,000 concurrent replays of a postback: credited once', async () => {
    const s = scenario('race: 1,000 concurrent postback replays (1 process)');
    await racePostbackReplays(s, db.pool, [server.url]);
    expect(s.finish()).toEqual([]);
  });

  it('bulk block during spins: no spin after the block commits', async () => {
    const s = scenario('race: bulk block during spins (1 process)');
    const admin = await createAdmin(db.pool);
    await raceBlockDuringSpins(s, db.pool, [server.url], admin.cookie);
    expect(s.finish()).toEqual([]);
  });
});
