// `npm --prefix tooling run trace:page -- /dashboard`: loads a member page in Debian's Chromium with DevTools CPU
// throttling (4x by default, TRACE_CPU to change) against a demo server it starts, records a
// Chrome trace, and prints each long task (over 50 ms on the main thread) with what ran inside it:
// the scripts' functions by self time, style, layout, paint, parsing, GC. It is how the dashboard's
// long task was found; the raw trace is kept with TRACE_OUT=file.json for chrome://tracing.
// TRACE_PROFILE=1 also samples the JavaScript and prints self time by source file and function, mapped
// through the build's source maps when it has them (`npx vite build --sourcemap`).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import TraceGatherer from 'lighthouse/core/gather/gatherers/trace.js';
import { chromium } from 'playwright-core';
import { startDemoServer, memberCookie, CHROME_FLAGS } from '../support/demo-server';
import { freeEmulatorHost, freePort } from '../../server/lib/free-port';

const page = process.argv[2] ?? '/dashboard';
const CPU = Number(process.env.TRACE_CPU ?? 4);
const RUNS = Number(process.env.TRACE_RUNS ?? 2);
/**
 * TRACE_EXTRA=a,b: more trace categories, e.g. disabled-by-default-v8.compile (V8's parses: how
 * React DOM's sentinel errors were found re-parsing its chunk) or Lighthouse's source rundown
 * (disabled-by-default-devtools.v8-source-rundown,…-sources), left out of TRACE_LIGHTHOUSE's set.
 */
const EXTRA_CATEGORIES = (process.env.TRACE_EXTRA ?? '').split(',').filter(Boolean);
/** TRACE_CHROME_ARGS='--js-flags=…': more Chromium flags, for experiments. */
const CHROME_EXTRA_ARGS = (process.env.TRACE_CHROME_ARGS ?? '').split(' ').filter(Boolean);
/** Tasks longer than this (ms) are listed; 50 is the long-task threshold, lower to see what a slower phone would block on. */
const MIN_MS = Number(process.env.TRACE_MIN_MS ?? 50);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string; stackTrace?: unknown } };
}

function summarise(events: TraceEvent[], samplesIn?: (from: number, to: number) => string) {
  // The page's main thread: of the renderer main threads (a service worker or a blank page may
  // have their own), the one that ran the most work.
  const mains = events.filter(
    (e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain',
  );
  const work = (t: TraceEvent) =>
    events.reduce(
      (sum, e) => (e.pid === t.pid && e.tid === t.tid && e.ph === 'X' ? sum + (e.dur ?? 0) : sum),
      0,
    );
  const main = mains.sort((a, b) => work(b) - work(a))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? onMain[0]!.ts;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > MIN_MS * 1000);
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const inner = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const byName = new Map<string, number>();
    for (const e of inner) {
      const label =
        e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.compile'
          ? `${e.name} ${(e.args?.data?.functionName || '') + ' ' + (e.args?.data?.url ?? '').replace(/^.*\//, '')}`
          : e.name;
      byName.set(label, (byName.get(label) ?? 0) + (e.dur ?? 0));
    }
    const top = [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(
      `task at ${((task.ts - nav) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms (${CPU}x CPU)`,
    );
    for (const [name, dur] of top) console.log(`    ${(dur / 1000).toFixed(1).padStart(7)} ms  ${name}`);
    if (samplesIn) console.log(`  JavaScript in it, by self time:\n${samplesIn(task.ts, end)}`);
  }
  const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.dur! / 1000 - 50), 0);
  console.log(
    `tasks over ${MIN_MS} ms: ${tasks.length}; blocking time (sum of the part over 50 ms): ${blocking.toFixed(0)} ms`,
  );
}

const LIGHTHOUSE_CATEGORIES = (TraceGatherer as unknown as { getDefaultTraceCategories(): string[] })
  .getDefaultTraceCategories()
  .filter((c) => c !== '-*' && !c.includes('rundown'));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, TraceMap | null>();
function mapFor(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = path.join('dist/member', new URL(url).pathname + '.map');
    maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return maps.get(url)!;
}

function nodeLabel(node: ProfileNode): { file: string; name: string } {
  const { url, lineNumber, columnNumber, functionName } = node.callFrame;
  let file = url ? url.replace(/^.*\//, '') : `(${functionName || 'native'})`;
  let name = functionName || '(anonymous)';
  const map = url.startsWith('http') ? mapFor(url) : null;
  if (map) {
    const pos = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
    if (pos.source) {
      file = pos.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
      name = `${pos.name ?? name} (${file}:${pos.line})`;
    } else name = `${name} (${file}:${lineNumber + 1}:${columnNumber})`;
  }
  return { file, name };
}

/** Self time of each function among the samples taken between two trace timestamps. */
function sampler(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  return (from: number, to: number) => {
    const self = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      if (times[i]! < from || times[i]! > to) return;
      const { name } = nodeLabel(byId.get(id)!);
      self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
    });
    return [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([k, us]) => `      ${(us / 1000).toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  };
}

function printProfile(profile: Profile) {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (!us) continue;
    const { file, name } = nodeLabel(node);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `    ${(us / 1000).toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  console.log(`JavaScript self time by source file (${CPU}x CPU):\n${top(byFile, 15)}`);
  console.log(`by function:\n${top(byFunction, 25)}`);
}

async function main() {
  const emulator = await freeEmulatorHost();
  const server = await startDemoServer(
    process.env.TRACE_PORT ? Number(process.env.TRACE_PORT) : await freePort(),
    emulator,
  );
  // The server is stopped even when Chromium cannot start (it kept running after such a failure).
  const browser = await chromium
    .launch({ executablePath: '/usr/bin/chromium', args: [...CHROME_FLAGS, ...CHROME_EXTRA_ARGS] })
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  try {
    const cookie = await memberCookie(server.base, emulator);
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      await context.addCookies([{ name: 'sid', value: cookie.replace(/^sid=/, ''), url: server.base }]);
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      const profiling = Boolean(process.env.TRACE_PROFILE);
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await browser.startTracing(tab, {
        // TRACE_LIGHTHOUSE=1 records what Lighthouse records (stacks, screenshots; not the source
        // rundown, unless TRACE_EXTRA adds it), whose overhead is part of what Lighthouse times.
        categories: process.env.TRACE_LIGHTHOUSE
          ? [...LIGHTHOUSE_CATEGORIES, ...EXTRA_CATEGORIES]
          : [
              'devtools.timeline',
              'disabled-by-default-devtools.timeline',
              'v8.execute',
              'blink.user_timing',
              'loading',
              '__metadata',
              ...EXTRA_CATEGORIES,
            ],
      });
      await tab.goto(`${server.base}${page}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(1500);
      const buffer = await browser.stopTracing();
      const profile = profiling ? ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile : null;
      const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
      if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, buffer);
      console.log(`\n${page}, run ${run + 1}:`);
      summarise(traceEvents, profile ? sampler(profile) : undefined);
      if (profile) printProfile(profile);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
