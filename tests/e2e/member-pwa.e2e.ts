import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { waitForServiceWorkerControl } from './member-helpers';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('member PWA', () => {
  it('registers a service worker that controls the page, with the manifest linked', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    expect(await waitForServiceWorkerControl(page)).toBe(`${baseUrl}/sw.js`);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(new URL(manifestHref!, baseUrl).href)).json();
    expect(manifest).toMatchObject({ name: 'SpinRewards', short_name: 'SpinRewards' });
    await context.close();
  });

  it('leaves /api/ and /partner/ to the server even once the service worker controls the page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await waitForServiceWorkerControl(page);
    const res = await page.goto(`${baseUrl}/api/client-config.json`);
    expect(res!.headers()['content-type']).toContain('application/json');
    await page.goto(`${baseUrl}/partner/demo/none?click_id=nope`);
    expect(await page.getByText('Unknown click').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await context.close();
  });
});
