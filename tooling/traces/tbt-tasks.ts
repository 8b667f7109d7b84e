// `npm --prefix tooling run tbt-tasks -- DIR`: where each Lighthouse run's Total Blocking Time came from. DIR holds the
// reports and traces of `LIGHTHOUSE_REPORT_DIR=DIR LIGHTHOUSE_TRACE_DIR=DIR npm --prefix tooling run lighthouse`
// (`_dashboard-0.json` with `_dashboard-0.trace.json`, and so on). For each run it prints the simulated
// long tasks (the report's `long-tasks` audit) that end after the reported first contentful paint, the
// blocking time each adds past it (its part after FCP, less 50 ms), and the task of the real trace it
// simulates, with what ran in it.
//
// How a simulated task is matched (lantern, @paulirish/trace_engine's Simulator): a main-thread task
// lasts its traced wall-clock time times the CPU slowdown, or times half the slowdown when it laid the
// page out (`layoutTaskMultiplier`, 0.5). Each simulated task is matched to the traced task whose
// scaled length is nearest. Lighthouse's TBT averages an optimistic and a pessimistic simulation, each
// against the other's FCP, so the per-task figures here are an attribution, not the reported sum
// (docs/benchmarks.md, "Lighthouse").
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { documentLoaderURL?: string }; beginData?: { url?: string } };
}
interface LongTask {
  url: string;
  startTime: number;
  duration: number;
}
interface Report {
  configSettings: { throttling: { cpuSlowdownMultiplier: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: LongTask[] } }>;
}

const BLOCKING_THRESHOLD_MS = 50;
const LAYOUT_TASK_MULTIPLIER = 0.5;
// What a task's contents are summed by: the work a page's author can act on, and Lighthouse's own
// source rundown (ScriptCatchup), which lands in the tasks that evaluate scripts.
const CONTENTS = [
  'ParseHTML',
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'RunMicrotasks',
  'ScriptCatchup',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
];

const dir = process.argv[2];
if (!dir) {
  console.error(
    'usage: npm --prefix tooling run tbt-tasks -- DIR (reports and traces from LIGHTHOUSE_REPORT_DIR and LIGHTHOUSE_TRACE_DIR)',
  );
  process.exit(2);
}

const runs = readdirSync(dir)
  .filter((f) => /-\d+\.json$/.test(f) && !f.endsWith('.trace.json'))
  .sort();
if (runs.length === 0) {
  console.error(`tbt-tasks: no reports (NAME-N.json) in ${dir}`);
  process.exit(1);
}

for (const file of runs) {
  const tracePath = path.join(dir, file.replace(/\.json$/, '.trace.json'));
  let events: TraceEvent[];
  try {
    const trace = JSON.parse(readFileSync(tracePath, 'utf8')) as
      { traceEvents?: TraceEvent[] } | TraceEvent[];
    events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  } catch {
    console.log(`${file}: no trace beside it (${path.basename(tracePath)}); skipped`);
    continue;
  }
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Report;
  const slowdown = report.configSettings.throttling.cpuSlowdownMultiplier;
  const fcp = report.audits['first-contentful-paint']?.numericValue ?? 0;
  const tbt = report.audits['total-blocking-time']?.numericValue ?? 0;

  // The page's renderer main thread: the thread that parsed the page's own HTML.
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith('http'));
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  if (!parse || !navigation) {
    console.log(`${file}: the trace has no navigation to an http page; skipped`);
    continue;
  }
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const within = (task: TraceEvent, e: TraceEvent) => e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0);
  const tasks = main
    .filter((e) => e.name === 'RunTask' && e.ts >= navigation.ts - 500_000)
    .map((task) => ({
      task,
      laysOut: main.some((e) => e.name === 'Layout' && within(task, e)),
    }));

  console.log(
    `${file}: TBT ${Math.round(tbt)} ms, FCP ${Math.round(fcp)} ms, CPU ${slowdown.toFixed(2)}x; simulated long tasks ending after FCP:`,
  );
  const longTasks = (report.audits['long-tasks']?.details?.items ?? []).filter(
    (t) => t.startTime + t.duration > fcp,
  );
  if (longTasks.length === 0) console.log('  none');
  for (const simulated of longTasks.sort((a, b) => a.startTime - b.startTime)) {
    const pastFcp = simulated.startTime + simulated.duration - Math.max(simulated.startTime, fcp);
    const blocking = Math.max(0, pastFcp - BLOCKING_THRESHOLD_MS);
    const scaled = ({ task, laysOut }: (typeof tasks)[number]) =>
      ((task.dur ?? 0) / 1000) * slowdown * (laysOut ? LAYOUT_TASK_MULTIPLIER : 1);
    const nearest = tasks
      .map((t) => ({ ...t, error: Math.abs(scaled(t) - simulated.duration) }))
      .sort((a, b) => a.error - b.error)[0];
    const head = `  ${Math.round(simulated.startTime)}+${Math.round(simulated.duration)} ms simulated, ${Math.round(blocking)} ms blocking past FCP`;
    if (!nearest || nearest.error > 2) {
      console.log(`${head}: no traced task of that length`);
      continue;
    }
    const sums = new Map<string, number>();
    for (const e of main)
      if (CONTENTS.includes(e.name) && within(nearest.task, e))
        sums.set(e.name, (sums.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    const contents = [...sums]
      .filter(([, ms]) => ms >= 0.5)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(', ');
    console.log(
      `${head}: traced task at ${((nearest.task.ts - navigation.ts) / 1000).toFixed(1)} ms, ${((nearest.task.dur ?? 0) / 1000).toFixed(1)} ms wall${nearest.laysOut ? ' (lays out: half the slowdown)' : ''}${contents ? `: ${contents}` : ''}`,
    );
  }
}
