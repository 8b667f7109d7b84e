// `npm --prefix tooling run first-layout`: what the first style and layout of a member's server-rendered dashboard
// cost in Debian's Chromium, without the app's scripts (the page as the parser hands it to the first
// frame), at Lighthouse's phone size. It loads the page FIRST_LAYOUT_RUNS times (12) in fresh tabs and
// prints the median wall-clock and CPU time of style (UpdateLayoutTree), layout and inline scripts.
// FIRST_LAYOUT_SAVE=file writes the page's HTML as the server sent it; FIRST_LAYOUT_VARIANTS=a.html,b.html
// measures edited copies of it in the same tabs, interleaved with the page itself, so that a change to the
// page's fonts, styles or markup can be weighed before it is built (docs/benchmarks.md, "Lighthouse").
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, memberCookie, startDemoServer } from '../support/demo-server';
import { freeEmulatorHost, freePort } from '../../server/lib/free-port';

const RUNS = Number(process.env.FIRST_LAYOUT_RUNS ?? 12);
const VARIANTS = (process.env.FIRST_LAYOUT_VARIANTS ?? '').split(',').filter(Boolean);

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string } };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const total = (events: TraceEvent[], name: string, clock: 'dur' | 'tdur') =>
  events
    .filter((e) => e.name === name && e.ph === 'X')
    // The page's own scripts (inline ones carry its address), not this script's evaluations in the tab.
    .filter((e) => e.name !== 'EvaluateScript' || e.args?.data?.url?.endsWith('/dashboard'))
    .reduce((s, e) => s + (e[clock] ?? 0), 0) / 1000;
const MEASURES = [
  ['style', 'UpdateLayoutTree'],
  ['layout', 'Layout'],
  ['inline scripts', 'EvaluateScript'],
] as const;

const emulatorHost = await freeEmulatorHost();
const server = await startDemoServer(await freePort(), emulatorHost);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS });
try {
  const cookie = await memberCookie(server.base, emulatorHost);
  const page = await (await fetch(`${server.base}/dashboard`, { headers: { cookie } })).text();
  if (process.env.FIRST_LAYOUT_SAVE) writeFileSync(process.env.FIRST_LAYOUT_SAVE, page);
  const pages = new Map([['the page', page], ...VARIANTS.map((f) => [f, readFileSync(f, 'utf8')] as const)]);
  const samples = new Map<string, number[][]>();
  for (let run = 0; run < RUNS; run++) {
    for (const [name, html] of pages) {
      // Lighthouse's phone: 412 × 823 CSS pixels at a device pixel ratio of 1.75.
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
      });
      const tab = await context.newPage();
      await tab.route('**/*', (route) => {
        if (route.request().resourceType() === 'document')
          return route.fulfill({ contentType: 'text/html', body: html });
        return route.request().resourceType() === 'script' ? route.abort() : route.continue();
      });
      const cdp = await context.newCDPSession(tab);
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
      await cdp.send('Tracing.start', {
        traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] },
      });
      await tab.goto(`${server.base}/dashboard`, { waitUntil: 'load' });
      await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
      const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await complete;
      const sample = MEASURES.flatMap(([, event]) => [
        total(events, event, 'dur'),
        total(events, event, 'tdur'),
      ]);
      samples.set(name, [...(samples.get(name) ?? []), sample]);
      await context.close();
    }
  }
  for (const [name, rows] of samples) {
    const figures = MEASURES.map(
      ([label], i) =>
        `${label} ${median(rows.map((r) => r[2 * i]!)).toFixed(1)} ms (CPU ${median(rows.map((r) => r[2 * i + 1]!)).toFixed(1)})`,
    );
    console.log(`first-layout: ${name}: ${figures.join(', ')}; median of ${rows.length}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
