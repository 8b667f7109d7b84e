// How much to slow this machine's CPU down so that a Lighthouse run emulates the same phone wherever
// it runs: Lighthouse's own calibration. Lighthouse measures the host with its benchmarkIndex (a
// string-building and an array-copying loop, `computeBenchmarkIndex` in
// lighthouse/core/lib/page-functions.js) and its documentation (docs/throttling.md, "CPU throttling")
// maps that index to a slowdown with the calculator below. The index is measured in the very Chromium
// the audit uses, right before each run, so a machine that is busy at that moment (a lower index) gets
// a smaller slowdown for that run instead of a phone that is slower than the one meant.
//
// An earlier version timed a page-load-like reference workload instead; on two machines of this
// project's kind it took 245–275 ms and 58–132 ms, a factor of three, where the index moved from about
// 2,400 to about 2,800 (docs/decisions.md, "Lighthouse's CPU slowdown").
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';

/**
 * Lighthouse's CPU-throttling calculator (patrickhulce/lighthouse-cpu-throttling-calculator, linked
 * from Lighthouse's docs/throttling.md): 150 → 1x, 800 → 2x, 1300 → 3x, then one more x every 233.
 */
export function slowdownForBenchmarkIndex(index: number): number {
  if (!Number.isFinite(index) || index <= 150) return 1;
  const x =
    index >= 1300
      ? 3 + (index - 1300) / 233
      : index >= 800
        ? 2 + (index - 800) / 500
        : 1 + (index - 150) / 650;
  return Math.round(x * 100) / 100;
}

/**
 * Lighthouse's benchmarkIndex of this host, measured `samples` times in a fresh tab of the Chromium
 * listening on `port` (the one the audits drive); the median.
 */
export async function measureBenchmarkIndex(port: number, samples = 3): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    try {
      const values: number[] = [];
      for (let i = 0; i < samples; i++) values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
      values.sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)]!;
    } finally {
      await page.close();
    }
  } finally {
    // Disconnects only: the browser belongs to the caller.
    await browser.close();
  }
}
