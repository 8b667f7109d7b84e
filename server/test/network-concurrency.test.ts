// The partner networks' receiver under real concurrency on PostgreSQL (PGlite serves one connection, so
// these run only when TEST_DATABASE_URL or DATABASE_URL is set; CI sets it).
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { query, type Db } from '../db/client';
import { replayAttempt } from '../postbacks/service';
import { POSTGRES_URL, testAppPerSuite } from './helpers';
import {
  TEST_PUBLIC_URL,
  completionsOfClick,
  networkScenario,
  presetPostback,
  wrongSecretScenario,
} from './network-fixtures';

// Skipped without PostgreSQL; the server suites' global setup then says so at the end of the run.
describe.skipIf(!POSTGRES_URL)('network receiver concurrency on PostgreSQL', () => {
  let app: FastifyInstance;
  let database: Db;
  testAppPerSuite(
    'postgres',
    (setup) => {
      app = setup.app;
      database = setup.db;
    },
    { poolMax: 20 },
  );
  const db = () => database;

  it('200 concurrent copies of one network postback: one completion, every answer a success', async () => {
    const s = await networkScenario(db(), 'cpx');
    const request = presetPostback(s.network.config, {
      clickId: '',
      subId: s.member.subId,
      externalOfferId: '',
      transactionId: 'cpx-concurrent-1',
    })!;
    const answers = await Promise.all(Array.from({ length: 200 }, () => app.inject(request)));
    expect(answers.map((a) => `${a.statusCode} ${a.body}`)).toEqual(Array(200).fill('200 ok'));
    expect(await completionsOfClick(db(), s.clickId)).toMatchObject([{ status: 'approved' }]);
    const [member] = await query<{ total: number }>(
      db(),
      sql`select total_completions as total from users where id = ${s.member.userId}`,
    );
    expect(member!.total).toBe(1);
    const outcomes = await query<{ outcome: string; n: number }>(
      db(),
      sql`select outcome, count(*)::int as n from postback_log where network_id = ${s.network.id}
           group by outcome order by outcome`,
    );
    expect(outcomes).toEqual([
      { outcome: 'accepted', n: 1 },
      { outcome: 'replay', n: 199 },
    ]);
  });

  it('20 concurrent replays of one refused attempt: one re-run, the others refused', async () => {
    const s = await wrongSecretScenario(db(), 'cpx', 'cpx-concurrent-2');
    expect((await app.inject(s.request)).statusCode).toBe(403);
    await s.fixSecret();
    const [refused] = await query<{ id: number }>(
      db(),
      sql`select max(id)::int as id from postback_log where network_id = ${s.network.id}`,
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () => replayAttempt(db(), { publicUrl: TEST_PUBLIC_URL }, refused!.id)),
    );
    expect(results.filter((r) => r.kind === 'done')).toMatchObject([{ outcome: 'accepted' }]);
    expect(results.filter((r) => r.kind !== 'done')).toEqual(
      Array(19).fill({ kind: 'not_replayable', why: 'already replayed' }),
    );
    expect(await completionsOfClick(db(), s.clickId)).toMatchObject([{ status: 'approved' }]);
  });
});
