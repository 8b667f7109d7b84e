// `npm run lighthouse` (and `npm run lighthouse:check`, which CI runs): Lighthouse on /login and
// /dashboard (mobile, the defaults) and /admin/ (desktop), against the real server started as
// `npm start` starts it (demo mode: PGlite in a temporary folder, the Firebase Auth Emulator), with
// Debian's Chromium. /dashboard needs a signed-in member: the script signs one in through the emulator
// and the login call, and passes the session cookie as an extra header.
// Writes "## Lighthouse" in docs/benchmarks.md. --check fails when performance or accessibility is
// below 95 on a member page (DESIGN.md section 6) and prints what Lighthouse flags.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Result as LhResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import * as constants from 'lighthouse/core/config/constants.js';
import * as chromeLauncher from 'chrome-launcher';
import { measureReferenceWorkload } from './support/cpu-calibration';
import { CHROME_FLAGS, memberCookie, startDemoServer } from './support/demo-server';

const CHECK = process.argv.includes('--check');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3300);
const EMULATOR = process.env.LIGHTHOUSE_EMULATOR_HOST ?? '127.0.0.1:9499';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const THRESHOLD = 95;
const MOBILE_THROTTLING = constants.throttling.mobileSlow4G;
// Lighthouse's own advice for a stable figure: several runs per page. Each category's score is the
// median of the runs' scores (Lighthouse CI's "median" aggregation), which the bar is checked against;
// the timings and flagged audits are those of the median run (computeMedianRun: median FCP and
// interactive time). LIGHTHOUSE_RUNS=1 for a quick look.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
/** Issue 16's target for each run of a member page (printed; the gate stays the median ≥ THRESHOLD). */
const RUN_TARGET = 98;
/** LIGHTHOUSE_PAGES=/dashboard (comma-separated) audits only those pages and leaves the doc alone. */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? null;
const DOC = path.resolve('docs/benchmarks.md');

// CPU calibration: every run should emulate the same phone, whatever machine CI lands on. Lighthouse
// suggests dividing the host's benchmarkIndex (docs/throttling.md); on this project's CI machines that
// index moved by a factor of two (about 1,200 on one, 2,400 on another) while the page work of the same
// build did not, so the slowdown comes instead from a reference workload of the page-load kind (style,
// layout, text, JavaScript: scripts/support/cpu-calibration.ts), measured in the same Chromium before
// the audits. The emulated phone runs that workload in PHONE_REFERENCE_MS; the constant was set so that
// the machine where the two disagreed gets Lighthouse's own calculator figure for the earlier machines'
// index (2.77x at 1,185), since both ran the pages alike (docs/decisions.md). The benchmarkIndex is still
// printed for the record. LIGHTHOUSE_CPU_SLOWDOWN=4 pins it (Lighthouse's default).
const PHONE_REFERENCE_MS = 680;
const PINNED_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : null;
function slowdownFor(referenceMs: number): number {
  // Never below 1 (no speed-up) nor above 8 (a host that fast is not what this project runs on).
  return Math.min(8, Math.max(1, Math.round((PHONE_REFERENCE_MS / referenceMs) * 100) / 100));
}

function medianOf(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface PageResult {
  page: string;
  formFactor: 'mobile' | 'desktop';
  member: boolean;
  scores: Record<string, number>;
  flagged: string[];
  metrics: Record<string, string>;
  /** Performance score of every run, in order (the reported scores are the median run's). */
  performanceRuns: number[];
  /** Total Blocking Time of every run, in ms. */
  tbtRuns: number[];
  /** The host's benchmarkIndex as Lighthouse measured it in each run, and the CPU slowdown the run used. */
  calibration: { benchmarkIndex: number; slowdown: number }[];
}

/** The reference workload's median duration on this host (ms), measured once before the audits. */
async function audit(
  port: number,
  url: string,
  page: string,
  formFactor: 'mobile' | 'desktop',
  cookie: string | null,
  mobileSlowdown: number,
): Promise<PageResult> {
  const runs: LhResult[] = [];
  const calibration: PageResult['calibration'] = [];
  // One warm-up run per page (discarded): the server's and Chromium's caches are warm for every
  // counted run. Every mobile run uses the one slowdown calibrated before the audits.
  for (let i = -1; i < RUNS; i++) {
    const slowdown = formFactor === 'desktop' ? 1 : mobileSlowdown;
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
        ...(formFactor === 'mobile'
          ? { throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: slowdown } }
          : {}),
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (i < 0) continue;
    runs.push(result.lhr);
    if (process.env.LIGHTHOUSE_TRACE_DIR)
      writeFileSync(
        path.join(process.env.LIGHTHOUSE_TRACE_DIR, `${page.replace(/\W+/g, '_')}-${i}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    calibration.push({ benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex), slowdown });
  }
  const lhr = computeMedianRun(runs);
  const runScores = (c: string) => runs.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100));
  const performanceRuns = runScores('performance');
  // LIGHTHOUSE_REPORT_DIR keeps the full reports for a closer look (bootup time, long tasks).
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    writeFileSync(
      path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.replace(/\W+/g, '_') || 'root'}.json`),
      JSON.stringify(lhr),
    );
  }
  const scores: Record<string, number> = {};
  const flagged: string[] = [];
  for (const c of CATEGORIES) {
    const cat = lhr.categories[c];
    scores[c] = medianOf(runScores(c));
    if (c !== 'performance' && c !== 'accessibility') continue;
    for (const ref of cat?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9 || ref.weight === 0) continue;
      flagged.push(`${c}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  }
  const m = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
  return {
    page,
    formFactor,
    member: page !== '/admin/',
    scores,
    flagged,
    performanceRuns,
    tbtRuns: runs.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? 0)),
    calibration,
    metrics: {
      FCP: m('first-contentful-paint'),
      LCP: m('largest-contentful-paint'),
      TBT: m('total-blocking-time'),
      CLS: m('cumulative-layout-shift'),
    },
  };
}

function upsertSection(doc: string, heading: string, body: string): string {
  const start = doc.indexOf(`\n${heading}\n`);
  const block = `${heading}\n\n${body.trim()}\n`;
  if (start === -1) return `${doc.trimEnd()}\n\n${block}`;
  const rest = doc.indexOf('\n## ', start + heading.length + 2);
  return `${doc.slice(0, start + 1)}${block}${rest === -1 ? '' : `\n${doc.slice(rest + 1)}`}`;
}

async function main() {
  if (!existsSync(CHROME_PATH))
    throw new Error(`Chromium not found at ${CHROME_PATH} (apt-get install chromium)`);
  const server = await startDemoServer(PORT, EMULATOR);
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  const results: PageResult[] = [];
  try {
    const cookie = await memberCookie(server.base, EMULATOR);
    let mobileSlowdown = PINNED_SLOWDOWN;
    if (mobileSlowdown)
      console.log(`lighthouse: CPU slowdown ${mobileSlowdown}x, pinned by LIGHTHOUSE_CPU_SLOWDOWN`);
    else {
      const referenceMs = await measureReferenceWorkload(CHROME_PATH, CHROME_FLAGS);
      mobileSlowdown = slowdownFor(referenceMs);
      console.log(
        `lighthouse: reference workload ${referenceMs.toFixed(0)} ms on this host (the emulated phone: ${PHONE_REFERENCE_MS} ms) → CPU slowdown ${mobileSlowdown}x`,
      );
    }
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const pages = [
      ['/login', 'mobile', null],
      ['/dashboard', 'mobile', cookie],
      ['/admin/', 'desktop', null],
    ] as const;
    for (const [page, formFactor, pageCookie] of pages) {
      if (ONLY && !ONLY.includes(page)) continue;
      results.push(
        await audit(chrome.port, `${server.base}${page}`, page, formFactor, pageCookie, mobileSlowdown),
      );
    }
  } finally {
    await chrome?.kill();
    await server.stop();
  }

  const lines = results.map(
    (r) =>
      `| \`${r.page}\` | ${r.formFactor} | ${CATEGORIES.map((c) => r.scores[c]).join(' | ')} | ${r.metrics.FCP} / ${r.metrics.LCP} / ${r.metrics.TBT} / ${r.metrics.CLS} | ${r.performanceRuns.join(', ')} | ${r.tbtRuns.join(', ')} | ${r.formFactor === 'desktop' ? 'desktop preset' : r.calibration.map((c) => `${c.slowdown}x (${c.benchmarkIndex})`).join(', ')} |`,
  );
  const failing = results.filter(
    (r) => r.member && (r.scores.performance! < THRESHOLD || r.scores.accessibility! < THRESHOLD),
  );
  const targetMissed = results
    .filter((r) => r.member)
    .flatMap((r) =>
      r.performanceRuns.flatMap((score, i) =>
        score < RUN_TARGET || r.tbtRuns[i]! >= 100
          ? [`${r.page} run ${i + 1} (${score}, TBT ${r.tbtRuns[i]} ms)`]
          : [],
      ),
    );
  const flaggedText = results
    .filter((r) => r.flagged.length)
    .map((r) => `- \`${r.page}\`: ${r.flagged.join('; ')}`)
    .join('\n');
  const body = `Command: \`npm run lighthouse\` (scripts/lighthouse.ts; \`npm run lighthouse:check\` in CI fails below ${THRESHOLD} in performance or accessibility on the member pages). Lighthouse ${'from npm'} with Debian's Chromium (\`CHROME_PATH=${CHROME_PATH}\`, headless), against the server started as \`npm start\` starts it (demo mode, built front-ends); /dashboard with a member signed in through the Auth Emulator. ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}.

Each page is audited ${RUNS} times after one discarded warm-up run; scores are the median of the runs' scores (the gate is checked against them), timings those of Lighthouse's median run (\`computeMedianRun\`). The mobile CPU slowdown is calibrated before the audits from a reference workload of the page-load kind (style, layout, text, JavaScript) timed in the same Chromium, so that each run emulates the same phone, one that runs the workload in ${PHONE_REFERENCE_MS} ms; Lighthouse's benchmarkIndex of each run is shown beside it (scripts/lighthouse.ts, scripts/support/cpu-calibration.ts, docs/decisions.md).

Target of issue 16 for the member pages: performance at least ${RUN_TARGET} in every run, TBT under 100 ms: ${targetMissed.length ? `**missed** by ${targetMissed.join(', ')}` : 'met'}.

| page | form factor | performance | accessibility | best practices | SEO | FCP / LCP / TBT / CLS | performance, each run | TBT (ms), each run | CPU slowdown (host benchmarkIndex), each run |
|---|---|---:|---:|---:|---:|---|---|---|---|
${lines.join('\n')}

Bar (DESIGN.md section 6): performance and accessibility at least ${THRESHOLD} on /login and /dashboard: ${failing.length ? `**not met** on ${failing.map((f) => f.page).join(', ')}` : 'met'}.${flaggedText ? `\n\nWhat Lighthouse flags (performance and accessibility audits scoring below 0.9):\n\n${flaggedText}` : ''}`;
  if (!ONLY) {
    const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n';
    writeFileSync(DOC, upsertSection(doc, '## Lighthouse', body));
  }
  for (const r of results)
    console.log(
      `lighthouse: ${r.page} (${r.formFactor}) ${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')} (median of ${RUNS})` +
        `\n  each run: ${r.performanceRuns
          .map(
            (score, i) =>
              `${score}${r.member ? (score >= RUN_TARGET ? ' ≥' : ' <') + ` ${RUN_TARGET}` : ''} (TBT ${r.tbtRuns[i]} ms, CPU ${r.calibration[i]!.slowdown}x at index ${r.calibration[i]!.benchmarkIndex})`,
          )
          .join('; ')}` +
        `${r.flagged.length ? `\n  flagged: ${r.flagged.join('\n  flagged: ')}` : ''}`,
    );
  console.log(
    `lighthouse: target of ${RUN_TARGET} in every run and TBT under 100 ms on the member pages: ${targetMissed.length ? `missed by ${targetMissed.join(', ')}` : 'met'}; gate: median ≥ ${THRESHOLD}`,
  );
  if (CHECK && failing.length) {
    console.error(
      `lighthouse: below ${THRESHOLD} in performance or accessibility on ${failing.map((f) => f.page).join(', ')}`,
    );
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
