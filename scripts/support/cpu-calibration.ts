// How fast this machine runs the work a page load is made of, for Lighthouse's CPU slowdown.
//
// Lighthouse's benchmarkIndex is a pure-JavaScript micro-benchmark. On the machines this project's CI
// runs on it does not follow what a page load costs: one machine reported an index of about 1,200,
// another about 2,400, and the same build's /login and /dashboard showed the same main-thread work on
// both (the second is not faster at style, layout, font lookups, module compilation or garbage
// collection, which are most of a page load). Dividing by the index would emulate a phone twice as
// slow on the second machine. So the slowdown comes from a reference workload of that mix instead,
// run in the same Chromium with the same flags, in a fresh page each time, median of several runs:
// build a card list with text in several sizes and weights, lay it out, then run JavaScript of the
// kind a framework runs (objects, closures, JSON, sorting). docs/decisions.md has the figures.
import { chromium } from 'playwright-core';

/** The reference workload, evaluated in a fresh page: returns its duration in ms. */
function referenceWorkload(): number {
  const start = performance.now();
  const list = document.createElement('div');
  document.body.append(list);
  const sizes = [12, 13, 14, 15, 16, 18, 22, 24];
  const weights = [400, 600, 700, 800];
  for (let i = 0; i < 240; i++) {
    const card = document.createElement('article');
    card.style.cssText =
      'display:flex;flex-direction:column;gap:6px;padding:12px;border:1px solid #ccc;border-radius:12px';
    for (let j = 0; j < 4; j++) {
      const p = document.createElement('p');
      p.textContent = `Card ${i} line ${j}: complete the offer and spin to win ₹${(i * 37 + j) % 500}`;
      p.style.cssText = `margin:0;font-family:system-ui,sans-serif;font-size:${sizes[(i + j) % sizes.length]}px;font-weight:${weights[(i * 3 + j) % weights.length]}`;
      card.append(p);
    }
    list.append(card);
    if (i % 40 === 39) void list.offsetHeight; // layout in steps, as a page's renders do
  }
  void list.offsetHeight;
  const rows = Array.from({ length: 20_000 }, (_, i) => ({
    id: i,
    title: `Offer ${i}`,
    amount: (i * 7919) % 1000,
  }));
  const json = JSON.stringify(rows);
  const parsed = JSON.parse(json) as typeof rows;
  parsed.sort((a, b) => a.amount - b.amount || a.id - b.id);
  const handlers = parsed.map((row) => () => row.amount * 2);
  let total = 0;
  for (const handler of handlers) total += handler();
  if (total < 0) throw new Error('unreachable');
  return performance.now() - start;
}

/**
 * The reference workload's median duration (ms) on this machine, unthrottled, in Debian's Chromium
 * with `flags`.
 */
export async function measureReferenceWorkload(
  executablePath: string,
  flags: string[],
  runs = 7,
): Promise<number> {
  const browser = await chromium.launch({ executablePath, args: flags });
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.setContent('<!doctype html><html lang="en"><body></body></html>');
      times.push(await page.evaluate(referenceWorkload));
      await context.close();
    }
    times.sort((a, b) => a - b);
    if (process.env.CALIBRATION_DEBUG) console.log(times.map((t) => t.toFixed(0)).join(' '));
    return times[Math.floor(times.length / 2)]!;
  } finally {
    await browser.close();
  }
}
