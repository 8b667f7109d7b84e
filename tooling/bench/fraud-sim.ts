// `npm --prefix tooling run fraud:sim` (issue 33, "Measured, not asserted"): a month of traffic, honest members and
// fraud, replayed through the public API against a real server process on PostgreSQL with
// TRUST_PROXY=1 (X-Forwarded-For sets each member's address), with an operator reviewing the queue
// once per simulated day. The same traffic runs twice side by side: with the trust checks on (the
// server's default policy, or FRAUD_SIM_POLICY) and as a baseline with every rule of the policy off.
// It prints, per seed (a fixed one and three others), the share of the fraud's voucher value never
// revealed before review, the share of honest members whose rewards were delayed or denied, the median
// delay, and the rupees kept; then a markdown table for docs/benchmarks.md.
//
//   DATABASE_URL     the PostgreSQL server it creates its scratch databases on (rewards_fraudsim_*,
//                    dropped at the end); default postgres://postgres@127.0.0.1:5432/postgres
//   FRAUD_SIM_SEEDS  comma-separated seeds, the first is the fixed one (default 20261,1,2,3)
//   FRAUD_SIM_DAY_MS real milliseconds per simulated day (default 3000: the month and the regulars' week before it in under 2 minutes)
//   FRAUD_SIM_HONEST honest members (default 150); the fraud populations are fixed (38 accounts)
//   FRAUD_SIM_POLICY a JSON file with a policy (shared/contract/admin/reviews.ts riskPolicy) to PUT
//                    before the run with the checks on (a tuned policy), instead of the default
//   FRAUD_SIM_BASELINE=0  skip the baseline runs
//   FRAUD_SIM_WRITE=1     write the figures into docs/benchmarks.md (section "Trust and safety: fraud simulation")
//
// Ground truth stays in this process: the operator (fraud-sim/operator.ts) decides from the queue only.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import {
  createAdmin,
  createScratchDatabase,
  REL_POSTBACK_SECRET,
  REL_SESSION_SECRET,
  type ScratchDatabase,
} from '../../tests/reliability/support/db';
import { ServerProcess, freePort } from '../../tests/reliability/support/server-process';
import { startAuthEmulator, type Emulator } from '../../server/demo/emulator';
import type { RiskPolicy } from '../../shared/contract/admin/reviews';
import { driveMonth, type DriverResult } from './fraud-sim/driver';
import { OPERATOR_RULE_TEXT } from './fraud-sim/operator';
import {
  FREE_SPIN_EV,
  OFFERS,
  POPULATIONS,
  POPULATION_LABELS,
  planMonth,
  REVERSAL_WINDOW_DAYS,
  WARMUP_DAYS,
  type Actor,
  type Population,
} from './fraud-sim/population';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SEEDS = (process.env.FRAUD_SIM_SEEDS ?? '20261,1,2,3').split(',').map((s) => Number(s.trim()));
const DAY_MS = Number(process.env.FRAUD_SIM_DAY_MS ?? 3000);
const HONEST = Number(process.env.FRAUD_SIM_HONEST ?? 150);
const DAYS = 30;
const BASELINE = process.env.FRAUD_SIM_BASELINE !== '0';
const PROJECT_ID = 'demo-spinrewards';
const DOC = path.resolve('docs/benchmarks.md');
/** Simulated hours per real millisecond. */
const SIM_HOURS_PER_MS = 24 / DAY_MS;

const log = (line: string) => console.log(line);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-IN', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (x: number) => `${fmt(x * 100, 1)} %`;
const median = (xs: number[]) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function seedDatabase(pool: pg.Pool): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, o] of OFFERS.entries()) {
    const { rows } = await pool.query<{ id: number }>(
      `insert into offers (title, description, offer_url, external_offer_id, network, category, slot_config, is_active)
       values ($1, $2, 'https://partner.example.com/go?cid={click_id}', $3, 'native', $4, $5, true) returning id`,
      [
        o.title,
        `${o.category} offer of the fraud simulation`,
        `fraudsim-${i}`,
        o.category,
        JSON.stringify({ reels: o.reels }),
      ],
    );
    ids.push(rows[0]!.id);
  }
  // Codes enough that no win is ever owed: every amount any table or the free spin can draw.
  for (const amount of [5, 10, 25, 50, 100])
    await pool.query(
      `insert into vouchers (voucher_code, voucher_brand, voucher_amount, expiry_date)
       select 'SIM' || $1::text || '-' || i, 'SimBrand', $1::numeric, '2099-12-31' from generate_series(1, 4000) as i`,
      [amount],
    );
  return ids;
}

interface RunSetup {
  label: string;
  trust: boolean;
}

/**
 * The hold hours on the simulated clock: a day lasts DAY_MS, so a medium hold's wait (its release time,
 * which the server sets in real hours) is compressed by the same factor as soon as it is written (every
 * 250 ms: 2 simulated hours at most late), and the server's own timer releases it (every second). A
 * partner's reversal, an operator's decision and the timer then meet in the order they would in a real
 * month; the member comes back the next simulated day and spins what was released.
 */
function holdClock(pool: pg.Pool): { stop: () => Promise<void> } {
  const factor = DAY_MS / 86_400_000;
  let running: Promise<unknown> = Promise.resolve();
  const compress = () =>
    pool.query(
      `update reward_holds set release_at = created_at + (release_at - created_at) * $1::float8
        where status = 'held' and release_at - created_at > interval '${COMPRESSED_AT_MOST_MINUTES} minutes'`,
      [factor],
    );
  const timer = setInterval(() => {
    running = running.then(compress).catch(() => {});
  }, 250);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      await compress();
    },
  };
}
/** A wait longer than this is in real hours still (a compressed 100-day hold is 5 minutes). */
const COMPRESSED_AT_MOST_MINUTES = 5;

interface RunOutcome {
  setup: RunSetup;
  result: DriverResult;
  policyNote: string;
  /** Click→conversion seconds as the server recorded them, per population. */
  timingNote: string;
}

async function adminFetch(base: string, cookie: string, method: 'GET' | 'PUT', p: string, body?: unknown) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

async function runOnce(actors: Actor[], setup: RunSetup, emulatorHost: string): Promise<RunOutcome> {
  let db: ScratchDatabase | undefined;
  let server: ServerProcess | undefined;
  try {
    db = await createScratchDatabase(DATABASE_URL, `fraudsim_${process.pid}`);
    const offerIds = await seedDatabase(db.pool);
    const admin = await createAdmin(db.pool, `simoperator${setup.trust ? 'on' : 'off'}`);
    const port = await freePort();
    server = new ServerProcess(
      db.url,
      port,
      {},
      {
        entry: 'tooling/bench/fraud-sim-serve.ts',
        env: {
          ...process.env,
          // Demo mode only so that the server accepts the Auth Emulator's tokens; no demo data is made.
          NODE_ENV: 'development',
          DATABASE_URL: db.url,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          FIREBASE_PROJECT_ID: PROJECT_ID,
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
          POSTBACK_SECRET: REL_POSTBACK_SECRET,
          SESSION_SECRET: REL_SESSION_SECRET,
          TRUST_PROXY: '1',
          // A month of sign-ins lands in two minutes: the per-address sign-in limit (30 a minute) would
          // refuse what a month spreads out, so it is raised out of the way.
          MEMBER_LOGIN_RATE_LIMIT: '100000',
          // The server's timer releases due holds every second (8 simulated hours), on the hold hours
          // compressed as the days are (holdClock below).
          HOLD_RELEASE_INTERVAL_SECONDS: '1',
          LOG_LEVEL: 'warn',
        },
      },
    );
    await server.spawn();
    let policyNote = 'server default policy';
    const policy = await adminFetch(server.url, admin.cookie, 'GET', '/api/admin/risk-policy.php');
    if (policy.status === 404) policyNote = 'no risk policy on this server (no trust checks)';
    else if (policy.status !== 200)
      throw new Error(`risk policy: ${policy.status} ${JSON.stringify(policy.json)}`);
    else {
      let next = policy.json.policy as RiskPolicy;
      if (!setup.trust) {
        next = {
          ...next,
          rules: Object.fromEntries(
            Object.entries(next.rules).map(([code, rule]) => [code, { ...rule, enabled: false }]),
          ) as RiskPolicy['rules'],
        };
        policyNote = 'every rule of the policy off';
      } else if (process.env.FRAUD_SIM_POLICY) {
        next = JSON.parse(readFileSync(process.env.FRAUD_SIM_POLICY, 'utf8')) as RiskPolicy;
        policyNote = `policy from ${process.env.FRAUD_SIM_POLICY}`;
      } else {
        // What docs/trust-and-safety.md asks of an operator: the partner's hold hours set to its reversal
        // window, so that a medium hold meets the partner's reversal before its release.
        next = {
          ...next,
          hold_hours: {
            ...next.hold_hours,
            networks: { ...next.hold_hours.networks, native: REVERSAL_WINDOW_DAYS.to * 24 },
          },
        };
        policyNote = `server default policy, the partner's hold hours set to its reversal window (${REVERSAL_WINDOW_DAYS.to * 24} h)`;
      }
      const put = await adminFetch(server.url, admin.cookie, 'PUT', '/api/admin/risk-policy.php', next);
      if (put.status !== 200)
        throw new Error(`setting the policy: ${put.status} ${JSON.stringify(put.json)}`);
    }
    const clock = holdClock(db.pool);
    const result = await driveMonth(actors, {
      baseUrl: server.url,
      emulatorHost,
      adminCookie: admin.cookie,
      postbackSecret: REL_POSTBACK_SECRET,
      offerIds,
      days: DAYS,
      dayMs: DAY_MS,
      operator: setup.trust,
      log: (line) => log(`${setup.label}${line}`),
    }).finally(() => clock.stop());
    // What the server measured (read after the month, for the report only): click→conversion seconds
    // per population, against which the fast_conversion rule compares a tenth of the offer's median.
    const timing = await db.pool.query<{ user_id: number; s: number }>(
      `select c.user_id, extract(epoch from c.created_at - k.created_at)::float8 as s
         from completions c join clicks k on k.id = c.click_id`,
    );
    const populationOf = new Map([...result.members].map(([a, m]) => [m.userId, a.population]));
    const seconds = new Map<Population, number[]>();
    for (const row of timing.rows) {
      const p = populationOf.get(row.user_id);
      if (p) seconds.set(p, [...(seconds.get(p) ?? []), Number(row.s)]);
    }
    const timingNote = [...seconds]
      .map(([p, xs]) => {
        const sorted = [...xs].sort((a, b) => a - b);
        return `${p} median ${fmt(median(xs)!, 2)} s (max ${fmt(sorted[sorted.length - 1]!, 2)} s)`;
      })
      .join(', ');
    if (result.serverErrors || result.errors.some((e) => / 5\d\d /.test(e)))
      log(`${setup.label}the server's log around its errors:\n${server.output.slice(-3000)}`);
    return { setup, result, policyNote, timingNote };
  } finally {
    await server?.stop().catch(() => {});
    await db?.drop().catch((e: unknown) => console.error(`could not drop ${db?.name}: ${String(e)}`));
  }
}

interface Figures {
  fraudEarned: number;
  fraudRevealed: number;
  /** Fraud rewards still held at the end with a timed release: counted as revealed (they would be). */
  fraudReleasedLater: number;
  fraudKept: number;
  keptShare: number;
  /** The ₹ of the codes fraud accounts actually saw. */
  fraudWon: number;
  honest: number;
  honestDelayed: number;
  honestDenied: number;
  medianDelayHours: number | null;
  delays: number;
  holds: number;
  byPopulation: Map<Population, { earned: number; revealed: number; accounts: number }>;
  reasons: { honest: Map<string, number>; fraud: Map<string, number> };
  levels: Map<string, number>;
  /** How the fraud's revealed offer spins got out: never held, or held then approved by the operator. */
  leaks: Map<string, number>;
  /**
   * The most any policy could keep without holding people it has no evidence against: everything but
   * the reversal-heavy members' rewards approved before their first reversal (until then the server
   * sees people's timings, carrier addresses and one device, as it does of honest members).
   */
  ceilingShare: number;
  /** Honest members who converted again after a partner reversed one of theirs: a rule that held
   * every reward after a first reversal would delay each of them. */
  honestConvertedAfterReversal: number;
}

function figures(actors: Actor[], r: DriverResult): Figures {
  const byUser = new Map<number, Actor>();
  for (const [actor, m] of r.members) byUser.set(m.userId, actor);
  const byPopulation = new Map<Population, { earned: number; revealed: number; accounts: number }>();
  for (const p of POPULATIONS)
    byPopulation.set(p, {
      earned: 0,
      revealed: 0,
      accounts: actors.filter((a) => a.population === p).length,
    });
  const add = (actor: Actor, earned: number, revealed: number) => {
    const row = byPopulation.get(actor.population)!;
    row.earned += earned;
    row.revealed += revealed;
  };
  let fraudWon = 0;
  for (const c of r.conversions) {
    add(c.actor, c.ev, c.spun ? c.ev : 0);
    if (c.actor.fraud) fraudWon += c.won;
  }
  for (const [actor, n] of r.referralEarned) add(actor, n * FREE_SPIN_EV, 0);
  for (const [actor, f] of r.freeSpins) {
    add(actor, 0, f.spun * FREE_SPIN_EV);
    if (actor.fraud) fraudWon += f.won;
  }
  // A fraud reward still held at the end that the server would release on its own: lost, later.
  let fraudReleasedLater = 0;
  const honestDelayed = new Set<Actor>();
  const honestDenied = new Set<Actor>();
  const delays: number[] = [];
  const reasons = { honest: new Map<string, number>(), fraud: new Map<string, number>() };
  const levels = new Map<string, number>();
  const endMs = Date.now();
  for (const h of r.holds) {
    // A referral reward's hold judges the referred member; the reward is their referrer's.
    const judged = byUser.get(h.user_id);
    const actor = h.kind === 'referral' ? (judged?.referrer ?? judged) : judged;
    if (!actor) continue;
    levels.set(h.level, (levels.get(h.level) ?? 0) + 1);
    const tally = actor.fraud ? reasons.fraud : reasons.honest;
    for (const reason of h.reasons) tally.set(reason.code, (tally.get(reason.code) ?? 0) + 1);
    const created = Date.parse(h.created_at);
    if (actor.fraud) {
      if (h.status === 'held' && h.release_at) {
        if (h.kind === 'referral') fraudReleasedLater += FREE_SPIN_EV;
        else {
          const c = r.conversions.find(
            (x) => x.actor === actor && !x.spun && OFFERS[x.offer]!.title === h.offer_title,
          );
          fraudReleasedLater += c?.ev ?? 0;
        }
      }
      continue;
    }
    honestDelayed.add(actor);
    if (h.status === 'denied') {
      honestDenied.add(actor);
      continue;
    }
    if (h.status === 'released' && h.decided_at) {
      // An operator's decision or the timer, both on the simulated clock (holdClock).
      delays.push((Date.parse(h.decided_at) - created) * SIM_HOURS_PER_MS);
    } else if (h.status === 'held' && h.release_at) {
      // Still waiting at the end of the run: released at release_at (its compressed hold hours).
      delays.push((Date.parse(h.release_at) - created) * SIM_HOURS_PER_MS);
    } else if (h.status === 'held') {
      delays.push((endMs - created) * SIM_HOURS_PER_MS);
    }
  }
  // Each member's first partner reversal (none: Infinity): before it, nothing the server sees tells a
  // reversal-heavy member from an honest one.
  const firstReversalOf = new Map<Actor, number>();
  for (const c of r.conversions)
    if (c.reversedAt !== null)
      firstReversalOf.set(c.actor, Math.min(firstReversalOf.get(c.actor) ?? Infinity, c.reversedAt));
  const firstReversal = (a: Actor) => firstReversalOf.get(a) ?? Infinity;
  const leaks = new Map<string, number>();
  for (const c of r.conversions) {
    if (!c.actor.fraud || !c.spun) continue;
    const userId = r.members.get(c.actor)?.userId;
    const hold = r.holds.find(
      (h) => h.kind === 'conversion' && h.user_id === userId && h.offer_title === OFFERS[c.offer]!.title,
    );
    // Never held: before or after the member's first partner reversal.
    const how = hold
      ? `${c.actor.population}: held ${hold.level} (${hold.reasons.map((x) => x.code).join('+')}), ${hold.status} by ${hold.decided_by ?? '–'}`
      : `${c.actor.population}: never held${c.approvedAt < firstReversal(c.actor) ? ', before any reversal of theirs' : ', after a reversal of theirs'}`;
    leaks.set(how, (leaks.get(how) ?? 0) + c.ev);
  }
  const unseeable = r.conversions
    .filter((c) => c.actor.population === 'reversal' && c.approvedAt < firstReversal(c.actor))
    .reduce((sum, c) => sum + c.ev, 0);
  const honestConvertedAfterReversal = new Set(
    r.conversions.filter((c) => !c.actor.fraud && c.approvedAt > firstReversal(c.actor)).map((c) => c.actor),
  ).size;
  let fraudEarned = 0;
  let fraudRevealed = 0;
  for (const [p, row] of byPopulation)
    if (p !== 'honest') {
      fraudEarned += row.earned;
      fraudRevealed += row.revealed;
    }
  const lost = fraudRevealed + fraudReleasedLater;
  const honestActors = actors.filter((a) => !a.fraud && r.members.has(a)).length;
  return {
    fraudEarned,
    fraudRevealed,
    fraudReleasedLater,
    fraudKept: fraudEarned - lost,
    keptShare: fraudEarned > 0 ? (fraudEarned - lost) / fraudEarned : 1,
    fraudWon,
    honest: honestActors,
    honestDelayed: honestDelayed.size,
    honestDenied: honestDenied.size,
    medianDelayHours: median(delays),
    delays: delays.length,
    holds: r.holds.length,
    byPopulation,
    reasons,
    levels,
    leaks,
    ceilingShare: fraudEarned > 0 ? (fraudEarned - unseeable) / fraudEarned : 1,
    honestConvertedAfterReversal,
  };
}

const delayText = (h: number | null) =>
  h === null ? '–' : h < 48 ? `${fmt(h, 1)} h` : `${fmt(h / 24, 1)} days`;

function tableRow(seed: number, label: string, f: Figures) {
  return `| ${seed} | ${label} | ₹${fmt(f.fraudEarned)} | ${pct(f.keptShare)} | ₹${fmt(f.fraudKept)} | ₹${fmt(f.fraudWon)} | ${f.honestDelayed}/${f.honest} (${pct(f.honest ? f.honestDelayed / f.honest : 0)}) | ${f.honestDenied}/${f.honest} (${pct(f.honest ? f.honestDenied / f.honest : 0)}) | ${delayText(f.medianDelayHours)} | ${pct(f.ceilingShare)} | ${f.honestConvertedAfterReversal}/${f.honest} (${pct(f.honest ? f.honestConvertedAfterReversal / f.honest : 0)}) |`;
}
const TABLE_HEAD = [
  '| seed | checks | fraud voucher value (expected) | never revealed before review (target ≥ 95 %) | ₹ kept (expected) | ₹ of codes fraud saw | honest members delayed (target ≤ 2 %) | honest members denied (target 0) | median delay | ceiling: kept at most, before a reversal nothing tells | honest members converting after a reversal of theirs |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];

function upsertSection(doc: string, heading: string, body: string): string {
  const start = doc.indexOf(`\n${heading}\n`);
  const block = `${heading}\n\n${body.trim()}\n`;
  if (start === -1) return `${doc.trimEnd()}\n\n${block}`;
  const rest = doc.indexOf('\n## ', start + heading.length + 2);
  return `${doc.slice(0, start + 1)}${block}${rest === -1 ? '' : `\n${doc.slice(rest + 1)}`}`;
}

const topReasons = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || 'none';

async function main() {
  const started = performance.now();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'fraudsim-'));
  const emulatorPort = await freePort(3);
  const emulatorHost = `127.0.0.1:${emulatorPort}`;
  let emulator: Emulator | undefined;
  const rows: string[] = [];
  let fraudAccounts = 0;
  try {
    emulator = await startAuthEmulator(emulatorHost, PROJECT_ID, workDir, []);
    log(
      `fraud:sim: ${os.cpus().length} cores, Node ${process.version}; ${HONEST} honest members and the fraud populations, ${DAYS} days of ${DAY_MS} ms; seeds ${SEEDS.join(', ')}${BASELINE ? ', each with its baseline (checks off) side by side' : ''}`,
    );
    log(`fraud:sim: operator rule: ${OPERATOR_RULE_TEXT}`);
    for (const [i, seed] of SEEDS.entries()) {
      const t = performance.now();
      const actors = planMonth({ seed, honest: HONEST, days: DAYS });
      fraudAccounts = actors.filter((a) => a.fraud).length;
      log(
        `\nseed ${seed}${i === 0 ? ' (fixed)' : ''}: ${actors.filter((a) => !a.fraud).length} honest, ${actors.filter((a) => a.fraud).length} fraud accounts`,
      );
      const runs = await Promise.all([
        runOnce(actors, { label: `  [checks on]  `, trust: true }, emulatorHost),
        ...(BASELINE ? [runOnce(actors, { label: `  [baseline]   `, trust: false }, emulatorHost)] : []),
      ]);
      for (const run of runs) {
        const f = figures(actors, run.result);
        const label = run.setup.trust ? 'on' : 'off (baseline)';
        rows.push(tableRow(seed, label, f));
        log(
          `${run.setup.trust ? '  [checks on]' : '  [baseline] '} ${run.policyNote}; ${run.result.requests} requests in ${fmt(run.result.realMs / 1000, 1)} s, ${run.result.conversions.length} approved conversions, ${f.holds} holds (${[...f.levels].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}), ${run.result.decisions.size} operator decisions${run.result.reviewQueue ? '' : '; the server has no review queue'}`,
        );
        log(
          `      fraud value ₹${fmt(f.fraudEarned)}: revealed ₹${fmt(f.fraudRevealed)}, held then released by the timer ₹${fmt(f.fraudReleasedLater)}, kept ₹${fmt(f.fraudKept)} = ${pct(f.keptShare)}; codes seen by fraud ₹${fmt(f.fraudWon)}`,
        );
        log(
          `      honest: ${f.honestDelayed}/${f.honest} delayed (${pct(f.honest ? f.honestDelayed / f.honest : 0)}), ${f.honestDenied} denied, median delay ${delayText(f.medianDelayHours)} over ${f.delays} held rewards`,
        );
        for (const p of POPULATIONS) {
          const row = f.byPopulation.get(p)!;
          if (p === 'honest') continue;
          log(
            `      ${POPULATION_LABELS[p]} (${row.accounts}): ₹${fmt(row.earned)} earned, ₹${fmt(row.revealed)} revealed (${pct(row.earned ? 1 - row.revealed / row.earned : 1)} kept)`,
          );
        }
        log(`      click→conversion as the server recorded it: ${run.timingNote}`);
        if (run.setup.trust && run.result.reviewQueue && f.leaks.size)
          log(
            `      how the fraud's revealed offer spins got out (₹ expected): ${[...f.leaks]
              .sort((a, b) => b[1] - a[1])
              .map(([k, v]) => `${k} ₹${fmt(v)}`)
              .join('; ')}`,
          );
        if (run.setup.trust && run.result.reviewQueue)
          log(
            `      reasons on honest holds: ${topReasons(f.reasons.honest)}\n      reasons on fraud holds: ${topReasons(f.reasons.fraud)}`,
          );
        if (run.result.serverErrors)
          log(
            `      ${run.result.serverErrors} postbacks answered 5xx and were resent (see the server's log above)`,
          );
        if (run.result.blocked.size)
          log(
            `      blocked by the server during the month: ${[...run.result.blocked].map((a) => a.key).join(', ')}`,
          );
        if (run.result.errors.length)
          log(
            `      ${run.result.errors.length} errors, first: ${run.result.errors.slice(0, 5).join(' | ')}`,
          );
      }
      log(`  seed ${seed} took ${fmt((performance.now() - t) / 1000, 0)} s`);
    }
  } finally {
    emulator?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  const total = (performance.now() - started) / 1000;
  const table = [...TABLE_HEAD, ...rows].join('\n');
  log(`\n${table}\n\nfraud:sim: ${fmt(total, 0)} s in all`);
  if (process.env.FRAUD_SIM_WRITE === '1') {
    const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const body = `Command: \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm --prefix tooling run fraud:sim\` (${when}; ${os.cpus().length} cores, Node ${process.version}; ${fmt(total, 0)} s for ${SEEDS.length} seeds${BASELINE ? ' with their baselines side by side' : ''}).

A month (${DAYS} simulated days of ${DAY_MS / 1000} s, after the ${WARMUP_DAYS} days before it in which a third of the honest members, the regulars, joined and did offers: the offers' click-to-conversion history) of traffic through the public API against the real server on PostgreSQL with \`TRUST_PROXY=1\` (each member's address in X-Forwarded-For): ${HONEST} honest members (home broadband and mobile-carrier addresses inside real Indian ISP ranges of the ASN dataset — Jio AS55836, Airtel AS24560/AS45609, BSNL AS9829, ACT AS24309 —, one or two devices each, families of 2-4 sharing a home address, friends referring friends, click→conversion 5-48 s) and ${fraudAccounts} fraud accounts: an account farm on AWS, DigitalOcean, OVH and Vultr addresses converting in 30-200 ms, a self-referral ring of 10 throwaway accounts on one home address with a new fingerprint each, a VPN-hopping member (M247 and Datacamp exits), three bot-speed members on home addresses, two reversal-heavy members (the partner reverses 3 in 4 of their conversions with native reversal postbacks), and a referral chain of 7 accounts. With the checks on, the policy is the server's default with the partner's hold hours set to its reversal window (${REVERSAL_WINDOW_DAYS.to * 24} h), as docs/trust-and-safety.md asks of an operator (\`FRAUD_SIM_POLICY\` replaces it). The simulation keeps the ground truth; the operator sees only the queue: ${OPERATOR_RULE_TEXT}.

How it counts: a reward's value is the expected ₹ of its spin (its offer's table; ₹${fmt(FREE_SPIN_EV, 1)} for a referral's free spin). A fraud reward is lost when its spin revealed a code (before or after a review); it is kept when it was held and denied, or still held with no timed release. Hold hours run on the simulated clock: the release time the server sets for a medium hold is compressed as the days are, and the server's timer releases due holds every second (8 simulated hours), so a partner's reversal, the operator's decision and the timer meet in the order a real month would have them; a member comes back the next simulated day and spins what was released. A fraud reward still held at the end with a timed release is counted as lost (the server would release it). "Delayed": an honest member with at least one held reward; a delay is the time from the hold to its release (by the timer or the operator) on the simulated clock, or, for a medium hold still waiting at the end, its hold hours. The baseline is the same traffic with every rule of the policy off (${BASELINE ? 'every rule of the policy off through PUT /api/admin/risk-policy.php' : 'not run'}). "Ceiling": the share kept if every fraud reward were stopped but the reversal-heavy members' rewards approved before their first partner reversal (until then the server sees what it sees of honest members: people's timings, carrier addresses, one device), the most a policy can keep without holding members it has no evidence against; reaching it takes holding every reward after a member's first reversal, which delays each honest member who converts again after one (the last column; target ≤ 2 %).

${table}`;
    writeFileSync(
      DOC,
      upsertSection(readFileSync(DOC, 'utf8'), '## Trust and safety: fraud simulation', body),
    );
    log(`fraud:sim: wrote the section of ${path.relative(process.cwd(), DOC)}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
