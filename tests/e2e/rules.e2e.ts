import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE, screenshotsDir } from './browser';
import {
  answerEligibility,
  chooseAccount,
  signInWithChooser,
  axeViolations as axeViolationsOf,
} from './member-helpers';
import { DEFAULT_SLOT_CONFIG, parseSlotConfig, tableOdds } from '../../shared/slot';
import { UNDER_AGE_MESSAGE } from '../../shared/fair-play';

// Fair play (issue 37), in Chromium at 390×844: the official rules show each offer's odds equal to
// its table; the daily free spin; the first sign-in's questions (18 or older and the state; under 18
// ends the sign-up and keeps no account; an excluded state is told and gets no spins); the new pages
// pass axe-core (no serious or critical violations), and their screenshots at 320, 390 and 1280 px.
const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = screenshotsDir('rules');
const PAGES = ['/rules', '/terms', '/privacy', '/help'] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** axe-core's serious and critical violations (tests/e2e/member-helpers.ts), with this suite's axe source. */
const axeViolations = (p: Page) => axeViolationsOf(p, AXE_SOURCE);

const percent = (n: number) => `${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

describe('official rules, eligibility and the daily free spin (390×844)', () => {
  it('the rules page shows every offer with odds equal to its table', { timeout: 120_000 }, async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await signInWithChooser(page, { name: 'Rhea Rules', email: `rules-${Date.now()}@example.com` });
    const offers = (await (await page.request.get(`${baseUrl}/api/offers.php`)).json()) as {
      offers: { offer_id: number; title: string; slot_config: unknown }[];
    };
    expect(offers.offers.length).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/rules`);
    await page.getByRole('heading', { name: 'Official Rules', level: 1 }).waitFor();
    await page.getByText(/Last changed/).waitFor();
    for (const offer of offers.offers) {
      const own = parseSlotConfig(offer.slot_config);
      const table = own && own.reels.length > 0 ? own : DEFAULT_SLOT_CONFIG;
      const odds = tableOdds(table);
      const block = page.getByTestId(`rules-offer-${offer.offer_id}`);
      await expect.poll(() => block.getByRole('heading').textContent()).toBe(offer.title);
      const rows = await block
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [
            tr.querySelector('th')!.textContent!.trim(),
            tr.querySelector('td')!.textContent!.trim(),
          ]),
        );
      const expected = [
        ...odds.prizes.map((p) => [`₹${p.amount.toLocaleString('en-IN')} voucher`, percent(p.percent)]),
        ['Try again (no prize)', percent(odds.tryAgain)],
      ];
      expect(rows, `${offer.title}'s odds on /rules`).toEqual(expected);
    }
    expect(await axeViolations(page), 'axe on /rules (signed in)').toEqual([]);
    await context.close();
  });

  it('a member claims the daily free spin once a day, without any offer', { timeout: 120_000 }, async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await signInWithChooser(page, { name: 'Dev Daily', email: `daily-${Date.now()}@example.com` });
    await page.goto(`${baseUrl}/rules`);
    const status = page.getByTestId('daily-spin-status');
    await expect.poll(() => status.textContent()).toBe('1 free spin left today.');
    await page.getByRole('button', { name: "Claim today's free spin" }).click();
    const result = page.getByTestId('daily-spin-result');
    await expect
      .poll(() => result.textContent(), { timeout: 15_000 })
      .toMatch(/You won|No prize this time|on its way/);
    await expect.poll(() => status.textContent()).toBe("You've used today's free spin. Come back tomorrow.");
    expect(await page.getByRole('button', { name: "Claim today's free spin" }).isDisabled()).toBe(true);
    await context.close();
  });

  it(
    'under 18 ends the sign-up with a clear message and keeps no account',
    { timeout: 120_000 },
    async () => {
      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      const who = { name: 'Mira Minor', email: `minor-${Date.now()}@example.com` };
      await page.goto(`${baseUrl}/login`);
      await signInWithChooser(page, who, false);
      const dialog = page.getByRole('dialog', { name: 'Before you start' });
      await dialog.waitFor();
      expect(await axeViolations(page), 'axe on the first sign-in questions').toEqual([]);
      await page.screenshot({ path: `${SHOTS}/eligibility-390.png` });
      await dialog.getByLabel('I am under 18').check();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(UNDER_AGE_MESSAGE);
      expect((await page.request.get(`${baseUrl}/api/user-stats.php`)).status()).toBe(401);
      // The same Google account later starts afresh: asked again, as a new member.
      const asked = page.waitForResponse((r) => r.url().endsWith('/api/eligibility.php'));
      await chooseAccount(page, who);
      expect(((await (await asked).json()) as { eligibility: { needs: string } }).eligibility.needs).toBe(
        'eligibility',
      );
      await context.close();
    },
  );

  it('a member in an excluded state is told, and gets no spins', { timeout: 120_000 }, async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await signInWithChooser(page, { name: 'Asha Assam', email: `assam-${Date.now()}@example.com` }, false);
    await answerEligibility(page, 'Assam');
    await expect
      .poll(() => page.getByTestId('excluded-notice').textContent())
      .toMatch(/Spins are not offered in Assam/);
    await page.screenshot({ path: `${SHOTS}/excluded-notice-390.png` });
    const spin = await page.request.post(`${baseUrl}/api/slot-spin.php`, { data: { spinType: 'free' } });
    expect(spin.status()).toBe(403);
    await page.goto(`${baseUrl}/rules`);
    await expect
      .poll(() => page.getByTestId('daily-spin-status').textContent())
      .toBe('Spins are not offered in Assam.');
    expect(await page.getByRole('button', { name: "Claim today's free spin" }).isDisabled()).toBe(true);
    await context.close();
  });

  it(
    'the public pages pass axe and are photographed at 320, 390 and 1280 px',
    { timeout: 180_000 },
    async () => {
      for (const width of [320, 390, 1280]) {
        const context = await newContext(
          browser,
          width === 1280
            ? { viewport: { width: 1280, height: 800 } }
            : { ...PHONE, viewport: { width, height: 844 } },
        );
        const page = await context.newPage();
        for (const path of PAGES) {
          await page.goto(`${baseUrl}${path}`);
          await page.locator('h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          await page
            .locator('.state--loading')
            .waitFor({ state: 'detached' })
            .catch(() => {});
          if (width === 390) expect(await axeViolations(page), `axe on ${path}`).toEqual([]);
          // No sideways scrolling at any width.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.screenshot({
            path: `${SHOTS}/${path.slice(1)}-${width}.png`,
            fullPage: true,
          });
        }
        await context.close();
      }
    },
  );

  it('the sign-in card links the terms and the privacy policy, and the 404 page gives the support contact', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await page.goto(`${baseUrl}/no-such-page`);
    await expect.poll(() => page.getByTestId('support-contact').textContent()).toMatch(/@/);
    await context.close();
  });
});
