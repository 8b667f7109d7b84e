// The member answers cache (server/members/answers.ts) under spins and blocks split across
// server processes: offers.php and user-stats.php answered from a process's memory must show a
// member's own spin on that process's very next call, must refuse a member blocked through that
// process at once (and through another one once the change is heard), and must converge to the
// database once the writes end.
import pg from 'pg';
import { createMembers, stockVouchers, type Member } from './db';
import { HttpClient, countBy, type HttpResult } from './http';
import { no5xx, recordInvariants } from './races';
import type { Scenario } from './report';

const READS = ['offers', 'user-stats'] as const;
type Read = (typeof READS)[number];
const READ_PATH: Record<Read, string> = {
  offers: '/api/offers.php',
  'user-stats': '/api/user-stats.php',
};

/** How long another process may take to hear a block, and the final reads to reach the database. */
const BLOCK_CONVERGENCE_MS = 5_000;
const FINAL_CONVERGENCE_MS = 10_000;
const POLL_MS = 50;

interface Spins {
  free: number | null;
  /** user-stats only (offers.php does not show it). */
  used: number | null;
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** The member's spins as a read's answer shows them. */
function shown(call: Read, r: HttpResult): Spins {
  if (call === 'offers') return { free: num(r.json?.freeSpinsRemaining), used: null };
  const stats = r.json?.stats as { free_spins_remaining?: unknown; spins_used?: unknown } | undefined;
  return { free: num(stats?.free_spins_remaining), used: num(stats?.spins_used) };
}

function agrees(call: Read, seen: Spins, truth: { free: number; used: number }): boolean {
  return seen.free === truth.free && (call === 'offers' || seen.used === truth.used);
}

const refused = (r: HttpResult) => r.status === 401 || r.status === 403;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` every POLL_MS until it answers true or `deadline` (performance.now() ms) passes: a
 * generous wait on a condition, never a fixed sleep. Resolves to when it held (the probe's own time),
 * or null.
 */
async function until(probe: () => Promise<number | null>, deadline: number): Promise<number | null> {
  for (;;) {
    const at = await probe();
    if (at !== null) return at;
    if (performance.now() >= deadline) return null;
    await pause(POLL_MS);
  }
}

/**
 * Members (`rounds` free spins each) with their offers.php and user-stats.php answers cached by every
 * process spin `rounds` times each, alternating processes, reading both calls on the spin's process
 * right after it, then on the other process (which keeps what it answers: the next spin there must
 * drop it); midway an administrator blocks `blocked` of them, through alternating processes.
 */
export async function raceCachedReads(
  s: Scenario,
  pool: pg.Pool,
  urls: string[],
  adminCookie: string,
  members = 100,
  rounds = 10,
  blocked = 10,
) {
  const client = new HttpClient(256);
  const people = await createMembers(pool, members, { freeSpins: rounds, label: 'cache' });
  // Free spins use the default reels (10 at 20 %, 5 at 30 %): enough stock that many spins win (a
  // win changes user-stats.php's vouchers too), not so much that every draw does.
  for (const amount of [10, 5]) await stockVouchers(pool, amount, 60);
  const results: HttpResult[] = [];
  const read = async (m: Member, proc: number, call: Read) => {
    const r = await client.request('GET', `${urls[proc]}${READ_PATH[call]}`, { cookie: m.cookie });
    results.push(r);
    return r;
  };

  // 1. Every process caches every member's answers (read twice: the second is answered from memory).
  const warm: { m: Member; call: Read; r: HttpResult }[] = [];
  await Promise.all(
    people.flatMap((m) =>
      urls.flatMap((_, proc) =>
        READS.map(async (call) => {
          for (let n = 0; n < 2; n++) warm.push({ m, call, r: await read(m, proc, call) });
        }),
      ),
    ),
  );
  const badWarm = warm.filter(
    (w) => w.r.status !== 200 || !agrees(w.call, shown(w.call, w.r), { free: rounds, used: 0 }),
  );
  s.check(
    'warm-up reads on every process answered 200 with the seeded spins',
    badWarm.length === 0,
    badWarm
      .slice(0, 5)
      .map((w) => ({ member: w.m.userId, call: w.call, status: w.r.status, body: w.r.body })),
  );

  // 2. The spins and the reads that follow them; the blocks midway.
  const toBlock = people.filter((_, i) => i % Math.floor(members / blocked) === 0).slice(0, blocked);
  interface Block {
    proc: number;
    status: number;
    /** When the block's answer arrived (performance.now() ms). */
    doneAt: number;
    /** Per process: when it was first seen refusing the member (performance.now() ms), or null. */
    refusedAt: (number | null)[];
  }
  const blocks = new Map<number, Block>();
  const blockReads: { userId: number; proc: number; call: Read; r: HttpResult }[] = [];
  const blockMs: number[] = [];
  const block = async (m: Member, j: number) => {
    const proc = j % urls.length;
    const r = await client.request('PUT', `${urls[proc]}/api/admin/users.php`, {
      cookie: adminCookie,
      body: { user_id: m.userId, action: 'flag' },
    });
    results.push(r);
    const b: Block = { proc, status: r.status, doneAt: r.doneAt, refusedAt: urls.map(() => null) };
    blocks.set(m.userId, b);
    if (r.status !== 200) return;
    // The blocking process: its very next reads are refused.
    const now = await Promise.all(READS.map((call) => read(m, proc, call)));
    READS.forEach((call, n) => blockReads.push({ userId: m.userId, proc, call, r: now[n]! }));
    if (now.every(refused)) b.refusedAt[proc] = Math.max(...now.map((x) => x.doneAt));
    // The other processes: once they hear the change.
    await Promise.all(
      urls.map(async (_, other) => {
        if (other === proc) return;
        b.refusedAt[other] = await until(async () => {
          const rs = await Promise.all(READS.map((call) => read(m, other, call)));
          return rs.every(refused) ? Math.max(...rs.map((x) => x.doneAt)) : null;
        }, b.doneAt + BLOCK_CONVERGENCE_MS);
        const at = b.refusedAt[other];
        if (at !== null) blockMs.push(at - b.doneAt);
      }),
    );
  };
  let blocking: Promise<void> | null = null;
  const startBlocks = () => (blocking ??= Promise.all(toBlock.map(block)).then(() => undefined));

  interface RoundRead {
    userId: number;
    proc: number;
    call: Read;
    round: number;
    r: HttpResult;
  }
  const roundReads: RoundRead[] = [];
  const spins: (HttpResult & { userId: number; proc: number })[] = [];
  const stale: unknown[] = [];
  let ownChecked = 0;
  const impossible: unknown[] = [];
  let crossChecked = 0;
  let crossEarlier = 0;
  let done = 0;
  const half = Math.floor((members * rounds) / 2);
  await Promise.all(
    people.map(async (m, i) => {
      let granted = 0;
      for (let k = 0; k < rounds; k++) {
        const proc = (i + k) % urls.length;
        const spin = await client.request('POST', `${urls[proc]}/api/slot-spin.php`, {
          cookie: m.cookie,
          body: { spinType: 'free' },
        });
        results.push(spin);
        spins.push({ ...spin, userId: m.userId, proc });
        if (spin.status === 200) granted++;
        if (++done === half) void startBlocks();
        for (const call of READS) {
          const r = await read(m, proc, call);
          roundReads.push({ userId: m.userId, proc, call, round: k, r });
          // A blocked member's read may be refused; one that answers must still show the spin.
          if (spin.status !== 200 || r.status !== 200) continue;
          ownChecked++;
          const expected = { free: num(spin.json?.freeSpinsRemaining) ?? -1, used: granted };
          const seen = shown(call, r);
          if (!agrees(call, seen, expected))
            stale.push({ member: m.userId, process: proc, call, round: k, expected, seen });
        }
        // The other process: it may not have heard the spin yet, and then answers from memory an
        // earlier state of the member's (never one they did not have). The answers it keeps now are
        // the ones the member's next spin there must drop.
        const other = (proc + 1) % urls.length;
        if (other === proc) continue;
        for (const call of READS) {
          const r = await read(m, other, call);
          roundReads.push({ userId: m.userId, proc: other, call, round: k, r });
          if (spin.status !== 200 || r.status !== 200) continue;
          crossChecked++;
          const now = { free: num(spin.json?.freeSpinsRemaining) ?? -1, used: granted };
          const seen = shown(call, r);
          if (agrees(call, seen, now)) continue;
          crossEarlier++;
          const earlier =
            seen.free !== null &&
            seen.free > now.free &&
            seen.free <= rounds &&
            (call === 'offers' || (seen.used !== null && seen.used + seen.free === rounds));
          if (!earlier) impossible.push({ member: m.userId, process: other, call, round: k, now, seen });
        }
      }
    }),
  );
  await startBlocks();

  const neverBlocked = people.filter((m) => !blocks.has(m.userId));
  const freeIds = new Set(neverBlocked.map((m) => m.userId));
  const freeSpins = spins.filter((r) => freeIds.has(r.userId));
  const freeReads = roundReads.filter((r) => freeIds.has(r.userId));
  s.check(
    'every spin and read of a member never blocked answered 200',
    freeSpins.every((r) => r.status === 200) && freeReads.every((r) => r.r.status === 200),
    { spins: countBy(freeSpins, (r) => r.status), reads: countBy(freeReads, (r) => r.r.status) },
  );
  s.check(
    "read-your-writes: the spin's process answered offers.php and user-stats.php with the spin's free spins and spins used",
    stale.length === 0 && ownChecked > 0,
    { checked: ownChecked, violations: stale.length, first: stale.slice(0, 5) },
  );

  s.check(
    "the other process's reads showed the member's current or an earlier state, never another",
    impossible.length === 0 && crossChecked > 0,
    {
      checked: crossChecked,
      earlier: crossEarlier,
      violations: impossible.length,
      first: impossible.slice(0, 5),
    },
  );

  const blockList = [...blocks.values()];
  s.check(
    'every block call answered 200',
    blockList.length === toBlock.length && blockList.every((b) => b.status === 200),
    countBy(blockList, (b) => b.status),
  );
  const sentAfter = (userId: number, r: HttpResult, at: (b: Block) => number | null) => {
    const b = blocks.get(userId);
    const t = b ? at(b) : null;
    return t !== null && r.sentAt > t;
  };
  // The blocking process: every read sent after the block's answer (the probes right after it and
  // the member's own rounds there).
  const onBlocker = [...blockReads, ...roundReads].filter(
    (x) => blocks.get(x.userId)?.proc === x.proc && sentAfter(x.userId, x.r, (b) => b.doneAt),
  );
  s.check(
    'reads sent to the blocking process after the block answered were refused (401/403), at least one per member',
    onBlocker.every((x) => refused(x.r)) &&
      toBlock.every((m) => onBlocker.some((x) => x.userId === m.userId)),
    {
      statuses: countBy(onBlocker, (x) => x.r.status),
      first: onBlocker
        .filter((x) => !refused(x.r))
        .slice(0, 5)
        .map((x) => ({
          member: x.userId,
          process: x.proc,
          call: x.call,
          status: x.r.status,
          body: x.r.body,
        })),
    },
  );
  const unheard = blockList.filter((b) => b.refusedAt.some((t, p) => p !== b.proc && t === null));
  const blockMaxMs = blockMs.length ? Math.max(...blockMs) : null;
  s.check(
    `every other process refused a blocked member within ${BLOCK_CONVERGENCE_MS / 1000} s`,
    unheard.length === 0,
    { notRefused: unheard.length, maxMs: blockMaxMs },
  );
  // Once a process refused the member, it never answers for them again.
  const afterRefusal = roundReads.filter((x) => sentAfter(x.userId, x.r, (b) => b.refusedAt[x.proc] ?? null));
  s.check(
    'reads sent to any process after it first refused a blocked member were refused too',
    afterRefusal.every((x) => refused(x.r)),
    countBy(afterRefusal, (x) => x.r.status),
  );
  const lateSpins = spins.filter((r) => r.status === 200 && sentAfter(r.userId, r, (b) => b.doneAt));
  s.check(
    'no spin granted to a request sent after the block answered (any process)',
    lateSpins.length === 0,
    {
      late: lateSpins.length,
    },
  );

  // 3. The writes are over: every process's reads reach the database's values.
  const { rows } = await pool.query<{ id: number; free: number; used: number }>(
    `select id, free_spins_remaining as free, spins_used as used from users where id = any($1::int[])`,
    [neverBlocked.map((m) => m.userId)],
  );
  const truth = new Map(rows.map((r) => [r.id, { free: r.free, used: r.used }]));
  s.check(
    `database: every member never blocked spent all ${rounds} free spins`,
    rows.length === neverBlocked.length && rows.every((r) => r.free === 0 && r.used === rounds),
    rows.filter((r) => r.free !== 0 || r.used !== rounds).slice(0, 5),
  );
  const started = performance.now();
  const notConverged: unknown[] = [];
  const convergedMs: number[] = [];
  await Promise.all(
    neverBlocked.flatMap((m) =>
      urls.map(async (_, proc) => {
        const want = truth.get(m.userId)!;
        let last: Record<string, unknown> = {};
        const at = await until(async () => {
          const rs = await Promise.all(READS.map((call) => read(m, proc, call)));
          const ok = rs.every((r, n) => r.status === 200 && agrees(READS[n]!, shown(READS[n]!, r), want));
          last = Object.fromEntries(
            rs.map((r, n) => [READS[n]!, r.status === 200 ? shown(READS[n]!, r) : r.status]),
          );
          return ok ? Math.max(...rs.map((r) => r.doneAt)) : null;
        }, started + FINAL_CONVERGENCE_MS);
        if (at === null) notConverged.push({ member: m.userId, process: proc, expected: want, seen: last });
        else convergedMs.push(at - started);
      }),
    ),
  );
  const finalMaxMs = convergedMs.length ? Math.round(Math.max(...convergedMs)) : null;
  s.check(
    `after the writes, both calls on every process showed the database's spins within ${FINAL_CONVERGENCE_MS / 1000} s`,
    notConverged.length === 0,
    { notConverged: notConverged.length, maxMs: finalMaxMs, first: notConverged.slice(0, 5) },
  );

  const { rows: state } = await pool.query(
    `select count(*) filter (where not is_suspicious)::int as unblocked,
            (select count(*) from sessions where user_id = any($1::int[]))::int as sessions
     from users where id = any($1::int[])`,
    [toBlock.map((m) => m.userId)],
  );
  s.check(
    'database: the blocked members are blocked, their sessions deleted',
    state[0].unblocked === 0 && state[0].sessions === 0,
    state[0],
  );

  s.requests += client.requests;
  client.close();
  no5xx(s, results);
  console.log(
    `[reliability]   cached reads: ${spins.filter((r) => r.status === 200).length} spins granted, ` +
      `${ownChecked} reads checked right after their spin, ` +
      `${crossEarlier} of ${crossChecked} reads on the other process showed an earlier state (not heard yet), ` +
      `${onBlocker.length} reads refused at once after a block, ` +
      `other process refused within ${blockMaxMs === null ? '-' : Math.round(blockMaxMs)} ms (max), ` +
      `final reads converged within ${finalMaxMs ?? '-'} ms (max)`,
  );
  await recordInvariants(s, pool);
}
