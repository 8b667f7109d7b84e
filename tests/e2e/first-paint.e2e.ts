import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from './browser';
import { signInMemberByApi } from './member-helpers';

// A direct visit to a server-rendered member page (the sign-in page, a member's dashboard) is on
// screen before the app's code loads: the entry script waits for the first contentful paint
// (member/src/lib/first-paint.ts), and the first screen of offers is painted with the page, not a frame
// later (styles.css, .offer-card).
const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The first contentful paint and every script the page fetched (the HTML's entry script apart). */
async function scriptsAroundFirstPaint(page: Page) {
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.endsWith('.js') && r.name !== entry)
      .map((r) => ({ path: new URL(r.name).pathname, startTime: r.startTime }));
    return { fcp, entry, scripts };
  });
}

describe('first paint of a direct visit', () => {
  it('the sign-in page is on screen before the app’s chunks are requested, and then works', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    // Hydrated: the app owns the button (its press opens the account chooser, not a held press).
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('dialog').waitFor();
    const { fcp, entry, scripts } = await scriptsAroundFirstPaint(page);
    expect(fcp).not.toBeNull();
    expect(entry).toMatch(/\/assets\/index-[\w-]+\.js$/);
    // React DOM, the libraries and the app: all of them after the paint.
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(scripts.filter((s) => s.startTime < fcp!)).toEqual([]);
    await context.close();
  });

  it('a member’s dashboard: the first row of offers is painted with the page, the app loads after it', async () => {
    const sub = `first-paint-${Date.now()}`;
    const { sid } = await signInMemberByApi(sub, `${sub}@example.com`, 'Paint Tester');
    expect(sid).toBeTruthy();
    const context = await newContext(browser, PHONE);
    await context.addCookies([{ name: 'sid', value: sid!, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    await page.locator('.offer-card').first().waitFor();
    // Each section's first row (up to three cards at the widest layout) is laid out and painted with
    // the page; the cards after it wait until they are scrolled near.
    const visibility = await page
      .locator('.offer-grid')
      .first()
      .locator('.offer-card')
      .evaluateAll((cards) => cards.slice(0, 5).map((c) => getComputedStyle(c).contentVisibility));
    expect(visibility).toEqual(['visible', 'visible', 'visible', 'auto', 'auto']);
    // The app's code loaded (React DOM, the libraries, the app, the dashboard's chunk), then the order.
    await page.waitForFunction(
      () =>
        performance.getEntriesByType('resource').filter((r) => /\/dashboard-[\w-]+\.js$/.test(r.name))
          .length > 0,
    );
    const { fcp, scripts } = await scriptsAroundFirstPaint(page);
    expect(fcp).not.toBeNull();
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(scripts.filter((s) => s.startTime < fcp!)).toEqual([]);
    await context.close();
  });
});
