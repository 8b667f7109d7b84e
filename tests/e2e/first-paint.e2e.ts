import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newContext, PHONE } from './browser';
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

describe('the fonts a server-rendered page sets up before its first layout', () => {
  /**
   * The strikes (family, weight, size) of every text `page` lays out as the parser hands it over:
   * the app's scripts are not loaded (so nothing hydrates or adds to the page), and text that
   * `content-visibility: auto` skips is not laid out. Keyed as the page's `data-fonts` list is.
   */
  async function laidOutStrikes(page: Page) {
    return page.evaluate(() => {
      const strikes: Record<string, Set<string>> = {};
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement!;
        if (!node.textContent!.trim() || element.closest('script, noscript')) continue;
        if (!element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) continue;
        const style = getComputedStyle(element);
        const family = style.fontFamily.replace(/"/g, "'");
        const strike = `${Number(style.fontWeight) >= 600 ? 'bold ' : ''}${style.fontStyle === 'italic' ? 'italic ' : ''}${style.fontSize}`;
        (strikes[family] ??= new Set()).add(strike);
      }
      return Object.fromEntries(Object.entries(strikes).map(([family, set]) => [family, [...set]]));
    });
  }

  it('lists every strike each page lays out at a phone’s and a desktop’s width, and no other', async () => {
    const sub = `fonts-${Date.now()}`;
    const { sid } = await signInMemberByApi(sub, `${sub}@example.com`, 'Font Tester');
    for (const path of ['/login', '/dashboard', '/referrals', '/rewards', '/profile']) {
      const laidOut: Record<string, Set<string>> = {};
      let listed: Record<string, string[]> = {};
      for (const size of [PHONE, DESKTOP]) {
        const context = await newContext(browser, size);
        await context.addCookies([{ name: 'sid', value: sid!, url: baseUrl }]);
        await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
        const page = await context.newPage();
        await page.goto(`${baseUrl}${path}`);
        listed = JSON.parse(
          (await page.locator('script[data-fonts]').getAttribute('data-fonts')) ?? '{}',
        ) as Record<string, string[]>;
        for (const [family, strikes] of Object.entries(await laidOutStrikes(page)))
          for (const strike of strikes) (laidOut[family] ??= new Set()).add(strike);
        await context.close();
      }
      const sorted = (m: Record<string, Iterable<string>>) =>
        Object.fromEntries(
          Object.entries(m)
            .map(([family, strikes]) => [family, [...strikes].sort()] as const)
            .sort(([a], [b]) => a.localeCompare(b)),
        );
      // A type-scale change that adds a strike adds it to server/lib/font-warm-up.ts too.
      expect(sorted(listed), path).toEqual(sorted(laidOut));
    }
  });
});
