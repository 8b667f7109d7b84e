import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from './browser';
import { answerEligibility, signInWithChooser } from './member-helpers';

// Referral codes on the sign-in page (issue 35, item 9): checked before the page says the code
// applies; an unknown code is said to be unknown, and after sign-in the member is told why it was not
// used. At the phone sizes of the issue (390×844 and 320×640).
const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SMALL_PHONE = { ...PHONE, viewport: { width: 320, height: 640 } };

describe('referral codes on the sign-in page', () => {
  it("a friend's code names the friend; an unknown one is not said to apply, and sign-in says why", async () => {
    // A referrer's real code, with their first name.
    const referrerContext = await newContext(browser, PHONE);
    const referrer = await referrerContext.newPage();
    await referrer.goto(`${baseUrl}/login`);
    await signInWithChooser(referrer, { name: 'Farah Khan', email: `farah-${Date.now()}@example.com` });
    await referrer.goto(`${baseUrl}/referrals`);
    const code = (await referrer.locator('.referral-code__value').textContent())!.trim();
    await referrerContext.close();

    for (const size of [PHONE, SMALL_PHONE]) {
      const context = await newContext(browser, size);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/?ref=${code}`);
      await page.getByText('Referral Code Applied').waitFor();
      expect(await page.getByText(/invited by Farah/).count()).toBe(1);

      await page.goto(`${baseUrl}/?ref=NOTACODE1`);
      await page.waitForURL(`${baseUrl}/login?ref=NOTACODE1`);
      await page.getByText("We couldn't find that code").waitFor();
      expect(await page.getByText('Referral Code Applied').count()).toBe(0);
      // The notice and the sign-in button both fit the phone's first screen.
      const button = await page.getByRole('button', { name: 'Continue with Google' }).boundingBox();
      expect(button!.y + button!.height).toBeLessThanOrEqual(size.viewport.height);

      // Said at once, over the first sign-in's questions (the toast sits above the dialog).
      await signInWithChooser(
        page,
        { name: 'Omar Newcomer', email: `omar-${size.viewport.width}-${Date.now()}@example.com` },
        false,
      );
      await page.getByText("Referral code NOTACODE1 wasn't applied").waitFor();
      expect(
        await page.getByText(/We couldn't find that code, so no free spin will come from it/).count(),
      ).toBe(1);
      await answerEligibility(page, 'Karnataka');
      await context.close();
    }
  });
});
