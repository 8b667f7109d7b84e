import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations as axeViolationsOf } from './member-helpers';
import { launchBrowser, screenshotsDir } from './browser';

// Issue 36, "what waits, first", in Chromium at 1280×720 and 1440×900 against the real server in demo
// mode: needs-attention lists its sections by their impact on members (owed prizes and stock, claims
// waiting with their age, held rewards, reversals, refused postbacks, win-rate drift, expiring codes),
// a waiting claim opens its page; the menu counts claims; the Add New Vouchers dialog suggests the
// brands in stock and names repeated codes. axe-core finds no serious or critical violation.
// Screenshots go to E2E_SCREENSHOTS_DIR (docs/screenshots when asked) or a temporary folder.

const baseUrl = inject('baseUrl');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = screenshotsDir('attention');
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;
/** The panel's sections in the order of their impact on members (admin/src/dashboard/attention-panel.tsx). */
const ORDER = [
  'Owed prizes and voucher stock',
  'Claims waiting',
  'Held rewards',
  'Reversals piling up',
  'Refused postbacks, last 24 h',
  'Win rates',
  'Expiring unassigned',
];

let browser: Browser;

/** axe-core's serious and critical violations (tests/e2e/member-helpers.ts), with this suite's axe source. */
const axeViolations = (p: Page) => axeViolationsOf(p, AXE_SOURCE);

async function expectAccessible(p: Page, where: string) {
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await axeViolations(p), `axe-core serious/critical violations on ${where}`).toEqual([]);
}

async function settle(p: Page) {
  await p.waitForLoadState('networkidle');
  await p.locator('h1').first().waitFor({ timeout: 15_000 });
  await p.waitForTimeout(250);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(SIZES)('what waits, first, at $width×$height (issue 36)', (size) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: size, bypassCSP: true });
    page = await context.newPage();
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(inject('adminUsername'));
    await page.getByLabel('Password').fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('orders needs-attention by impact on members; a waiting claim opens its page', async () => {
    await settle(page);
    const panel = page.getByRole('region', { name: 'Needs attention' });
    await panel.getByRole('heading', { level: 3 }).first().waitFor({ timeout: 20_000 });
    const headings = (await panel.getByRole('heading', { level: 3 }).allTextContents()).filter((h) =>
      ORDER.includes(h),
    );
    // The sections shown keep the order, whichever the demo's data flags.
    expect(headings).toEqual(ORDER.filter((h) => headings.includes(h)));
    // The demo's members have claims waiting: each of the oldest with its age.
    const claims = panel.getByRole('region', { name: 'Claims waiting' });
    const first = claims.getByRole('link', { name: /^Claim #\d+: .+, waiting \d+ (min|h|d)$/ }).first();
    await first.waitFor();
    // Expiring codes: one line per brand.
    const expiring = panel.getByRole('region', { name: 'Expiring unassigned' });
    if ((await expiring.count()) > 0) {
      const brands = (await expiring.getByRole('link').allTextContents()).map((t) => t.split(' (')[0]);
      expect(new Set(brands).size).toBe(brands.length);
    }
    // The menu counts the claims waiting beside Claims.
    const claimsItem = page.getByRole('menuitem', { name: /Claims$/ });
    expect(await claimsItem.textContent()).toMatch(/^\d+Claims$/);
    await expectAccessible(page, 'the dashboard');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `admin-attention-${size.width}.png`) });

    const name = (await first.textContent())!;
    const id = /^Claim #(\d+)/.exec(name)![1];
    await first.click();
    await page.waitForURL(`${baseUrl}/admin/claims/${id}/show`);
    await settle(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Claim #${id}`);
  });

  it('Add New Vouchers suggests the brands in stock and names repeated codes', async () => {
    await page.goto(`${baseUrl}/admin/vouchers`);
    await settle(page);
    await page.getByRole('button', { name: 'Add Vouchers' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Vouchers' });
    await dialog.waitFor();
    const brand = dialog.getByRole('combobox', { name: /^Brand/ });
    await brand.fill('a');
    const option = page.getByRole('option').first();
    await option.waitFor();
    const suggested = (await option.textContent())!;
    await option.click();
    expect(await brand.inputValue()).toBe(suggested);
    await dialog.getByLabel(/^Amount/).fill('50');
    const tomorrow = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel(/^Expiry date/).fill(tomorrow);
    await dialog.getByLabel(/^Voucher codes/).fill(`E2E-A\nE2E-B\nE2E-A`);
    await dialog.getByRole('button', { name: 'Add Vouchers' }).click();
    const alert = dialog.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('Duplicate voucher codes found in your inputRepeated: E2E-A');
    await expectAccessible(page, 'the Add New Vouchers dialog');
    await page.screenshot({ path: path.join(SHOTS, `admin-add-vouchers-${size.width}.png`) });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the audit log reads in sentences', async () => {
    await page.goto(`${baseUrl}/admin/audit-log`);
    await settle(page);
    await page.locator('tbody tr').first().waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'the audit log');
    await page.screenshot({ path: path.join(SHOTS, `admin-audit-sentences-${size.width}.png`) });
  });
});
