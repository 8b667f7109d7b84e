// Faults: the server killed with SIGKILL in the middle of a spin load and restarted, and
// PostgreSQL restarted under load while the server keeps running. Afterwards every invariant holds,
// and spending every remaining spin shows that nothing was lost and nothing doubled.
import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import {
  createMembers,
  createOffer,
  createScratchDatabase,
  grantCompletions,
  stockVouchers,
  type Member,
  type ScratchDatabase,
} from './support/db';
import { ServerProcess, freePort } from './support/server-process';
import { Scenario, skipScenario } from './support/report';
import { HttpClient, countBy, runPool, shuffle, type HttpResult } from './support/http';
import { recordInvariants } from './support/races';
import { ThrowawayCluster, clusterUnavailableReason } from './support/cluster';

type Tagged = HttpResult & { member: Member };

/** Spends every spin each member still has (offer spin and free spins) until the server says 409. */
async function spendEverything(client: HttpClient, url: string, members: Member[], offerId: number) {
  let answered = 0;
  await runPool(
    members.map((m) => async () => {
      for (const body of [{ spinType: 'offer', offerId }, { spinType: 'free' }]) {
        for (let k = 0; k < 100; k++) {
          const r = await client.request('POST', `${url}/api/slot-spin.php`, { cookie: m.cookie, body });
          answered++;
          if (r.status !== 200) break;
        }
      }
    }),
    50,
  );
  return answered;
}

/** Per member: spins recorded must lie between the 200s answered and the 200s plus unanswered/failed. */
async function accounting(s: Scenario, pool: pg.Pool, results: Tagged[], members: Member[]) {
  const ok = countBy(
    results.filter((r) => r.status === 200),
    (r) => r.member.userId,
  );
  const unsure = countBy(
    results.filter((r) => r.status === 0 || r.status >= 500),
    (r) => r.member.userId,
  );
  const { rows } = await pool.query<{ user_id: number; n: number }>(
    `select u.id as user_id, (select count(*) from spins s where s.user_id = u.id)::int as n from users u where u.id = any($1::int[])`,
    [members.map((m) => m.userId)],
  );
  const bad = rows.filter(
    (r) => r.n < (ok[r.user_id] ?? 0) || r.n > (ok[r.user_id] ?? 0) + (unsure[r.user_id] ?? 0),
  );
  s.check(
    'every spin answered 200 is recorded; no spin recorded beyond the requests in doubt',
    bad.length === 0,
    bad.slice(0, 5),
  );
}

async function finalTally(s: Scenario, pool: pg.Pool, members: Member[], perMember: number) {
  const { rows } = await pool.query<{ wrong: number; left: number; unspent: number }>(
    `select count(*) filter (where (select count(*) from spins s where s.user_id = u.id) <> $2)::int as wrong,
            count(*) filter (where u.free_spins_remaining <> 0)::int as left,
            (select count(*) from completions c where c.user_id = any($1::int[]) and not c.spinner_used)::int as unspent
     from users u where u.id = any($1::int[])`,
    [members.map((m) => m.userId), perMember],
  );
  s.check(
    `after spending everything, each member has exactly ${perMember} spins: none lost, none doubled`,
    rows[0]!.wrong === 0 && rows[0]!.left === 0 && rows[0]!.unspent === 0,
    rows[0],
  );
}

describe('faults', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('server killed with SIGKILL in the middle of a spin load, then restarted', async () => {
    const s = new Scenario('fault: server SIGKILLed mid spin load and restarted', inject('reportDir'));
    const db: ScratchDatabase = await createScratchDatabase(inject('postgresUrl'), 'kill');
    cleanups.push(() => db.drop());
    const server = await ServerProcess.start(db.url);
    cleanups.push(() => server.stop());
    const offerId = await createOffer(db.pool, [{ amount: 10, probability: 50 }]);
    const members = await createMembers(db.pool, 300, { freeSpins: 10, label: 'kill' });
    await grantCompletions(
      db.pool,
      members.map((m) => m.userId),
      offerId,
    );
    await stockVouchers(db.pool, 10, 400);
    await stockVouchers(db.pool, 5, 400);

    const client = new HttpClient(100);
    const tasks: (() => Promise<Tagged>)[] = [];
    for (const m of members)
      for (let k = 0; k < 11; k++) {
        const body = k === 0 ? { spinType: 'offer', offerId } : { spinType: 'free' };
        tasks.push(async () => ({
          ...(await client.request('POST', `${server.url}/api/slot-spin.php`, { cookie: m.cookie, body })),
          member: m,
        }));
      }
    let answered = 0;
    let killed: Promise<void> | null = null;
    const wrapped = shuffle(tasks).map((t) => async () => {
      const r = await t();
      if (++answered === Math.floor(tasks.length * 0.35)) killed = server.kill();
      return r;
    });
    const results = await runPool(wrapped, 100);
    await killed;
    const statuses = countBy(results, (r) => r.status);
    console.log(
      `[reliability]   SIGKILL after ${Math.floor(tasks.length * 0.35)} answers: ${JSON.stringify(statuses)}`,
    );
    s.check(
      'the kill happened mid-load (some answered, some cut off)',
      (statuses['200'] ?? 0) > 0 && (statuses['0'] ?? 0) > 0,
      statuses,
    );
    s.check(
      'before the kill, no 5xx',
      results.every((r) => r.status < 500),
      statuses,
    );

    await server.spawn();
    s.check('the server restarts on the same database and is ready', await server.ready());
    await recordInvariants(s, db.pool);
    await accounting(s, db.pool, results, members);
    s.requests += client.requests + (await spendEverything(client, server.url, members, offerId));
    client.close();
    await finalTally(s, db.pool, members, 11);
    await recordInvariants(s, db.pool);
    expect(s.finish()).toEqual([]);
  });

  it('PostgreSQL restarted under load: the server recovers without a restart of its own', async (ctx) => {
    const name = 'fault: PostgreSQL restarted under load (own throwaway cluster)';
    const unavailable = clusterUnavailableReason();
    if (unavailable) {
      // Never green when it could not run: listed as skipped in the run's summary and by vitest.
      skipScenario(inject('reportDir'), name, unavailable);
      ctx.skip(`not run: ${unavailable}`);
    }
    const s = new Scenario(name, inject('reportDir'));
    const cluster = ThrowawayCluster.create(await freePort());
    cleanups.push(() => cluster.destroy());
    const db = await createScratchDatabase(cluster.url, 'pgrestart');
    cleanups.push(() => db.pool.end().catch(() => {}));
    const server = await ServerProcess.start(db.url);
    cleanups.push(() => server.stop());
    const pid = server.pid;
    const offerId = await createOffer(db.pool, [{ amount: 10, probability: 50 }]);
    const members = await createMembers(db.pool, 200, { freeSpins: 30, label: 'pgr' });
    await grantCompletions(
      db.pool,
      members.map((m) => m.userId),
      offerId,
    );
    await stockVouchers(db.pool, 10, 500);
    await stockVouchers(db.pool, 5, 500);

    const client = new HttpClient(60);
    const results: Tagged[] = [];
    const readiness: number[] = [];
    let phase: 'before' | 'during' | 'after' = 'before';
    const byPhase: Record<string, Tagged[]> = { before: [], during: [], after: [] };
    let stop = false;
    const worker = async (i: number) => {
      for (let k = 0; !stop; k++) {
        const m = members[(i * 7 + k) % members.length]!;
        const read = k % 3 === 0;
        const r = {
          ...(await client.request(
            read ? 'GET' : 'POST',
            `${server.url}/api/${read ? 'offers' : 'slot-spin'}.php`,
            {
              cookie: m.cookie,
              body: read ? undefined : { spinType: 'free' },
              timeoutMs: 20_000,
            },
          )),
          member: m,
        };
        if (!read) results.push(r);
        byPhase[phase]!.push(r);
      }
    };
    const load = Promise.all(Array.from({ length: 40 }, (_, i) => worker(i)));
    await new Promise((r) => setTimeout(r, 3000));
    phase = 'during';
    const poll = setInterval(() => {
      void fetch(`${server.url}/api/health.php`)
        .then((r) => readiness.push(r.status))
        .catch(() => readiness.push(0));
    }, 100);
    await cluster.restart();
    clearInterval(poll);
    // Give the pool a moment to replace its dead connections, then measure the recovered server.
    await new Promise((r) => setTimeout(r, 1500));
    phase = 'after';
    await new Promise((r) => setTimeout(r, 4000));
    stop = true;
    await load;
    const summary = Object.fromEntries(
      Object.entries(byPhase).map(([k, v]) => [k, countBy(v, (r) => r.status)]),
    );
    console.log(
      `[reliability]   PostgreSQL restart: ${JSON.stringify(summary)}; readiness during: ${JSON.stringify(countBy(readiness, (x) => x))}`,
    );

    s.check(
      'before the restart: no 5xx',
      byPhase.before!.every((r) => r.status > 0 && r.status < 500),
      summary.before,
    );
    const during5xx = byPhase.during!.filter((r) => r.status >= 500);
    s.check(
      'during the restart: failures are JSON errors, never a dropped connection',
      byPhase.during!.every((r) => r.status > 0) &&
        during5xx.every((r) => r.json?.success === false && typeof r.json.error === 'string'),
      summary.during,
    );
    const alive = s.check(
      'the server process was not restarted (same pid, still running)',
      server.pid === pid && server.child?.exitCode === null && server.child?.signalCode === null,
      { exit: server.child?.exitCode, signal: server.child?.signalCode, output: server.output.slice(-1500) },
    );
    if (!alive) await server.spawn(); // so that the rest of the checks can still run
    const after = byPhase.after!;
    s.check(
      'after the restart: every call answers again (200 or 409), no 5xx',
      after.length > 50 && after.every((r) => r.status === 200 || r.status === 409),
      summary.after,
    );
    s.check('readiness answers 200 again', await server.ready());
    await recordInvariants(s, db.pool);
    await accounting(s, db.pool, results, members);
    s.requests += client.requests + (await spendEverything(client, server.url, members, offerId));
    client.close();
    await finalTally(s, db.pool, members, 31);
    await recordInvariants(s, db.pool);
    expect(s.finish()).toEqual([]);
  });
});
