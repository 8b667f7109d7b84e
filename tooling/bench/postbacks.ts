// The postback receivers under load (part of `npm run bench`; alone with BENCH_ONLY=postbacks): a
// partner network's postbacks per second on PostgreSQL, CPX's format (an md5 template signature, the
// member resolved from the sub-id it echoes) through /api/postback/{slug}, against native postbacks
// (HMAC-SHA256 over the sorted parameters, our click id) through /api/postback.php, with p99.
//
// Realistic load, not a replay loop: every request is a NEW transaction for a DIFFERENT click of a
// DIFFERENT member, so each one verifies, resolves its click, inserts a conversion and moves the member's
// and the offer's counters (spread over several offers, as real traffic is). The requests are signed
// before the run so that the load generator, on the same cores, spends nothing on hashing.
//
// The receivers' per-address limit (1,200 a minute) is there to stop a flood, not to be measured: the
// server runs with TRUST_PROXY=127.0.0.1 and each request carries an X-Forwarded-For address from
// 10.0.0.0/8 that changes every 500 requests (the CPX network's allowlist is that range, so the
// allowlist check runs on every request), and NETWORK_POSTBACK_RATE_LIMIT is raised out of the way.
import { createHash } from 'node:crypto';
import autocannon, { type Result } from 'autocannon';
import type pg from 'pg';
import { createScratchDatabase, REL_POSTBACK_SECRET } from '../../tests/reliability/support/db';
import { ServerProcess } from '../../tests/reliability/support/server-process';
import { openDatabase } from '../../server/db/client';
import { insertNetwork } from '../../server/networks/repository';
import { configFromPreset } from '../../server/networks/presets';
import { signPostback as signNative } from '../../server/postbacks/conversions-service';

export interface PostbackFigure {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
}

export type PacedFigure = PostbackFigure & { rate: number };

/** The steady rates the paced runs use: a fixed 100 a second, then half of the saturated median. */
const PACED_FIXED_RATE = 100;
const PACED_CONNECTIONS = 4;

export interface PostbackBenchResult {
  nativeRuns: PostbackFigure[];
  cpxRuns: PostbackFigure[];
  /** Conversions the runs created, per receiver (each 2xx should be one). */
  credited: { native: number; cpx: number };
  /** Requests that had to reuse a click because the prepared pool ran out (answered as replays). */
  reused: { native: number; cpx: number };
  /**
   * Latency under a steady load below saturation: each receiver alone at half its median saturated
   * rate (autocannon's overallRate), for the same duration. At saturation every request queues behind
   * the others (32 connections / 400 per second ≈ 80 ms each by Little's law), so the p99 target is
   * read here.
   */
  paced: { native: PacedFigure[]; cpx: PacedFigure[] };
  poolSize: number;
  offersPerKind: number;
  connections: number;
  seconds: number;
}

const CPX_SLUG = 'bench-cpx';
const NATIVE_NETWORK = 'benchnative';
const OFFERS_PER_KIND = 20;
const REQUESTS_PER_ADDRESS = 500;

const figure = (r: Result): PostbackFigure => ({
  rps: r['2xx'] / r.duration,
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  ok: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

/** Offers, members with one click each on a native and on a CPX offer, and the CPX network. */
async function seed(pool: pg.Pool, dbUrl: string, size: number) {
  const secret = 'bench-cpx-secure-hash-0123456789';
  const parsed = configFromPreset('cpx', {
    name: 'CPX (bench)',
    slug: CPX_SLUG,
    secret,
    ipAllowlist: ['10.0.0.0/8'],
  });
  if (!parsed.ok) throw new Error(`bench CPX network: ${JSON.stringify(parsed.errors)}`);
  const database = await openDatabase({ databaseUrl: dbUrl, poolMax: 1 });
  const networkId = await insertNetwork(database.db, parsed.config);
  await database.close();

  const offerIds = async (network: string, id: number | null) =>
    (
      await pool.query<{ id: number }>(
        `insert into offers (title, description, offer_url, external_offer_id, network, network_id, category, slot_config)
         select 'Bench offer ' || $1 || i, 'Postback bench', 'https://partner.example.com/go?c={click_id}',
                $1 || '_' || i, $1, $2::int, 'Gaming', '{"reels":[{"amount":10,"probability":50}]}'
           from generate_series(1, $3::int) as i
         returning id`,
        [network, id, OFFERS_PER_KIND],
      )
    ).rows.map((r) => r.id);
  const nativeOffers = await offerIds(NATIVE_NETWORK, null);
  const cpxOffers = await offerIds(CPX_SLUG, networkId);

  const members = (
    await pool.query<{ id: number; sub_id: string }>(
      `insert into users (email, firebase_uid, first_name, last_name, referral_code)
       select 'pb' || i || '@example.com', 'pb-' || i, 'Bench', 'Member ' || i, 'PB' || i
         from generate_series(1, $1::int) as i
       returning id, sub_id`,
      [size],
    )
  ).rows;
  const clickId = (kind: string, i: number) => `${kind}${i.toString(36).padStart(8, '0')}bench`;
  const clicks = (kind: 'n' | 'c', offers: number[]) =>
    pool.query(
      `insert into clicks (id, user_id, offer_id) select * from unnest($1::text[], $2::int[], $3::int[])`,
      [
        members.map((_, i) => clickId(kind, i)),
        members.map((m) => m.id),
        members.map((_, i) => offers[i % offers.length]),
      ],
    );
  await clicks('n', nativeOffers);
  await clicks('c', cpxOffers);
  // A receiver never runs on empty tables: a history of approved conversions by other members (a
  // quarter as many as the pool) on other offers, so that the statistics ANALYZE records, and the
  // generic plans the pooled connections keep from them, are those of a live database. On empty
  // statistics the planner keeps sequential scans of completions that slow down as the run fills them.
  const historyOffers = await offerIds('benchhistory', null);
  await pool.query(
    `with m as (
       insert into users (email, firebase_uid, first_name, last_name, referral_code, total_completions)
       select 'pbh' || i || '@example.com', 'pbh-' || i, 'Bench', 'History ' || i, 'PBH' || i, 1
         from generate_series(1, $1::int) as i
       returning id
     ), k as (
       insert into clicks (id, user_id, offer_id, created_at)
       select 'h' || m.id, m.id, ($2::int[])[1 + m.id % array_length($2::int[], 1)], now() - interval '2 days'
         from m
       returning id, user_id, offer_id
     )
     insert into completions (user_id, offer_id, click_id, network, transaction_id, status, payout_amount,
                              payout_currency, completed_at, created_at)
     select k.user_id, k.offer_id, k.id, 'benchhistory', 'hist-' || k.id, 'approved', 1.5, 'USD',
            now() - interval '2 days' + interval '40 seconds', now() - interval '2 days' + interval '40 seconds'
       from k`,
    [Math.floor(size / 4), historyOffers],
  );
  await pool.query('analyze');

  // Signed ahead of time: paths only, consumed one per request.
  const nativePaths = members.map((_, i) => {
    const params: Record<string, string> = {
      click_id: clickId('n', i),
      transaction_id: `bench-n-${i}`,
      payout: '1.50',
      currency: 'USD',
      status: 'approved',
    };
    params.sig = signNative(params, REL_POSTBACK_SECRET);
    return `/api/postback.php?${new URLSearchParams(params).toString()}`;
  });
  const cpxPaths = members.map((m, i) => {
    const trans = `bench-c-${i}`;
    const hash = createHash('md5').update(`${trans}-${secret}`).digest('hex');
    // What CPX sends: the member by the ext_user_id it was given (our sub-id), no offer id.
    return `/api/postback/${CPX_SLUG}?status=1&trans_id=${trans}&user_id=${m.sub_id}&amount_local=150&amount_usd=1.50&type=complete&secure_hash=${hash}`;
  });
  return { nativePaths, cpxPaths };
}

/** A request stream over `paths`, one path per request, then reusing them (replays) if the pool runs out. */
function stream(paths: string[], state: { next: number }) {
  return [
    {
      method: 'GET' as const,
      path: paths[0]!,
      setupRequest: (req: { path?: string; headers?: Record<string, string> }) => {
        const n = state.next++;
        const a = Math.floor(n / REQUESTS_PER_ADDRESS);
        return {
          ...req,
          path: paths[n % paths.length]!,
          headers: {
            ...req.headers,
            'x-forwarded-for': `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`,
          },
        };
      },
    },
  ];
}

async function conversions(pool: pg.Pool): Promise<{ native: number; cpx: number }> {
  const { rows } = await pool.query<{ network: string; n: number }>(
    `select network, count(*)::int as n from completions group by network`,
  );
  const of = (name: string) => rows.find((r) => r.network === name)?.n ?? 0;
  return { native: of(NATIVE_NETWORK), cpx: of(CPX_SLUG) };
}

export async function benchPostbacks(opts: {
  databaseUrl: string;
  seconds: number;
  connections: number;
  rounds: number;
  log: (line: string) => void;
  /** Run before each round (the yardstick's run, so that it meets the same conditions). */
  beforeRound?: (round: number) => void;
}): Promise<PostbackBenchResult> {
  const warmUp = 2;
  // Enough fresh clicks for every round at a generous rate; beyond it, requests become replays (counted).
  const poolSize = Number(
    process.env.BENCH_POSTBACK_POOL ?? Math.max(20_000, 2_500 * (opts.seconds * opts.rounds + warmUp)),
  );
  const db = await createScratchDatabase(opts.databaseUrl, 'benchpb');
  let server: ServerProcess | null = null;
  try {
    opts.log(
      `bench: postbacks: preparing ${poolSize.toLocaleString('en-US')} members with a click of each kind`,
    );
    const { nativePaths, cpxPaths } = await seed(db.pool, db.url, poolSize);
    server = await ServerProcess.start(db.url, {
      TRUST_PROXY: '127.0.0.1',
      NETWORK_POSTBACK_RATE_LIMIT: '100000000',
    });
    const native = { next: 0 };
    const cpx = { next: 0 };
    const load = (paths: string[], state: { next: number }, duration = opts.seconds, overallRate?: number) =>
      autocannon({
        url: server!.url,
        // Paced runs use 4 connections: autocannon paces per tick, so 32 connections would send bursts of
        // 32 at once and measure their queue, where networks' postbacks arrive spread out.
        connections: overallRate ? Math.min(opts.connections, PACED_CONNECTIONS) : opts.connections,
        duration,
        requests: stream(paths, state),
        ...(overallRate ? { overallRate } : {}),
      });
    // Warm-up: every pooled connection prepares its statements, the JIT settles.
    await load(nativePaths, native, warmUp);
    await load(cpxPaths, cpx, warmUp);
    const before = await conversions(db.pool);
    const nativeRuns: PostbackFigure[] = [];
    const cpxRuns: PostbackFigure[] = [];
    for (let r = 0; r < opts.rounds; r++) {
      opts.beforeRound?.(r);
      nativeRuns.push(figure(await load(nativePaths, native)));
      cpxRuns.push(figure(await load(cpxPaths, cpx)));
      const n = nativeRuns[r]!;
      const c = cpxRuns[r]!;
      opts.log(
        `bench: round ${r + 1}: native postbacks ${Math.round(n.rps)}/s (p99 ${n.p99} ms, non-2xx ${n.non2xx}), cpx postbacks ${Math.round(c.rps)}/s (p99 ${c.p99} ms, non-2xx ${c.non2xx})`,
      );
    }
    const median = (runs: PostbackFigure[]) => [...runs].sort((a, b) => a.rps - b.rps)[runs.length >> 1]!.rps;
    const pacedRuns = async (paths: string[], state: { next: number }, runs: PostbackFigure[]) => {
      const out: PacedFigure[] = [];
      for (const rate of [PACED_FIXED_RATE, Math.max(1, Math.round(median(runs) / 2))])
        out.push({ ...figure(await load(paths, state, opts.seconds, rate)), rate });
      return out;
    };
    const paced = {
      native: await pacedRuns(nativePaths, native, nativeRuns),
      cpx: await pacedRuns(cpxPaths, cpx, cpxRuns),
    };
    for (const [kind, runs] of Object.entries(paced))
      opts.log(
        `bench: paced ${kind}: ${runs.map((x) => `${x.rate}/s p50 ${x.p50} ms p99 ${x.p99} ms`).join('; ')}`,
      );
    const after = await conversions(db.pool);
    return {
      nativeRuns,
      cpxRuns,
      credited: { native: after.native - before.native, cpx: after.cpx - before.cpx },
      paced,
      reused: {
        native: Math.max(0, native.next - poolSize),
        cpx: Math.max(0, cpx.next - poolSize),
      },
      poolSize,
      offersPerKind: OFFERS_PER_KIND,
      connections: opts.connections,
      seconds: opts.seconds,
    };
  } finally {
    await server?.stop();
    await db.drop();
  }
}
