import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from './browser';
import { offerTitles, signInWithChooser } from './member-helpers';

// The return moment (issue 35, item 2): the member leaves the app for the partner's tab, the partner
// confirms while the app is hidden, and on return a banner names it ("… confirmed") with Spin now, the
// card is brought into view and lit, and nothing was lost to a 5-second toast shown to nobody.
// Headless Chromium reports every page as visible, so the app's page is hidden and shown by the test:
// `document.visibilityState` answers what the test sets, and `visibilitychange` fires as a browser's does.
const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CONTROLLED_VISIBILITY = `
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get() { return window.__e2eVisibility ?? 'visible'; },
  });
  Object.defineProperty(Document.prototype, 'hidden', {
    configurable: true,
    get() { return (window.__e2eVisibility ?? 'visible') === 'hidden'; },
  });`;

async function setVisibility(page: Page, state: 'visible' | 'hidden') {
  await page.evaluate((s) => {
    (window as unknown as { __e2eVisibility: string }).__e2eVisibility = s;
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** Starts the offer on its card; returns the partner tab's address (click id and member) and closes it. */
async function startOffer(context: BrowserContext, page: Page, title: string): Promise<URL> {
  const card = page.locator('article', { has: page.getByRole('heading', { name: title, exact: true }) });
  const [partner] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('button', { name: 'Start Offer' }).click(),
  ]);
  await partner.waitForURL(/\/partner\/demo\//);
  const url = new URL(partner.url());
  await partner.close();
  return url;
}

/** The demo partner's completion, sent as its page's form would (from outside the browser). */
async function completeAtPartner(partnerUrl: URL) {
  const res = await fetch(`${baseUrl}/partner/demo/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      click_id: partnerUrl.searchParams.get('click_id') ?? '',
      member: partnerUrl.searchParams.get('ext_user_id') ?? '',
      status: 'approved',
    }),
  });
  expect(res.status).toBe(200);
}

async function expectReturnMoment(page: Page, title: string, height: number) {
  const banner = page.getByRole('status').filter({ hasText: `${title} confirmed` });
  await banner.waitFor({ timeout: 30_000 });
  const card = page.locator(`article.offer-card--highlight`, {
    has: page.getByRole('heading', { name: title, exact: true }),
  });
  await card.waitFor();
  // Brought into view: the card's heading is on the phone's screen.
  await expect
    .poll(async () => {
      const box = await card.getByRole('heading', { name: title, exact: true }).boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= height;
    })
    .toBe(true);
  // Said by the banner, not by a toast that fired while nobody looked.
  expect(await page.getByText(`${title} confirmed — your spin is ready!`).count()).toBe(0);
  await banner.getByRole('button', { name: 'Spin now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Slot Machine' });
  await dialog.waitFor();
  expect(await dialog.getByText(title).count()).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
}

describe('the return moment', () => {
  for (const size of [PHONE, { ...PHONE, viewport: { width: 320, height: 640 } }]) {
    it(`at ${size.viewport.width} px: a confirmation while the app is hidden is shown on return, also after a reconnect`, async () => {
      const context = await newContext(browser, size);
      await context.addInitScript(CONTROLLED_VISIBILITY);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      await signInWithChooser(page, {
        name: 'Ravi Return',
        email: `return-${size.viewport.width}-${Date.now()}@example.com`,
      });
      const titles = await offerTitles(page);
      // The last offers: far down the page, so bringing the card into view is needed.
      const [first, second] = titles.slice(-2);

      // 1. The live event arrives while the app is hidden.
      const partner = await startOffer(context, page, first!);
      await setVisibility(page, 'hidden');
      await completeAtPartner(partner);
      await page.waitForTimeout(2500);
      await setVisibility(page, 'visible');
      await expectReturnMoment(page, first!, size.viewport.height);

      // 2. The connection drops while the app is hidden: the news comes with the reconnect's refetch.
      const partner2 = await startOffer(context, page, second!);
      await setVisibility(page, 'hidden');
      await context.setOffline(true);
      await completeAtPartner(partner2);
      await page.waitForTimeout(1500);
      await context.setOffline(false);
      await setVisibility(page, 'visible');
      await expectReturnMoment(page, second!, size.viewport.height);
      await context.close();
    });
  }
});
