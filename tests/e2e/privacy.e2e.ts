import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE, screenshotsDir } from './browser';
import { answerEligibility, chooseAccount, axeViolations as axeViolationsOf } from './member-helpers';

// The privacy centre (issue 37, item 5), at 390×844: its public address asks a visitor to sign in and
// then opens; "Download my data" saves a JSON file of the member's record; the name is corrected;
// "Delete my account" says what is kept and why, asks for a confirmation, signs the member out, and the
// same Google account signing in again is a new member. axe-core finds nothing serious on the page
// or in its dialog. Screenshots at 320, 390 and 1280 px (privacy-centre-*.png, screenshotsDir).
const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const SHOTS = screenshotsDir('privacy');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** axe-core's serious and critical violations (tests/e2e/member-helpers.ts), with this suite's axe source. */
const axeViolations = (p: Page) => axeViolationsOf(p, AXE_SOURCE);

describe('the privacy centre', () => {
  it('downloads the member’s data, corrects the name, and deletes the account for good', async () => {
    const context = await browser.newContext({ ...PHONE, acceptDownloads: true });
    const page = await context.newPage();
    const who = { name: 'Priya Privacy', email: `privacy-${Date.now()}@example.com` };

    // The public address asks a visitor to sign in, then opens.
    await page.goto(`${baseUrl}/privacy-centre`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.waitForLoadState('networkidle');
    await chooseAccount(page, who);
    await page.waitForURL((url) => url.pathname === '/privacy-centre', { timeout: 30_000 });
    // A new member answers the first sign-in's questions first (issue 37, item 4).
    await answerEligibility(page, 'Karnataka');
    await page.getByRole('heading', { name: 'Privacy centre', level: 1 }).waitFor();
    expect(await axeViolations(page), 'axe on the privacy centre').toEqual([]);

    // Reached from the profile too.
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('link', { name: 'Open privacy centre' }).click();
    await page.waitForURL((url) => url.pathname === '/privacy-centre');
    await page.getByRole('button', { name: 'Download my data' }).waitFor();

    for (const [width, height] of [
      [320, 640],
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // Phones: the first screen (a full-page shot would paint the fixed tab bar mid-page).
      await page.screenshot({
        path: path.join(SHOTS, `privacy-centre-${width}.png`),
        fullPage: width >= 1024,
      });
    }

    // Download my data: a JSON file of the member's record.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^spinrewards-my-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.member).toMatchObject({ email: who.email, first_name: 'Priya', last_name: 'Privacy' });
    for (const key of ['clicks', 'conversions', 'spins', 'vouchers', 'claims', 'sessions', 'sightings'])
      expect(Array.isArray(data[key]), key).toBe(true);
    const oldId: number = data.member.user_id;

    // Correct my name.
    await page.getByLabel('First name').fill('Priyanka');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your name has been saved').waitFor();

    // Delete my account: what is kept and why, a confirmation, then signed out.
    // The toasts above (5 s each) gone first, so the screenshots show the section and the dialog.
    await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 15_000 });
    const deleteButton = page.getByRole('button', { name: 'Delete my account' });
    await deleteButton.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'privacy-centre-delete-section-390.png') });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText(/Kept without your name or email/).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete permanently' });
    expect(await confirm.isDisabled()).toBe(true);
    // The dialog's opening animation over: contrast is measured on the colours the member reads.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await axeViolations(page), 'axe on the deletion dialog').toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'privacy-centre-delete-390.png') });
    await dialog.getByLabel('I understand that my account is deleted permanently.').check();
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    // Signed out as a deletion, not as a block (the deletion blocks the id too: no 'blocked' event).
    expect(await page.getByText(/has been blocked/).count()).toBe(0);

    // Signed out: a member page asks to sign in again.
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL((url) => url.pathname === '/login');

    // The same Google account starts a new member.
    await page.waitForLoadState('networkidle');
    await chooseAccount(page, who);
    await page.waitForURL((url) => url.pathname === '/profile', { timeout: 30_000 });
    await answerEligibility(page, 'Karnataka');
    const memberId = page.locator('dt', { hasText: 'Member ID' }).locator('xpath=following-sibling::dd');
    await memberId.waitFor();
    const newId = Number((await memberId.textContent())!.replace('#', ''));
    expect(newId).toBeGreaterThan(0);
    expect(newId).not.toBe(oldId);
    await context.close();
  });
});
