import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

// Shared steps of the member end-to-end suites: sign-in through the demo account chooser, offers, spins.

export type Identity = { account: string } | { name: string; email: string };

/** Presses 'Continue with Google' and picks (or types) an account in the app's demo chooser. */
export async function chooseAccount(page: Page, who: Identity): Promise<void> {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const chooser = page.getByRole('dialog', { name: /Choose an account/ });
  await chooser.waitFor();
  if ('account' in who) {
    await chooser.getByRole('button', { name: new RegExp(who.account) }).click();
  } else {
    await chooser.getByLabel('Name').fill(who.name);
    await chooser.getByLabel('Email').fill(who.email);
    await chooser.getByRole('button', { name: 'Continue', exact: true }).click();
  }
}

/** Signs in through the demo chooser and lands on the dashboard. */
export async function signInWithChooser(page: Page, who: Identity): Promise<void> {
  await chooseAccount(page, who);
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
}

/** Starts the offer with this title: the partner page opens in a new tab; completes it there. */
export async function startAndCompleteOffer(
  context: BrowserContext,
  page: Page,
  title: string,
): Promise<void> {
  const card = page.locator('article', { has: page.getByRole('heading', { name: title, exact: true }) });
  const [partner] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('button', { name: 'Start Offer' }).click(),
  ]);
  await expect.poll(() => page.getByText(`${title} opened successfully!`).count()).toBeGreaterThan(0);
  await partner.waitForURL(/\/partner\/demo\//);
  await partner.getByRole('button', { name: 'Complete offer' }).click();
  await partner.waitForLoadState('load');
  await partner.close();
}

/** Plays the slot machine for the offer with this title; returns the voucher code or null for a miss. */
export async function spinOffer(page: Page, title: string): Promise<string | null> {
  const card = page.locator('article', { has: page.getByRole('heading', { name: title, exact: true }) });
  // The app does not refetch on focus: the member refreshes the offers.
  for (let i = 0; i < 10; i++) {
    if ((await card.getByRole('button', { name: 'Play Slot Machine!' }).count()) > 0) break;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(500);
  }
  await card.getByRole('button', { name: 'Play Slot Machine!' }).click();
  const dialog = page.getByRole('dialog', { name: 'Slot Machine' });
  await dialog.getByRole('button', { name: 'Spin Now' }).click();
  const result = dialog.getByTestId('spin-result');
  // The result panel appears 9 s after the response.
  await result.waitFor({ timeout: 20_000 });
  const text = (await result.textContent()) ?? '';
  let code: string | null = null;
  if (text.includes('You won')) {
    code = (await result.locator('.code-box__code').textContent())?.trim() ?? null;
  } else {
    expect(text).toContain('Better Luck Next Time');
  }
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.waitFor({ state: 'detached' });
  return code;
}

export async function offerTitles(page: Page): Promise<string[]> {
  const available = page.getByRole('region', { name: /Available Offers/ });
  await available.waitFor();
  return available.locator('article h3').allTextContents();
}

/**
 * The first visit installs the service worker; registerType 'prompt' means no clients.claim(), so
 * the page is controlled from the next navigation on. Waits for 'activated', then reloads.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<string> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null),
      {
        timeout: 30_000,
      },
    )
    .toBe('activated');
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  const handle = await page.waitForFunction(
    () => navigator.serviceWorker.controller?.scriptURL ?? null,
    undefined,
    {
      timeout: 15_000,
    },
  );
  return (await handle.jsonValue()) as string;
}
