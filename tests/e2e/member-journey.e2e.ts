import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from './browser';
import {
  offerTitles,
  signInWithChooser,
  spinOffer,
  startAndCompleteOffer,
  waitForServiceWorkerControl,
} from './member-helpers';

// The member journey against the real server (demo mode, Auth Emulator):
// referral link → sign-in → offer → partner → spin → voucher → offline; the referrer's free spin.
const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('member journey', () => {
  it(
    'referral, sign-in, offer, spin, voucher, copy, referrer free spin, offline rewards and dashboard',
    { timeout: 300_000 },
    async () => {
      // The referrer signs in once to learn their code.
      const referrerContext = await newContext(browser);
      const referrer = await referrerContext.newPage();
      await referrer.goto(`${baseUrl}/login`);
      await signInWithChooser(referrer, { account: 'Rahul Verma' });
      await referrer.goto(`${baseUrl}/referrals`);
      const code = (await referrer.locator('.referral-code__value').textContent())!.trim();
      expect(code).toMatch(/^[A-Za-z0-9]{4,}$/);

      // A friend opens the referral link on a phone.
      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/?ref=${code}`);
      await page.waitForURL(`${baseUrl}/login?ref=${code}`);
      await expect.poll(() => page.getByText('Referral Code Applied').count()).toBe(1);
      expect(await page.getByText(code, { exact: true }).count()).toBe(1);
      const email = `friend-${Date.now()}@example.com`;
      await signInWithChooser(page, { name: 'Priya Friend', email });
      expect(new URL(page.url()).search).toBe('');
      await expect.poll(() => page.getByText('Welcome to SpinRewards! 🎉').count()).toBe(1);
      await expect.poll(() => page.getByText('Referral code applied successfully! 🎯').count()).toBe(1);
      // Beside the welcome heading on a phone, Refresh keeps its icon (a squeezed flex item had none).
      const refreshIcon = page.getByRole('button', { name: 'Refresh', exact: true }).locator('svg');
      expect(await refreshIcon.boundingBox()).toMatchObject({ width: 18, height: 18 });

      // Offers until one wins (a win is at most 99% likely; the demo offers win most of the time).
      const titles = await offerTitles(page);
      expect(titles.length).toBeGreaterThan(0);
      let voucher: string | null = null;
      for (const title of titles.slice(0, 6)) {
        await startAndCompleteOffer(context, page, title);
        voucher = await spinOffer(page, title);
        if (voucher) break;
      }
      expect(voucher, 'no spin won in six offers').not.toBeNull();

      // The voucher is on the Rewards page and its code copies.
      await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Rewards' }).click();
      await page.waitForURL(/\/rewards$/);
      // The wallet's compact row opens to its code (issue 35, item 8).
      const row = page.locator('li.voucher--row', { hasText: voucher! });
      await row.waitFor();
      await row.getByRole('button', { expanded: false }).click();
      await page.getByText(voucher!, { exact: true }).waitFor();
      await page.getByRole('button', { name: `Copy Code ${voucher}` }).click();
      await expect.poll(() => page.getByText('Voucher code copied to clipboard!').count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(voucher);
      // The wallet: the voucher's expiry chip and date.
      const card = page.locator('li.voucher', { has: page.getByText(voucher!, { exact: true }) });
      expect(await card.locator('.voucher__expiry-chip').textContent()).toMatch(
        /^(Expires in \d+ days|Expires today|Expires tomorrow)$/,
      );
      expect(await card.getByText(/Valid until/).count()).toBe(1);

      // The referrer now has a free spin (the friend's first completion).
      await referrer.goto(`${baseUrl}/dashboard`);
      await referrer.getByRole('region', { name: 'Free spins' }).waitFor();
      expect(await referrer.getByText('You have 1 free spin!').count()).toBe(1);
      expect(await referrer.getByRole('link', { name: '1 Free Spin', exact: true }).count()).toBe(1);

      // Offline: the service worker serves the shell and IndexedDB the saved vouchers.
      await waitForServiceWorkerControl(page);
      await context.setOffline(true);
      await page.reload();
      const savedRow = page.locator('li.voucher--row', { hasText: voucher! });
      await savedRow.waitFor({ timeout: 20_000 });
      await savedRow.getByRole('button', { expanded: false }).click();
      await page.getByText(voucher!, { exact: true }).waitFor({ timeout: 20_000 });
      expect(await page.getByText("You're offline.", { exact: true }).count()).toBe(1);
      await page.getByRole('button', { name: `Copy Code ${voucher}` }).click();
      await expect.poll(() => page.getByText('Voucher code copied to clipboard!').count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Mark as used' }).first().isDisabled()).toBe(true);
      // The dashboard too: the saved offers, with the actions that need the server disabled.
      await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL(/\/dashboard$/);
      const untouched = titles[titles.length - 1]!;
      await page.getByRole('heading', { name: untouched }).waitFor({ timeout: 20_000 });
      expect(await page.getByText("You're offline.", { exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Start Offer' }).first().isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(true);
      await context.setOffline(false);

      await context.close();
      await referrerContext.close();
    },
  );
});
