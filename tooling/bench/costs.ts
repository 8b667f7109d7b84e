// `npm --prefix tooling run bench:costs`: where a member call's CPU goes, by process. For each call, under the load
// `npm run bench` puts on it (autocannon, 32 connections, signed-in members in turn), the CPU time per
// answered request of: the server process, the PostgreSQL backends serving it, the load generator (this
// process), and the whole machine (busy share of both cores, from /proc/stat). `npm run bench` gives each
// call's throughput against its yardstick; this says which process to make cheaper. Linux only (/proc).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm --prefix tooling run bench:costs
//
// BENCH_SECONDS (default 5) per call, after a 2 s warm-up of the same call.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import {
  createMembers,
  createScratchDatabase,
  stockVouchers,
  type Member,
} from '../../tests/reliability/support/db';
import { ServerProcess } from '../../tests/reliability/support/server-process';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) {
  console.error(
    'npm --prefix tooling run bench:costs needs DATABASE_URL (a PostgreSQL it may create a scratch database on)',
  );
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** CPU seconds (user + system) a process has used, 0 once it is gone. */
function cpuSeconds(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of the PostgreSQL backends connected to `database`. */
function backendSeconds(database: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) total += cpuSeconds(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The machine's CPU counters (user, nice, system, idle, iowait, irq, softirq, steal). */
const machine = () =>
  readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);

function requests(members: Member[], method: string, path: string, body?: string) {
  let next = 0;
  return [
    {
      method,
      path,
      body,
      headers: { 'content-type': 'application/json' },
      setupRequest: (req: { headers?: Record<string, string> }) => ({
        ...req,
        headers: { ...req.headers, cookie: members[next++ % members.length]!.cookie },
      }),
    },
  ];
}

const db = await createScratchDatabase(DATABASE_URL, 'costs');
let server: ServerProcess | null = null;
try {
  const members = await createMembers(db.pool, 2000, { freeSpins: 100, label: 'costs' });
  await stockVouchers(db.pool, 10, 40_000);
  await stockVouchers(db.pool, 5, 60_000);
  await db.pool.query('vacuum analyze');
  server = await ServerProcess.start(db.url);
  const calls: [string, ReturnType<typeof requests>][] = [
    ['POST /api/slot-spin.php', requests(members, 'POST', '/api/slot-spin.php', '{"spinType":"free"}')],
    ['  refused (400)', requests(members, 'POST', '/api/slot-spin.php', '{"spinType":"nope"}')],
    ['GET /api/offers.php', requests(members, 'GET', '/api/offers.php')],
    ['GET /api/user-stats.php', requests(members, 'GET', '/api/user-stats.php')],
  ];
  const cores = os.cpus().length;
  console.log(`bench:costs: ${cores} cores, ${SECONDS} s per call, CPU µs per answered request`);
  console.log(
    'call                        req/s   machine busy   all   server   PostgreSQL   load generator',
  );
  for (const [name, reqs] of calls) {
    await autocannon({ url: server.url, connections: 32, duration: 2, requests: reqs });
    const before = {
      server: cpuSeconds(server.pid),
      pg: backendSeconds(db.name),
      me: process.cpuUsage(),
      m: machine(),
    };
    const r = await autocannon({ url: server.url, connections: 32, duration: SECONDS, requests: reqs });
    const me = process.cpuUsage(before.me);
    const m = machine().map((v, i) => v - before.m[i]!);
    const busy = 1 - (m[3]! + m[4]!) / m.reduce((a, b) => a + b, 0);
    const n = r['2xx'] + r.non2xx;
    const us = (seconds: number) =>
      Math.round((seconds / n) * 1e6)
        .toLocaleString('en-US')
        .padStart(6);
    console.log(
      `${name.padEnd(26)} ${Math.round(n / r.duration)
        .toLocaleString('en-US')
        .padStart(7)}   ${`${Math.round(busy * 100)} %`.padStart(12)}` +
        `  ${us(busy * cores * r.duration)}   ${us(cpuSeconds(server.pid) - before.server)}   ${us(backendSeconds(db.name) - before.pg).padStart(10)}   ${us((me.user + me.system) / 1e6).padStart(14)}`,
    );
  }
} finally {
  await server?.stop();
  await db.drop();
}
